import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importEcommerce, type EcommerceSections } from "~/.server/catalog/import-ecommerce";
import { createImageStore } from "~/.server/catalog/images";
import { createRandom } from "~/.server/catalog/synth";
import { synthesizeEcommerce } from "~/.server/catalog/synth-ecommerce";
import type { DB } from "~/.server/db";
import type { Selection } from "~/.server/ecommerce/facets";
import { ECOMMERCE_PAGE_SIZE, listEcommerceTools } from "~/.server/ecommerce/queries";
/** The catalogue's own groups; what tools offer is checked in ecommerce-offer-facets.test.ts. */
const FACET_GROUPS = ["categories", "filters", "platforms"] as const;
type FacetGroup = (typeof FACET_GROUPS)[number];
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { bundleFolder, LANGUAGES } from "~/i18n/languages";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Facet counts against brute force: for random selections, every value's count must equal a plain SQL
 * count of the tools that have the value and pass every other group's selection (OR inside a group,
 * AND across groups), and the list must hold exactly the tools passing every group.
 */
const LINKS: Record<FacetGroup, { table: "ecommerce_tool_categories" | "ecommerce_tool_filters" | "ecommerce_tool_platforms"; column: "category_id" | "filter_id" | "platform_id"; values: "ecommerce_categories" | "ecommerce_filters" | "ecommerce_platforms" }> = {
  categories: { table: "ecommerce_tool_categories", column: "category_id", values: "ecommerce_categories" },
  filters: { table: "ecommerce_tool_filters", column: "filter_id", values: "ecommerce_filters" },
  platforms: { table: "ecommerce_tool_platforms", column: "platform_id", values: "ecommerce_platforms" },
};

/** The link ids a selected slug stands for: a category group also stands for its subcategories. */
async function valueIds(db: DB, group: FacetGroup, slug: string): Promise<number[]> {
  const { id } = await db.selectFrom(LINKS[group].values).select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  if (group !== "categories") return [id];
  const children = await db.selectFrom("ecommerce_categories").select("id").where("parent_id", "=", id).execute();
  return [id, ...children.map((c) => c.id)];
}

/** Ids of tools passing `groups` of the selection, by SQL only. */
async function bruteForce(db: DB, selection: Selection, groups: FacetGroup[]): Promise<Set<number>> {
  let query = db.selectFrom("ecommerce_tools as t").select("t.id");
  for (const group of groups) {
    if (selection[group].length === 0) continue;
    const ids = (await Promise.all(selection[group].map((slug) => valueIds(db, group, slug)))).flat();
    const { table, column } = LINKS[group];
    query = query.where((eb) => eb.exists(eb.selectFrom(`${table} as l` as "ecommerce_tool_filters as l").select("l.tool_id").whereRef("l.tool_id", "=", "t.id").where(`l.${column}` as "l.filter_id", "in", ids)));
  }
  return new Set((await query.execute()).map((r) => r.id));
}

async function toolsWith(db: DB, group: FacetGroup, slug: string): Promise<Set<number>> {
  const ids = await valueIds(db, group, slug);
  const { table, column } = LINKS[group];
  const rows = await db.selectFrom(table as "ecommerce_tool_filters").select("tool_id").where(column as "filter_id", "in", ids).execute();
  return new Set(rows.map((r) => r.tool_id));
}

