import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importEcommerce, type EcommerceSections } from "~/.server/catalog/import-ecommerce";
import { createImageStore } from "~/.server/catalog/images";
import { createRandom } from "~/.server/catalog/synth";
import { synthesizeEcommerce } from "~/.server/catalog/synth-ecommerce";
import type { DB } from "~/.server/db";
import { parseJson, toJson } from "~/.server/db/values";
import type { Selection } from "~/.server/ecommerce/facets";
import { OFFER_FACET_VALUES } from "~/.server/ecommerce/offer-facets";
import { listEcommerceTools, type EcommerceListPage } from "~/.server/ecommerce/queries";
import { handlePublicApi } from "~/.server/public-api/http";
import { openApiDocument } from "~/.server/public-api/openapi";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { FACET_PARAMS, noFacets, type FacetParam } from "~/lib/ecommerce-url";
import { INTERFACE_LANGUAGE_CODES, MARKETPLACE_CODES } from "~/lib/offers";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * What e-commerce tools offer as list filters (marketplaces, interface languages, open source, China fit),
 * combined with the catalogue's own groups, against a brute-force count over the whole catalogue: the list
 * holds exactly the tools passing every group (OR inside a group, AND across), and each value's count is
 * the number of tools having it that pass every *other* group. Unstated offers match no value.
 */
type Facts = { id: number; values: Record<FacetParam, Set<string>> };

async function readFacts(db: DB): Promise<Facts[]> {
  const [tools, categories, links, filters, filterLinks, platforms, platformLinks, offers] = await Promise.all([
    db.selectFrom("ecommerce_tools").select("id").execute(),
    db.selectFrom("ecommerce_categories").select(["id", "slug", "parent_id"]).execute(),
    db.selectFrom("ecommerce_tool_categories").select(["tool_id", "category_id"]).execute(),
    db.selectFrom("ecommerce_filters").select(["id", "slug"]).execute(),
    db.selectFrom("ecommerce_tool_filters").select(["tool_id", "filter_id"]).execute(),
    db.selectFrom("ecommerce_platforms").select(["id", "slug"]).execute(),
    db.selectFrom("ecommerce_tool_platforms").select(["tool_id", "platform_id"]).execute(),
    db.selectFrom("ecommerce_tool_offers").selectAll().execute(),
  ]);
  const facts = new Map(tools.map((t) => [t.id, { id: t.id, values: Object.fromEntries(FACET_PARAMS.map((g) => [g, new Set<string>()])) as Facts["values"] }]));
  const category = new Map(categories.map((c) => [c.id, c]));
  for (const link of links) {
    const c = category.get(link.category_id)!;
    const tool = facts.get(link.tool_id)!;
    tool.values.categories.add(c.slug);
    // A group's value covers its subcategories.
    if (c.parent_id !== null) tool.values.categories.add(category.get(c.parent_id)!.slug);
  }
  const filterSlug = new Map(filters.map((f) => [f.id, f.slug]));
  for (const link of filterLinks) facts.get(link.tool_id)!.values.filters.add(filterSlug.get(link.filter_id)!);
  const platformSlug = new Map(platforms.map((p) => [p.id, p.slug]));
  for (const link of platformLinks) facts.get(link.tool_id)!.values.platforms.add(platformSlug.get(link.platform_id)!);
  for (const row of offers) {
    const tool = facts.get(row.tool_id)!;
    for (const code of parseJson<string[]>(row.marketplaces, [])) tool.values.marketplaces.add(code);
    for (const code of parseJson<string[]>(row.interface_languages, [])) tool.values.languages.add(code.toLowerCase());
    const yes = (group: FacetParam, flag: unknown) => Number(flag) === 1 && tool.values[group].add("yes");
    yes("openSource", row.open_source);
    yes("chineseInterface", row.chinese_interface);
    yes("alipayWechatPay", row.alipay_wechat_pay);
    yes("worksWithoutVpn", row.works_without_vpn);
  }
  return [...facts.values()];
}

const passes = (tool: Facts, selection: Record<FacetParam, string[]>, groups: readonly FacetParam[]) =>
  groups.every((group) => selection[group].length === 0 || selection[group].some((value) => tool.values[group].has(value)));

