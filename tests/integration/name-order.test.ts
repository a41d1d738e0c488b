import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso, toJson } from "~/.server/db/values";
import { listEcommerceTools } from "~/.server/ecommerce/queries";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { listToolsUncached } from "~/.server/tools/queries";
import type { Lang } from "~/i18n/languages";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertTool } from "../support/detail-fixtures";

/**
 * "Sort by name" orders the names the cards show as the page language orders words: case does not split
 * the list (AI2sql and AIVA after Abridge; mnml.ai, remove.bg, scite and v0 before Wysa), German umlauts
 * sit with their vowels, Chinese names go by pinyin on zh-CN pages, and a tool is placed by its name in
 * the page language. The same for the tool list and the e-commerce list, on both engines.
 */
const ENGLISH_NAMES = ["Wysa", "AIVA", "AI2sql", "Abridge", "mnml.ai", "remove.bg", "scite", "v0", "Ökoplan", "Zapier"];
const CHINESE_NAMES: Record<string, string> = { "zh-a": "阿里云", "zh-b": "北斗", "zh-z": "张量" };

describe.each(testDialects())("name order on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    for (const name of ENGLISH_NAMES) {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      await insertTool(t.db, { slug: `tool-${slug}`, translations: { "us-en": { name, description: `${name} does things.` } } });
      await t.db
        .insertInto("ecommerce_tools")
        .values({ slug: `shop-${slug}`, name, description: `${name} sells things.`, website_url: `https://${slug}.example.com/`, pricing: "paid", features: "[]", pros: "[]", cons: "[]", rating: 4, review_count: 1, updated_at: nowIso() })
        .execute();
    }
    // English names that a page language renames.
    await insertTool(t.db, { slug: "tool-note-helper", translations: { "us-en": { name: "Note Helper", description: "Notes." }, de: { name: "Beobachter", description: "Notizen." } } });
    // Their English names in the opposite order, so only the Chinese names can give the pinyin order.
    for (const [index, [slug, name]] of Object.entries(CHINESE_NAMES).entries()) {
      const englishName = `Q ${3 - index}`;
      await insertTool(t.db, { slug: `tool-${slug}`, translations: { "us-en": { name: englishName, description: "Chinese tool." }, "zh-CN": { name, description: "中文工具。" } } });
      const { id } = await t.db
        .insertInto("ecommerce_tools")
        .values({ slug: `shop-${slug}`, name: englishName, description: "Chinese shop tool.", website_url: `https://${slug}.example.com/`, pricing: "paid", features: "[]", pros: "[]", cons: "[]", rating: 4, review_count: 1, updated_at: nowIso() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.db.insertInto("ecommerce_tool_translations").values({ tool_id: id, language: "zh-CN", name, description: "中文工具。", features: toJson([]), pros: "[]", cons: "[]" }).execute();
    }
    invalidateCatalogCache();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const toolNames = async (lang: Lang) => (await listToolsUncached(t.db, { lang, sort: "name", page: 1, pageSize: 100 })).tools.map((tool) => tool.name);
  const shopNames = async (lang: Lang) =>
    (await listEcommerceTools(t.db, { lang, search: "", sort: "name", selection: { categories: [], filters: [], platforms: [] }, page: 1 })).cards.map((card) => card.name);

  for (const [list, names] of [["tool", toolNames], ["e-commerce", shopNames]] as const) {
    it(`orders the ${list} list by name without regard to case, in English`, async () => {
      const english = (await names("us-en")).filter((name) => ENGLISH_NAMES.includes(name));
      expect(english).toEqual(["Abridge", "AI2sql", "AIVA", "mnml.ai", "Ökoplan", "remove.bg", "scite", "v0", "Wysa", "Zapier"]);
    });

    it(`orders the ${list} list by the Chinese names' pinyin on zh-CN pages`, async () => {
      const chinese = (await names("zh-CN")).filter((name) => Object.values(CHINESE_NAMES).includes(name));
      expect(chinese).toEqual(["阿里云", "北斗", "张量"]);
    });
  }

  it("places a tool by the name its card shows in the page language", async () => {
    const german = await toolNames("de");
    expect(german.indexOf("Beobachter")).toBeGreaterThan(german.indexOf("AIVA"));
    expect(german.indexOf("Beobachter")).toBeLessThan(german.indexOf("mnml.ai"));
    const english = await toolNames("us-en");
    expect(english.indexOf("Note Helper")).toBeGreaterThan(english.indexOf("mnml.ai"));
    expect(english.indexOf("Note Helper")).toBeLessThan(english.indexOf("Ökoplan"));
  });
});
