import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryTree } from "~/.server/categories/queries";
import { getCaseStudyDetail, listCaseStudies } from "~/.server/case-studies/queries";
import { nowIso, toJson } from "~/.server/db/values";
import type { DB } from "~/.server/db";
import { listEcommerceTools } from "~/.server/ecommerce/queries";
import { getEcommerceDetail } from "~/.server/resolve/ecommerce-source";
import { fallbackLanguages, type DetailView } from "~/.server/resolve/types";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { getToolDetail } from "~/.server/tools/detail";
import { listToolsUncached } from "~/.server/tools/queries";
import type { Lang } from "~/i18n/languages";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertCaseStudy, insertTool } from "../support/detail-fixtures";

/**
 * Spec 4.7 for every kind of entity (tool, case study, e-commerce tool, category) and every state of its
 * translations (complete, partial, English only, Chinese only): each field is shown in the best language that
 * has it (exact; Chinese variants among themselves; base language; English; the first available), and the
 * "shown in X" notice names exactly the languages that fields fell back to.
 */

/** What a page shows of an entity: its main texts, one list, and the languages the notice names. */
interface Shown {
  name: string;
  description: string;
  list: string[];
  notice: string[];
}

const view = (v: DetailView | null, lang: string, list: keyof Pick<DetailView, "features" | "challenges">): Shown => {
  expect(v).not.toBeNull();
  return { name: v!.name, description: v!.description, list: v![list], notice: fallbackLanguages(v!, lang) };
};