/** Every count the sidebar shows, by group and value. */
function shownCounts(page: EcommerceListPage): Map<string, number> {
  const shown = new Map<string, number>();
  const put = (group: string, values: Array<{ slug: string; count: number }>) => values.forEach((v) => shown.set(`${group}=${v.slug}`, v.count));
  put("categories", page.sidebar.groups.flatMap((g) => [g, ...g.subcategories]));
  put("filters", page.sidebar.filters);
  put("platforms", page.sidebar.platforms);
  put("marketplaces", page.sidebar.marketplaces);
  put("languages", page.sidebar.languages);
  for (const check of page.sidebar.checks) shown.set(`${check.group}=yes`, check.count);
  return shown;
}

describe.each(testDialects())("e-commerce offer filters on %s", (dialect) => {
  let t: TestDatabase;
  let uploads: string;
  let facts: Facts[];
  const SITE = "https://directory.example";
  let address = 0;
  const call = (pathAndQuery: string) =>
    handlePublicApi(t.db, new Request(SITE + pathAndQuery, { headers: { "x-client-ip": `10.9.${address >> 8}.${address++ & 255}` } }), {
      publicUrl: SITE,
      limits: { anonymous: 100_000, withKey: 100_000, windowSeconds: 60 },
    });

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "ecommerce-offer-facets-"));
    const seed = JSON.parse(fs.readFileSync("seed/catalog/ecommerce.json", "utf8")) as EcommerceSections;
    await importEcommerce(t.db, "ecommerce.json", seed, createImageStore(uploads, { deferred: true, cacheDir: null }));
    await synthesizeEcommerce(t.db, { tools: 200, seed: 5 });
    // The synthetic tools state random offers: many Amazon countries, languages, and yes / no / not stated.
    const random = createRandom(dialect === "sqlite" ? 31 : 32);
    const stated = new Set((await t.db.selectFrom("ecommerce_tool_offers").select("tool_id").execute()).map((r) => r.tool_id));
    const flag = () => random.pick([1, 0, null, null]);
    const some = (codes: readonly string[], max: number) => [...new Set(Array.from({ length: random.int(0, max) }, () => random.pick([...codes])))];
    for (const { id } of await t.db.selectFrom("ecommerce_tools").select("id").execute()) {
      if (stated.has(id) || random.int(0, 4) === 0) continue;
      const marketplaces = some(MARKETPLACE_CODES, 4);
      const languages = some(INTERFACE_LANGUAGE_CODES, 3);
      await t.db
        .insertInto("ecommerce_tool_offers")
        .values({
          tool_id: id,
          marketplaces: marketplaces.length ? toJson(marketplaces) : null,
          interface_languages: languages.length ? toJson(languages) : null,
          open_source: flag(),
          chinese_interface: flag(),
          alipay_wechat_pay: flag(),
          works_without_vpn: flag(),
        } as never)
        .execute();
    }
    invalidateCatalogCache();
    facts = await readFacts(t.db);
  }, 180_000);

  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("counts every value of combined selections as brute force does, with and without a search", async () => {
    const random = createRandom(dialect === "sqlite" ? 41 : 42);
    const universe = (group: FacetParam) => [...new Set(facts.flatMap((tool) => [...tool.values[group]]))];
    const some = (group: FacetParam, max: number) => [...new Set(Array.from({ length: random.int(0, max) }, () => random.pick(universe(group))))];
    const selections: Array<Record<FacetParam, string[]>> = [
      noFacets(),
      { ...noFacets(), marketplaces: ["amazon-us", "amazon-jp", "shopee"], chineseInterface: ["yes"] },
      { ...noFacets(), chineseInterface: ["yes"], alipayWechatPay: ["yes"], worksWithoutVpn: ["yes"] },
      { ...noFacets(), platforms: ["amazon"], languages: ["zh-hans", "ja"], filters: ["free-plan"] },
      ...Array.from({ length: 14 }, () => Object.fromEntries(FACET_PARAMS.map((group) => [group, some(group, group === "marketplaces" ? 3 : 1)])) as Record<FacetParam, string[]>),
    ];
    for (const search of ["", "amazon"]) {
      let inBase = facts;
      if (search) {
        // The search's own matches, read through the list itself with every page.
        const ids = new Set<number>();
        for (let page = 1; ; page++) {
          const result = await listEcommerceTools(t.db, { lang: "us-en", search, sort: "popular", selection: noFacets(), page });
          result.cards.forEach((card) => ids.add(card.id));
          if (!result.hasMore) break;
        }
        expect(ids.size).toBeGreaterThan(0);
        inBase = facts.filter((tool) => ids.has(tool.id));
      }
      for (const selection of selections) {
        const label = `${search} ${JSON.stringify(Object.fromEntries(Object.entries(selection).filter(([, v]) => v.length)))}`;
        const page = await listEcommerceTools(t.db, { lang: "us-en", search, sort: "popular", selection: selection as Selection, page: 1 });
        const expected = new Set(inBase.filter((tool) => passes(tool, selection, FACET_PARAMS)).map((tool) => tool.id));
        expect(page.total, label).toBe(expected.size);
        for (const card of page.cards) expect(expected.has(card.id), label).toBe(true);
        const shown = shownCounts(page);
        for (const group of FACET_PARAMS) {
          const others = FACET_PARAMS.filter((g) => g !== group);
          const values = group === "categories" || group === "filters" || group === "platforms" ? universe(group) : OFFER_FACET_VALUES[group];
          for (const value of values) {
            const count = inBase.filter((tool) => tool.values[group].has(value) && passes(tool, selection, others)).length;
            const key = `${group}=${value}`;
            // Offer values no tool states are left out of the sidebar (their count is 0 anyway).
            if (!shown.has(key)) expect(facts.some((tool) => tool.values[group].has(value)) && !selection[group].includes(value), `${key} missing under ${label}`).toBe(false);
            else expect(shown.get(key), `${key} under ${label}`).toBe(count);
          }
        }
      }
    }
  }, 180_000);

  it("lists the most served marketplaces first and names them in the page language", async () => {
    const page = await listEcommerceTools(t.db, { lang: "ja", search: "", sort: "popular", selection: noFacets(), page: 1 });
    const counts = page.sidebar.marketplaces.map((m) => m.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.sidebar.marketplaces.find((m) => m.slug === "amazon-jp")?.name).toBe("Amazon (日本)");
    const de = await listEcommerceTools(t.db, { lang: "de", search: "", sort: "popular", selection: { ...noFacets(), chineseInterface: ["yes"] }, page: 1 });
    expect(de.sidebar.checks.find((c) => c.group === "chineseInterface")).toMatchObject({ name: "Chinesische Oberfläche", selected: true });
    expect(de.chips).toContainEqual({ group: "chineseInterface", slug: "yes", name: "Chinesische Oberfläche" });
  });

  it("filters the API's e-commerce list the same way, documents it, and names an unknown value in a 400", async () => {
    const selection = { ...noFacets(), marketplaces: ["amazon-jp", "shopee"], chineseInterface: ["yes"], languages: ["zh-hans"] };
    const expected = facts.filter((tool) => passes(tool, selection, FACET_PARAMS)).length;
    const res = await call("/api/v1/ecommerce-tools?marketplaces=amazon-jp,shopee&chinese_interface=yes&languages=zh-Hans");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; facets: { marketplaces: Array<{ slug: string; selected: boolean }>; languages: Array<{ slug: string; selected: boolean }>; checks: Array<{ parameter: string; selected: boolean }> } };
    expect(body.total).toBe(expected);
    expect(body.facets.marketplaces.filter((m) => m.selected).map((m) => m.slug).sort()).toEqual(["amazon-jp", "shopee"]);
    expect(body.facets.languages.find((l) => l.slug === "zh-Hans")?.selected).toBe(true);
    expect(body.facets.checks.find((c) => c.parameter === "chinese_interface")?.selected).toBe(true);

    const bad = await call("/api/v1/ecommerce-tools?marketplaces=amazon-jp,amazon-xx");
    expect(bad.status).toBe(400);
    const problem = (await bad.json()) as { invalid_params: Array<{ name: string; reason: string }> };
    expect(problem.invalid_params[0]?.name).toBe("marketplaces");
    expect(problem.invalid_params[0]?.reason).toContain("amazon-xx");
    expect((await call("/api/v1/ecommerce-tools?works_without_vpn=no")).status).toBe(400);

    const doc = openApiDocument(SITE) as { paths: Record<string, { get: { parameters: Array<{ name: string }> } }> };
    const names = doc.paths["/api/v1/ecommerce-tools"]!.get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["marketplaces", "languages", "open_source", "chinese_interface", "alipay_wechat_pay", "works_without_vpn"]));
  });
});
