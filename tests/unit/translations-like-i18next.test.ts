import fs from "node:fs";
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- i18next is the reference the pages' texts are compared with
import i18next, { type i18n } from "i18next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createI18n } from "~/i18n/instance";
import { bundleFolder, LANGUAGES, NAMESPACES, type Lang } from "~/i18n/languages";

/**
 * The pages' texts (app/i18n/instance.ts) replaced i18next to keep 16 KB (gzip) off every page; these tests
 * ask both for every key of every bundle in every language, with the options the site passes (counts,
 * placeholder values, missing values), and expect the same text.
 */
const SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1_000_000];

function flatten(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  if (typeof node !== "object" || node === null) return [];
  return [prefix, ...Object.entries(node).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key))].filter(Boolean);
}

function bundles(lang: Lang): Record<string, Record<string, unknown>> {
  const loaded: Record<string, Record<string, unknown>> = {};
  for (const ns of NAMESPACES) {
    const file = path.join("public/locales", bundleFolder(lang), `${ns}.json`);
    if (fs.existsSync(file)) loaded[ns] = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  }
  return loaded;
}

/** i18next as the pages were set up with it before (the options of the replaced instance.ts). */
function reference(lang: Lang, loaded: Record<string, Record<string, unknown>>): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: bundleFolder(lang),
    fallbackLng: false,
    resources: { [bundleFolder(lang)]: structuredClone(loaded) },
    ns: Object.keys(loaded),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Values for a text's placeholders: each one named, and variants with one left out or passed empty. */
function optionSets(text: string): Array<Record<string, unknown>> {
  const names = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim());
  const all = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 1234 : `v${i} {{x}}`]));
  const sets: Array<Record<string, unknown>> = [{}, all];
  if (names.length) sets.push({ ...all, [names[0]!]: undefined }, { ...all, [names[0]!]: null });
  return sets;
}

beforeAll(() => {
  // Both answer a missing key with a warning; the texts are what is compared.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

describe("the pages' texts read as i18next wrote them", () => {
  for (const lang of LANGUAGES) {
    it(`gives i18next's text for every key of ${lang}`, () => {
      const loaded = bundles(lang);
      const ours = createI18n(lang, loaded);
      const theirs = reference(lang, loaded);
      let compared = 0;
      const differences: string[] = [];
      const compare = (key: string, options: Record<string, unknown>) => {
        compared++;
        const a = ours.t(key, options);
        const b = theirs.t(key, options);
        if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${key} ${JSON.stringify(options)}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
        if (ours.exists(key, options) !== theirs.exists(key, options)) differences.push(`exists ${key} ${JSON.stringify(options)}`);
      };
      for (const [ns, strings] of Object.entries(loaded)) {
        for (const key of flatten(strings)) {
          const text = theirs.t(key, { ns, returnObjects: true });
          const isObject = typeof text === "object";
          if (isObject) {
            compare(key, { ns, returnObjects: true, ...optionSets(JSON.stringify(text))[1] });
            continue;
          }
          for (const options of optionSets(String(theirs.getResource(bundleFolder(lang), ns, key) ?? ""))) {
            compare(key, { ns, ...options });
            compare(`${ns}:${key}`, options);
          }
          if (SUFFIX.test(key)) for (const count of COUNTS) compare(key.replace(SUFFIX, ""), { ns, count, number: String(count) });
        }
      }
      for (const key of ["no.such.key", "common:no.such", "tools:nothing.here"]) {
        compare(key, {});
        compare(key, { defaultValue: "Fallback {{name}}", name: "N" });
      }
      expect(differences.slice(0, 20)).toEqual([]);
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it("gives i18next's text for the forms no bundle uses yet: zero, flat keys holding dots, nested values, arrays", () => {
    const loaded = {
      common: {
        items_zero: "nothing",
        items_one: "{{count}} item",
        items_other: "{{count}} items",
        "flat.key": { "with.dots": "Flat {{tool.name}}" },
        list: ["a {{x}}", "b"],
        empty: "",
      },
      tools: { other: "Other: {{ name }}" },
    };
    const ours = createI18n("us-en", loaded);
    const theirs = reference("us-en", loaded);
    const cases: Array<[string, Record<string, unknown>]> = [
      ["items", { count: 0 }],
      ["items", { count: 1 }],
      ["items", { count: 7 }],
      ["items", { count: "7" }],
      ["flat.key.with.dots", { tool: { name: "Chat" } }],
      ["list", { returnObjects: true, x: 1 }],
      ["empty", {}],
      ["tools:other", { name: "N" }],
      ["other", { ns: "tools" }],
      ["other", { ns: ["common", "tools"], name: "M" }],
    ];
    for (const [key, options] of cases) expect([key, ours.t(key, options)]).toEqual([key, theirs.t(key, options)]);
  });
});
