import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cache = new Map<string, string | null>();

/**
 * The drawing of a category's Lucide icon (the one its pages show) as SVG elements on a 24x24 grid, for
 * pictures drawn on the server, or null when the installed icon set has no such icon. Read from the icon's
 * module file, which lists its elements as data.
 */
export function categoryGlyph(icon: string): string | null {
  if (!/^[a-z0-9-]{1,60}$/.test(icon)) return null;
  if (cache.has(icon)) return cache.get(icon)!;
  let glyph: string | null;
  try {
    const source = fs.readFileSync(require.resolve(`lucide-react/icons/${icon}`), "utf8");
    const elements = [...source.matchAll(/\[\s*"(path|circle|rect|line|polyline|polygon|ellipse)",\s*\{([^}]*)\}\s*\]/g)].map(([, tag, body]) => {
      const attributes = [...body!.matchAll(/(\w+):\s*"([^"]*)"/g)].filter(([, name]) => name !== "key").map(([, name, value]) => `${name}="${value}"`);
      return `<${tag} ${attributes.join(" ")}/>`;
    });
    glyph = elements.length ? elements.join("") : null;
  } catch {
    glyph = null;
  }
  cache.set(icon, glyph);
  return glyph;
}
