import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleFolder, LANGUAGES, NAMESPACES, type Lang } from "~/i18n/languages";

/**
 * Every interface string outside English must really be translated: a value
 * identical to the English one is flagged, except brand and product names,
 * codes, and words the language genuinely shares with English.
 */

/** Brand names, product names and codes: the same in every language. */
const BRANDS = new Set([
  "Google", "GitHub", "WeChat", "Douyin", "Telegram", "WhatsApp", "Twitter", "X", "Discord", "Skype", "Facebook",
  "LinkedIn", "YouTube", "TikTok", "Instagram", "Product Hunt", "Amazon", "Shopify", "English", "简体中文", "繁體中文",
  "한국어", "日本語", "Português", "Español", "Deutsch", "Français", "Tiếng Việt", "AI", "API", "SEO", "URL", "FAQ",
  "PNG", "JPG", "WebP", "SVG", "CSV", "JSON", "RSS", "ID", "OK", "PostgreSQL", "SQLite",
  // Codes and terms of art shown as such: the pricing model name and the URL key of a tool.
  "Freemium", "Slug",
  // Marketplaces and terms of art of the e-commerce directory.
  "eBay", "TikTok Shop", "ERP",
  // Platforms a tool runs on, named as their makers name them.
  "Web", "iOS", "Android", "Windows", "macOS", "Linux", "Slack", "Figma",
]);

/**
 * Words a language writes exactly like English and has no better word for
 * (checked against native usage). Keep this short: anything else gets a translation.
 */
const SHARED_WORDS: Partial<Record<Lang, Set<string>>> = {
  // Loanwords of the submit form's preset tags, written as in English in these languages' own tech press.
  // "Newsletter", "Feeds" and "Marketplaces" as these languages' own web and e-commerce press writes them.
  // "vs" in a comparison's title, as these languages' press writes it; Spanish "No"; German "Screenshot";
  // French "Open source" (as the French administration writes it).
  pt: new Set(["Chatbot", "Marketing", "Design", "Newsletter", "Feeds", "Marketplaces", "{{a}} vs {{b}}"]),
  es: new Set(["Chatbot", "Marketing", "Feeds", "No", "{{a}} vs {{b}}"]),
  de: new Set(["Chatbot", "Marketing", "Design", "Newsletter", "Feeds", "optional", "Screenshot"]),
  fr: new Set(["Suggestions", "Solutions", "Page {{page}}", "Chatbot", "Marketing", "Design", "Newsletter", "Open source", "{{a}} vs {{b}}"]),
  vi: new Set(["Chatbot"]),
};

function flatten(node: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof node === "string") out.set(prefix, node);
  else if (node && typeof node === "object" && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function load(lang: Lang, ns: string): Map<string, string> {
  const file = path.join("public/locales", bundleFolder(lang), `${ns}.json`);
  return fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, "utf8"))) : new Map();
}

/** True when a value carries no words to translate: placeholders, numbers, punctuation, addresses. */
function nothingToTranslate(value: string): boolean {
  const words = value
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/https?:\/\/\S+|\S+@\S+\.\S+/g, " ")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
  return words === "" || BRANDS.has(value.trim()) || words.split(" ").every((w) => BRANDS.has(w));
}

/** Keys whose value is the English one although it has words to translate. */
function copiedFromEnglish(english: Map<string, string>, other: Map<string, string>, shared: Set<string>): string[] {
  return [...other]
    .filter(([key, value]) => english.get(key) === value && !nothingToTranslate(value) && !shared.has(value.trim()))
    .map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
}

describe("interface text is translated", () => {
  for (const lang of LANGUAGES.filter((l) => l !== "us-en")) {
    it(`${lang} has no English left in place of a translation`, () => {
      const offenders = NAMESPACES.flatMap((ns) =>
        copiedFromEnglish(load("us-en", ns), load(lang, ns), SHARED_WORDS[lang] ?? new Set()).map((line) => `${lang}/${ns}: ${line}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  // The original mixed Chinese messages into every language; here each language has its own words.
  for (const lang of ["us-en", "ko", "pt", "es", "de", "fr", "vi"] as const) {
    it(`${lang} contains no Chinese text`, () => {
      const han = NAMESPACES.flatMap((ns) => [...load(lang, ns)].filter(([, value]) => /\p{Script=Han}/u.test(value)).map(([key, value]) => `${ns}: ${key} = ${value}`));
      expect(han).toEqual([]);
    });
  }

  it("ja does not reuse Chinese sentences (shared kanji words of one or two characters aside)", () => {
    const copied = NAMESPACES.flatMap((ns) => {
      const chinese = load("zh-CN", ns);
      return [...load("ja", ns)]
        .filter(([key, value]) => chinese.get(key) === value && /\p{Script=Han}/u.test(value) && [...value].length > 2)
        .map(([key, value]) => `${ns}: ${key} = ${value}`);
    });
    expect(copied).toEqual([]);
  });

  it("flags copied sentences but not brand names, placeholders or shared words", () => {
    const english = new Map([
      ["save", "Save"],
      ["count", "{{count}} tools"],
      ["google", "Google"],
      ["number", "{{count}}"],
      ["blog", "Blog"],
      ["translated", "Search"],
    ]);
    const german = new Map([...english, ["translated", "Suchen"]]);
    expect(copiedFromEnglish(english, german, new Set(["Blog"]))).toEqual(['save = "Save"', 'count = "{{count}} tools"']);
  });
});