async function insertEcommerce(db: DB, slug: string, base: { name: string; description: string | null; features: string[] }, translations: Record<string, { name?: string; description?: string; features?: string[] }>) {
  const { id } = await db
    .insertInto("ecommerce_tools")
    .values({
      slug,
      name: base.name,
      description: base.description,
      website_url: `https://${slug}.example.com/`,
      pricing: "paid",
      features: toJson(base.features),
      pros: toJson(base.features.map((f) => `${f} (pro)`)),
      cons: "[]",
      rating: 4,
      review_count: 3,
      updated_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [language, text] of Object.entries(translations)) {
    await db
      .insertInto("ecommerce_tool_translations")
      .values({ tool_id: id, language, name: text.name ?? null, description: text.description ?? null, features: toJson(text.features ?? []), pros: toJson((text.features ?? []).map((f) => `${f} (pro)`)), cons: "[]" })
      .execute();
  }
}

async function insertCategory(db: DB, slug: string, sortOrder: number, names: Record<string, { name: string; description?: string }>) {
  const { id } = await db.insertInto("categories").values({ slug, icon_name: "sparkles", color: "#4f46e5", sort_order: sortOrder, updated_at: nowIso() }).returning("id").executeTakeFirstOrThrow();
  for (const [language, text] of Object.entries(names)) {
    await db.insertInto("category_translations").values({ category_id: id, language, name: text.name, description: text.description ?? null }).execute();
  }
}

describe.each(testDialects())("content language fallback (spec 4.7) on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const db = t.db;
    const full = (name: string, lang: string) => ({ name: `${name} ${lang}`, description: `${name} text ${lang}`, features: [`${name} feature ${lang}`] });
    // Tools.
    await insertTool(db, { slug: "tool-complete", translations: { "us-en": full("Tool", "en"), de: full("Tool", "de"), "zh-CN": full("Tool", "zh-CN") } });
    await insertTool(db, {
      slug: "tool-partial",
      translations: { "us-en": full("Tool", "en"), de: { name: "Tool de" }, "zh-CN": { name: "Tool zh-CN", description: "Tool text zh-CN" } },
    });
    await insertTool(db, { slug: "tool-english", translations: { "us-en": full("Tool", "en") } });
    await insertTool(db, { slug: "tool-chinese", translations: { "zh-CN": full("Tool", "zh-CN") } });
    // Case studies (the list field is "challenges").
    const study = (lang: string) => ({ title: `Study ${lang}`, description: `Study text ${lang}`, challenges: [`Study challenge ${lang}`] });
    await insertCaseStudy(db, "study-complete", { "us-en": study("en"), de: study("de"), "zh-CN": study("zh-CN") });
    await insertCaseStudy(db, "study-partial", { "us-en": study("en"), de: { title: "Study de" }, "zh-CN": { title: "Study zh-CN", description: "Study text zh-CN" } });
    await insertCaseStudy(db, "study-english", { "us-en": study("en") });
    await insertCaseStudy(db, "study-chinese", { "zh-CN": study("zh-CN") });
    // E-commerce tools: the tool row holds the English text (the catalogue format), translations the others.
    const shop = (lang: string) => ({ description: `Shop text ${lang}`, features: [`Shop feature ${lang}`] });
    await insertEcommerce(db, "shop-complete", { name: "Shop", ...shop("en") }, { de: shop("de"), "zh-CN": shop("zh-CN") });
    await insertEcommerce(db, "shop-partial", { name: "Shop", ...shop("en") }, { de: { name: "Shop de" }, "zh-CN": { description: "Shop text zh-CN" } });
    await insertEcommerce(db, "shop-english", { name: "Shop", ...shop("en") }, {});
    await insertEcommerce(db, "shop-chinese", { name: "Shop", description: null, features: [] }, { "zh-CN": shop("zh-CN") });
    // Categories.
    const category = (lang: string) => ({ name: `Category ${lang}`, description: `Category text ${lang}` });
    await insertCategory(db, "category-complete", 1, { "us-en": category("en"), de: category("de"), "zh-CN": category("zh-CN") });
    await insertCategory(db, "category-partial", 2, { "us-en": category("en"), de: { name: "Category de" }, "zh-CN": { name: "Category zh-CN", description: "Category text zh-CN" } });
    await insertCategory(db, "category-english", 3, { "us-en": category("en") });
    await insertCategory(db, "category-chinese", 4, { "zh-CN": category("zh-CN") });
    await insertCategory(db, "category-traditional", 5, { "us-en": category("en"), "zh-CN": category("zh-CN"), "zh-TW": { name: "Category zh-TW" } });
    invalidateCatalogCache();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** The expected page for each state, by page language: [name, description, list, notice]. */
  function expectations(prefix: string, list: string, names: { en: string; de: string; zh: string }): Array<[string, Lang, Shown]> {
    const s = (name: string, description: string, listItem: string | null, notice: string[]): Shown => ({ name, description, list: listItem ? [listItem] : [], notice });
    return [
      ["complete", "us-en", s(names.en, `${prefix} text en`, `${list} en`, [])],
      ["complete", "de", s(names.de, `${prefix} text de`, `${list} de`, [])],
      ["complete", "zh-CN", s(names.zh, `${prefix} text zh-CN`, `${list} zh-CN`, [])],
      // Chinese variants among themselves before English.
      ["complete", "zh-TW", s(names.zh, `${prefix} text zh-CN`, `${list} zh-CN`, ["zh-CN"])],
      // German name; the German-less description and list in English, and the notice says so.
      ["partial", "de", s(`${prefix} de`, `${prefix} text en`, `${list} en`, ["us-en"])],
      // Chinese name and description, the list in English: both languages named.
      ["partial", "zh-TW", s(names.zh, `${prefix} text zh-CN`, `${list} en`, ["zh-CN", "us-en"])],
      ["partial", "us-en", s(names.en, `${prefix} text en`, `${list} en`, [])],
      ["english", "us-en", s(names.en, `${prefix} text en`, `${list} en`, [])],
      ["english", "de", s(names.en, `${prefix} text en`, `${list} en`, ["us-en"])],
      ["english", "zh-CN", s(names.en, `${prefix} text en`, `${list} en`, ["us-en"])],
      ["chinese", "zh-TW", s(names.zh, `${prefix} text zh-CN`, `${list} zh-CN`, ["zh-CN"])],
      // No English: the first available.
      ["chinese", "us-en", s(names.zh, `${prefix} text zh-CN`, `${list} zh-CN`, ["zh-CN"])],
      ["chinese", "de", s(names.zh, `${prefix} text zh-CN`, `${list} zh-CN`, ["zh-CN"])],
    ];
  }

  it("tool pages and cards: each field in its best language", async () => {
    for (const [state, lang, expected] of expectations("Tool", "Tool feature", { en: "Tool en", de: "Tool de", zh: "Tool zh-CN" })) {
      const shown = view(await getToolDetail(t.db, `tool-${state}`, lang), lang, "features");
      expect({ state, lang, ...shown }).toEqual({ state, lang, ...expected });
      const page = await listToolsUncached(t.db, { lang, sort: "popular", page: 1, pageSize: 50 });
      const card = page.tools.find((tool) => tool.slug === `tool-${state}`)!;
      expect({ state, lang, name: card.name, description: card.description }).toEqual({ state, lang, name: expected.name, description: expected.description });
    }
  });

  it("case-study pages and the list: each field in its best language", async () => {
    for (const [state, lang, expected] of expectations("Study", "Study challenge", { en: "Study en", de: "Study de", zh: "Study zh-CN" })) {
      const shown = view(await getCaseStudyDetail(t.db, `study-${state}`, lang), lang, "challenges");
      expect({ state, lang, ...shown }).toEqual({ state, lang, ...expected });
      const summary = (await listCaseStudies(t.db, lang)).find((s) => s.slug === `study-${state}`)!;
      expect({ state, lang, title: summary.title }).toEqual({ state, lang, title: expected.name });
    }
  });

  it("e-commerce pages and cards: the tool row is English, so an English page never shows a translation", async () => {
    // The name is the brand's, in the tool row; a translation may rename it, and a missing one is no fallback.
    for (const [state, lang, expected] of expectations("Shop", "Shop feature", { en: "Shop", de: "Shop", zh: "Shop" })) {
      const shown = view(await getEcommerceDetail(t.db, `shop-${state}`, lang), lang, "features");
      expect({ state, lang, ...shown }).toEqual({ state, lang, ...expected });
      const page = await listEcommerceTools(t.db, { lang, search: "", sort: "name", selection: { categories: [], filters: [], platforms: [] }, page: 1 });
      const card = page.cards.find((c) => c.slug === `shop-${state}`)!;
      expect({ state, lang, name: card.name, description: card.description }).toEqual({ state, lang, name: expected.name, description: expected.description });
    }
  });

  it("category names and descriptions: each in its best language", async () => {
    for (const [state, lang, expected] of expectations("Category", "", { en: "Category en", de: "Category de", zh: "Category zh-CN" })) {
      const category = (await categoryTree(t.db, lang)).find((c) => c.slug === `category-${state}`)!;
      expect({ state, lang, name: category.name, description: category.description }).toEqual({ state, lang, name: expected.name, description: expected.description });
    }
    // A Traditional Chinese name without a description: the Simplified Chinese description, not the English one.
    const traditional = (await categoryTree(t.db, "zh-TW")).find((c) => c.slug === "category-traditional")!;
    expect({ name: traditional.name, description: traditional.description }).toEqual({ name: "Category zh-TW", description: "Category text zh-CN" });
  });
});
