import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { bundleFolder, LANGUAGES, NAMESPACES } from "~/i18n/languages";

/**
 * Every count the site shows goes through the language's plural rules: a text that names a count
 * ({{count}}, or {{number}} for a formatted one) is a plural key, and each plural key has every form the
 * language has (French, Spanish and Portuguese have a third, "many", for round millions: "1 000 000 d'outils";
 * i18next shows the bare key when a form is missing).
 */
const SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1000, 1_000_000, 2_000_000];

function flatten(node: unknown, prefix = ""): Array<[string, string]> {
  if (typeof node === "string") return [[prefix, node]];
  if (typeof node !== "object" || node === null || Array.isArray(node)) return [];
  return Object.entries(node).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
}

function bundle(lang: (typeof LANGUAGES)[number], ns: string): Record<string, unknown> | null {
  const file = path.join("public/locales", bundleFolder(lang), `${ns}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
}

describe("counts follow each language's plural rules", () => {
  for (const lang of LANGUAGES) {
    it(`every counted text of ${lang} is a plural key with all of the language's forms`, () => {
      const categories = new Intl.PluralRules(bundleFolder(lang)).resolvedOptions().pluralCategories;
      const problems: string[] = [];
      for (const ns of NAMESPACES) {
        const strings = bundle(lang, ns);
        if (!strings) continue;
        const entries = flatten(strings);
        const keys = new Set(entries.map(([key]) => key));
        const bases = new Set<string>();
        for (const [key, text] of entries) {
          if (SUFFIX.test(key)) bases.add(key.replace(SUFFIX, ""));
          else if (/\{\{(count|number)\}\}/.test(text)) problems.push(`${ns}:${key} names a count but has no plural forms`);
        }
        for (const base of bases) {
          for (const category of categories) if (!keys.has(`${base}_${category}`)) problems.push(`${ns}:${base}_${category} is missing`);
        }
      }
      expect(problems).toEqual([]);
    });

    it(`writes every plural key of ${lang} for every count`, () => {
      const loaded = Object.fromEntries(NAMESPACES.flatMap((ns) => (bundle(lang, ns) ? [[ns, bundle(lang, ns)!]] : [])));
      const i18n = createI18n(lang, loaded);
      const problems: string[] = [];
      for (const ns of Object.keys(loaded)) {
        const bases = new Set(flatten(loaded[ns]).map(([key]) => key).filter((key) => SUFFIX.test(key)).map((key) => key.replace(SUFFIX, "")));
        for (const base of bases) {
          for (const count of COUNTS) {
            const text = i18n.t(base, { ns, count, number: String(count), name: "X", category: "Y" });
            if (text === base) problems.push(`${ns}:${base} with ${count}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
