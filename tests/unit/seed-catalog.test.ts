import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandMark } from "~/.server/catalog/brand-icons";
import { readJsonRows } from "~/.server/catalog/files";
import {
  caseStudySchema,
  categorySchema,
  ecommerceFileSchema,
  ecommercePlatformSchema,
  ecommerceToolSchema,
  formatRowIssue,
  PRICING_VALUES,
  toolSchema,
  validateRows,
  type ToolInput,
} from "~/.server/catalog/schemas";
import { LANGUAGES } from "~/i18n/languages";
import { filterSlug } from "~/lib/slug";

/** The shipped catalogue (seed/catalog) meets the issue's bar; failures name the file, line and field. */
const DIR = "seed/catalog";
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(DIR, name), "utf8")) as unknown;

const categories = validateRows("categories.json", read("categories.json") as unknown[], categorySchema);
const toolFiles = fs.readdirSync(path.join(DIR, "tools")).filter((f) => f.endsWith(".json")).sort();
const toolRows = toolFiles.map((name) => {
  const { rows, lines } = readJsonRows(path.join(DIR, "tools", name));
  return validateRows(`tools/${name}`, rows, toolSchema, lines);
});
const tools: ToolInput[] = toolRows.flatMap((r) => r.valid.map((v) => v.value));

describe("seed catalogue", () => {
  it("draws well-known tools' logos from icon packages, each with its source and licence", () => {
    const withLogo = tools.filter((tool) => tool.logo);
    expect(withLogo.length).toBeGreaterThanOrEqual(50);
    // Every named icon is in the installed package (else the initials would be drawn silently).
    expect(withLogo.filter((tool) => !brandMark(tool.logo!, "#000000")).map((tool) => tool.slug)).toEqual([]);
    expect(withLogo.find((tool) => tool.slug === "chatgpt")?.logo).toEqual({ source: "@lobehub/icons-static-svg", icon: "openai", license: "MIT" });
  });

  it("has 22 valid categories with at least 4 subcategories each, in all ten languages", () => {
    expect(categories.issues.map(formatRowIssue)).toEqual([]);
    expect(categories.valid).toHaveLength(22);
    for (const { value } of categories.valid) {
      expect(value.subcategories.length, value.slug).toBeGreaterThanOrEqual(4);
      for (const lang of LANGUAGES) expect(value.translations[lang]?.name, `${value.slug} ${lang}`).toBeTruthy();
    }
  });

  it("has at least 150 valid tools with unique slugs and known categories", () => {
    expect(toolRows.flatMap((r) => r.issues).map(formatRowIssue)).toEqual([]);
    expect(tools.length).toBeGreaterThanOrEqual(150);
    const slugs = tools.map((t) => t.slug);
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i), "slugs used twice").toEqual([]);
    const top = new Set(categories.valid.map((c) => c.value.slug));
    const subs = new Set(categories.valid.flatMap((c) => c.value.subcategories.map((s) => filterSlug(s.name))));
    const problems = tools.flatMap((t) => [
      ...t.categories.filter((c) => !top.has(c)).map((c) => `${t.slug}: unknown category ${c}`),
      ...t.subcategories.filter((s) => !subs.has(s)).map((s) => `${t.slug}: unknown subcategory ${s}`),
    ]);
    expect(problems).toEqual([]);
  });

  it("spreads tools over every category and uses every pricing value", () => {
    for (const { value } of categories.valid) {
      expect(tools.filter((t) => t.categories.includes(value.slug)).length, value.slug).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(tools.map((t) => t.pricing))).toEqual(new Set(PRICING_VALUES));
  });

  it("has the spec's sample tools and well-known ones", () => {
    const slugs = new Set(tools.map((t) => t.slug));
    const wanted = [
      "lavender", "meshy", "nightcafe", "10web", "dishgen", "tability", "triple-whale", "5-out", "fiverr", "linkhunter",
      "legalese-decoder", "photomath", "typingmind", "coursebox", "summraiz", "compose-ai",
      "chatgpt", "claude", "gemini", "microsoft-copilot", "midjourney", "dall-e", "github-copilot",
    ];
    expect(wanted.filter((slug) => !slugs.has(slug)), "missing").toEqual([]);
  });

  it("translates into zh-CN for at least 60% of tools and every other language for at least 15", () => {
    const withLang = (lang: string) => tools.filter((t) => t.translations[lang as "ja"]).length;
    expect(withLang("zh-CN")).toBeGreaterThanOrEqual(Math.ceil(tools.length * 0.6));
    const short = LANGUAGES.filter((l) => l !== "us-en" && l !== "zh-CN" && withLang(l) < 15).map((l) => `${l}: ${withLang(l)} tools`);
    expect(short, "languages with fewer than 15 translated tools").toEqual([]);
  });

  it("has at least 24 valid case studies in English and Chinese", () => {
    const { valid, issues } = validateRows("case-studies.json", read("case-studies.json") as unknown[], caseStudySchema);
    expect(issues.map(formatRowIssue)).toEqual([]);
    expect(valid.length).toBeGreaterThanOrEqual(24);
    for (const { value } of valid) expect(value.translations["zh-CN"]?.title, value.slug).toBeTruthy();
  });

  it("has the 7 e-commerce groups, at least 20 platforms and 80 valid e-commerce tools", () => {
    const file = ecommerceFileSchema.parse(read("ecommerce.json"));
    expect(file.groups).toHaveLength(7);
    const platforms = validateRows("ecommerce.json platforms", file.platforms, ecommercePlatformSchema);
    expect(platforms.issues.map(formatRowIssue)).toEqual([]);
    expect(platforms.valid.length).toBeGreaterThanOrEqual(20);
    const shopTools = validateRows("ecommerce.json tools", file.tools, ecommerceToolSchema);
    expect(shopTools.issues.map(formatRowIssue)).toEqual([]);
    expect(shopTools.valid.length).toBeGreaterThanOrEqual(80);
  });
});
