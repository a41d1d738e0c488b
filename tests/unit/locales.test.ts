import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleFolder, LANGUAGES, NAMESPACES } from "~/i18n/languages";

function keysOf(node: unknown, prefix = ""): string[] {
  if (!node || typeof node !== "object" || Array.isArray(node)) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * A plural key counts once, by its base: each language has the forms its own plural rules need (Japanese
 * only "other", French also "many"), which tests/unit/plural-forms.test.ts checks.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const keySetOf = (node: unknown) => new Set(keysOf(node).map((key) => key.replace(PLURAL_SUFFIX, "_<plural>")));

function load(lang: (typeof LANGUAGES)[number], ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join("public/locales", bundleFolder(lang), `${ns}.json`), "utf8"));
}

describe("translation bundles", () => {
  for (const ns of NAMESPACES) {
    const english = keySetOf(load("us-en", ns));
    for (const lang of LANGUAGES.filter((l) => l !== "us-en")) {
      it(`${lang}/${ns} has exactly the English key set`, () => {
        const keys = keySetOf(load(lang, ns));
        expect([...english].filter((k) => !keys.has(k)), "missing keys").toEqual([]);
        expect([...keys].filter((k) => !english.has(k)), "keys English does not have").toEqual([]);
      });
    }
  }
});