describe.each(testDialects())("e-commerce facets on %s", (dialect) => {
  let t: TestDatabase;
  let uploads: string;
  let slugs: Record<FacetGroup, string[]>;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "ecommerce-facets-"));
    const seed = JSON.parse(fs.readFileSync("seed/catalog/ecommerce.json", "utf8")) as EcommerceSections;
    await importEcommerce(t.db, "ecommerce.json", seed, createImageStore(uploads, { deferred: true, cacheDir: null }));
    await synthesizeEcommerce(t.db, { tools: 250, seed: 7 });
    invalidateCatalogCache();
    const slugsOf = async (table: "ecommerce_categories" | "ecommerce_filters" | "ecommerce_platforms") =>
      (await t.db.selectFrom(table).select("slug").orderBy("id").execute()).map((r) => r.slug);
    slugs = { categories: await slugsOf("ecommerce_categories"), filters: await slugsOf("ecommerce_filters"), platforms: await slugsOf("ecommerce_platforms") };
  }, 120_000);

  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("counts every value as brute force does, for random selections", async () => {
    const random = createRandom(dialect === "sqlite" ? 11 : 12);
    const selections: Selection[] = [
      { categories: [], filters: [], platforms: [] },
      { categories: ["amazon-product-research", "keyword-research"], filters: [], platforms: ["amazon"] },
      ...Array.from({ length: 10 }, () => {
        const some = (list: string[], max: number) => [...new Set(Array.from({ length: random.int(0, max) }, () => random.pick(list)))];
        return { categories: some(slugs.categories, 3), filters: some(slugs.filters, 2), platforms: some(slugs.platforms, 3) };
      }),
    ];
    for (const selection of selections) {
      const page = await listEcommerceTools(t.db, { lang: "us-en", search: "", sort: "popular", selection, page: 1 });
      const expected = await bruteForce(t.db, selection, [...FACET_GROUPS]);
      expect(page.total, JSON.stringify(selection)).toBe(expected.size);
      for (const card of page.cards) expect(expected.has(card.id)).toBe(true);
      const shown = {
        categories: new Map(page.sidebar.groups.flatMap((g) => [[g.slug, g.count] as const, ...g.subcategories.map((s) => [s.slug, s.count] as const)])),
        filters: new Map(page.sidebar.filters.map((f) => [f.slug, f.count])),
        platforms: new Map(page.sidebar.platforms.map((p) => [p.slug, p.count])),
      };
      for (const group of FACET_GROUPS) {
        const others = await bruteForce(t.db, selection, FACET_GROUPS.filter((g) => g !== group));
        for (const slug of slugs[group]) {
          const members = await toolsWith(t.db, group, slug);
          const count = [...members].filter((id) => others.has(id)).length;
          expect(shown[group].get(slug), `${group}=${slug} under ${JSON.stringify(selection)}`).toBe(count);
        }
      }
    }
  }, 120_000);

  it("pages through every match exactly once, 40 at a time, in every sort", async () => {
    const selection: Selection = { categories: [], filters: [], platforms: ["amazon", "shopify"] };
    const expected = await bruteForce(t.db, selection, [...FACET_GROUPS]);
    expect(expected.size).toBeGreaterThan(ECOMMERCE_PAGE_SIZE);
    for (const sort of ["popular", "rating", "newest", "name"] as const) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const result = await listEcommerceTools(t.db, { lang: "us-en", search: "", sort, selection, page });
        seen.push(...result.cards.map((c) => c.id));
        if (!result.hasMore) break;
        expect(result.cards).toHaveLength(ECOMMERCE_PAGE_SIZE);
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(expected);
    }
  }, 60_000);

  it("finds tools by name, description, tag and category in any language, CJK words of 1-3 characters included", async () => {
    const search = async (term: string, lang: "us-en" | "zh-CN" | "ja" = "us-en", selection: Selection = { categories: [], filters: [], platforms: [] }) =>
      listEcommerceTools(t.db, { lang, search: term, sort: "popular", selection, page: 1 });
    const zhAmazon = await search("亚马逊", "zh-CN");
    expect(zhAmazon.total).toBeGreaterThan(10);
    expect(zhAmazon.cards.map((c) => c.slug)).toContain("jungle-scout");
    // Two characters: a category name (选品) and the synthetic Chinese names (选品助手).
    expect((await search("选品", "zh-CN")).total).toBeGreaterThan(0);
    // A tag named only in the Japanese bundle (広告: advertising).
    expect((await search("広告", "ja")).total).toBeGreaterThan(0);
    expect((await search("Jungle Scout")).cards[0]?.slug).toBe("jungle-scout");
    expect((await search("zzzqqq")).total).toBe(0);
    // Search and facets combine: every card of a filtered search is in the filtered set.
    const filtered = await search("amazon", "us-en", { categories: [], filters: [], platforms: ["shopify"] });
    const shopify = await toolsWith(t.db, "platforms", "shopify");
    expect(filtered.total).toBeGreaterThan(0);
    for (const card of filtered.cards) expect(shopify.has(card.id)).toBe(true);
    expect(filtered.total).toBe(filtered.sidebar.platforms.find((p) => p.slug === "shopify")!.count);
  });

  it("finds tools for every popular search chip in every language", async () => {
    const empty: Selection = { categories: [], filters: [], platforms: [] };
    const misses: string[] = [];
    for (const lang of LANGUAGES) {
      const bundle = JSON.parse(fs.readFileSync(`public/locales/${bundleFolder(lang)}/ecommerce.json`, "utf8")) as { popular: Record<string, { term: string }> };
      for (const [key, { term }] of Object.entries(bundle.popular)) {
        const result = await listEcommerceTools(t.db, { lang, search: term, sort: "popular", selection: empty, page: 1 });
        if (result.total === 0) misses.push(`${lang} ${key}: ${term}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
