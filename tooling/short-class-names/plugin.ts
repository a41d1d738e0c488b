import fs from "node:fs";
import path from "node:path";
import MagicString from "magic-string";
import type { Plugin } from "vite";
import { analyzeModule } from "./analyze";
import { shortenCss } from "./css";
import { mentions, planShortNames, wordsOf, type ShortNames } from "./plan";

/**
 * Production builds give the class names of the app's markup short names, in its code and its stylesheet
 * alike (decision 0044): `inline-flex items-center rounded-lg` becomes `B C Ab`. Class attributes were a
 * sixth of a list page's HTML. What may be shortened is decided once from the source files (`plan.ts`);
 * the code's class texts are rewritten before anything else sees them, the stylesheet after Tailwind has
 * built it and before it is hashed, so a change of names gives the files new names. Development keeps the
 * names as written.
 */
const CODE = /\.(ts|tsx|js|jsx|mjs)$/;
/**
 * Code outside the app that serves pages or reads them (browser tests, benchmarks): a class name in its
 * strings keeps its name. Unit and integration tests run against the source, where nothing is shortened.
 */
const OTHER_CODE = ["server", "server.js", "tests/e2e", "tests/role-matrix", "tests/support", "bench"];
/** Classes libraries add themselves (React Router's NavLink). */
const LIBRARY_CLASSES = ["active", "pending", "transitioning"];

export function shortClassNames(root: string): Plugin[] {
  const app = path.join(root, "app") + path.sep;
  let names: ShortNames | null = null;
  const plan = (): ShortNames => {
    if (names) return names;
    const classModules = filesUnder(app).map((file) => analyzeModule(fs.readFileSync(file, "utf8"), file));
    const otherModules = OTHER_CODE.flatMap((entry) => filesUnder(path.join(root, entry))).map((file) => analyzeModule(fs.readFileSync(file, "utf8"), file));
    names = planShortNames(classModules, otherModules, LIBRARY_CLASSES);
    return names;
  };
  return [
    {
      name: "short-class-names:code",
      apply: "build",
      enforce: "pre",
      transform(code, id) {
        const file = id.split("?")[0]!;
        if (!file.startsWith(app) || !CODE.test(file) || file.includes("/node_modules/")) return null;
        const shortNames = plan();
        const analysis = analyzeModule(code, file);
        const out = new MagicString(code);
        for (const piece of analysis.classPieces) {
          for (const word of wordsOf(piece)) {
            const short = shortNames.get(word.text);
            if (!short) continue;
            if (word.open || !piece.exact) this.error(`short class names: "${word.text}" in ${file} is not a whole class text`);
            out.overwrite(word.start, word.end, short);
          }
        }
        // The plan read the files on disk; a module seen differently here would mix long and short names.
        for (const piece of analysis.otherPieces) {
          for (const name of piece.text.split(/[^A-Za-z0-9_:/[\]().%!#&>~+*=,@'-]+/)) {
            if (shortNames.has(name) && mentions(piece.text, name)) this.error(`short class names: "${name}" in ${file} is read as a class and as other text`);
          }
        }
        return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true, source: file }) } : null;
      },
    },
    {
      // After Tailwind and Vite's CSS compilation, before the stylesheet is bundled, minified and hashed.
      name: "short-class-names:css",
      apply: "build",
      transform(code, id) {
        const file = id.split("?")[0]!;
        if (!file.startsWith(app) || !file.endsWith(".css")) return null;
        return { code: shortenCss(code, plan()), map: null };
      },
    },
  ];
}

function filesUnder(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return CODE.test(entry) ? [entry] : [];
  return fs
    .readdirSync(entry, { withFileTypes: true, recursive: true })
    .filter((dirent) => dirent.isFile() && CODE.test(dirent.name) && !path.join(dirent.parentPath, dirent.name).includes(`${path.sep}node_modules${path.sep}`))
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .sort();
}
