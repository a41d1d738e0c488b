import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";

/**
 * Brand marks from maintained, permissively licensed icon packages, drawn into a tool's logo at import
 * time instead of its initials. The catalogue names the package, the icon and the package's licence for
 * each tool that has one (`logo` in seed/catalog/FORMAT.md); an icon the installed package lacks falls
 * back to the initials tile.
 */
export const BRAND_ICON_SOURCES = {
  "@lobehub/icons-static-svg": { license: "MIT" },
  "simple-icons": { license: "CC0-1.0" },
} as const;
export type BrandIconSource = keyof typeof BRAND_ICON_SOURCES;

export const brandIconSchema = z
  .object({
    source: z.enum(Object.keys(BRAND_ICON_SOURCES) as [BrandIconSource, ...BrandIconSource[]]),
    icon: z.string().regex(/^[a-z0-9-]{1,80}$/, "must be an icon file name such as openai"),
    license: z.string().min(1).max(40),
  })
  .refine((logo) => logo.license === BRAND_ICON_SOURCES[logo.source].license, {
    message: "must be the license of the icon package",
    path: ["license"],
  });
export type BrandIcon = z.infer<typeof brandIconSchema>;

const require = createRequire(import.meta.url);

/** A file of an installed package by its public path, or null when the package does not have it. */
function resolveFile(specifier: string): string | null {
  try {
    const file = require.resolve(specifier);
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** The mark to draw: the icon's inner markup, its viewBox and the colour for parts without their own. */
export interface BrandMark {
  viewBox: string;
  body: string;
  color: string;
}

let simpleIconColors: Map<string, string> | undefined;
function simpleIconColor(slug: string): string | undefined {
  simpleIconColors ??= new Map(
    (JSON.parse(fs.readFileSync(resolveFile("simple-icons/icons.json") ?? "", "utf8")) as Array<{ slug?: string; title: string; hex: string }>)
      .filter((icon) => icon.slug)
      .map((icon) => [icon.slug!, `#${icon.hex}`]),
  );
  return simpleIconColors.get(slug);
}

/** The SVG file of an icon: LobeHub's coloured variant where there is one, its monochrome one otherwise. */
function iconFile(logo: BrandIcon): string | null {
  if (logo.source === "simple-icons") return resolveFile(`simple-icons/icons/${logo.icon}.svg`);
  const root = resolveFile(`${logo.source}/package.json`);
  if (!root) return null;
  return [`${logo.icon}-color`, logo.icon].map((name) => path.join(path.dirname(root), "icons", `${name}.svg`)).find((file) => fs.existsSync(file)) ?? null;
}

/** The brand mark of `logo`, or null when the installed package has no such icon. */
export function brandMark(logo: BrandIcon, fallbackColor: string): BrandMark | null {
  const file = iconFile(logo);
  if (!file) return null;
  const svg = fs.readFileSync(file, "utf8");
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg);
  if (!root) return null;
  const viewBox = /viewBox="([^"]+)"/.exec(root[1]!)?.[1] ?? "0 0 24 24";
  // The title is for screen readers of the standalone file; the tile's alt text names the tool.
  const body = root[2]!.replace(/<title>[\s\S]*?<\/title>/, "");
  const color = (logo.source === "simple-icons" ? simpleIconColor(logo.icon) : undefined) ?? fallbackColor;
  return { viewBox, body, color };
}
