import fs from "node:fs";
import type { DB } from "../db";
import { toJson } from "../db/values";
import { getStorage } from "../storage";
import { filterSlug } from "~/lib/slug";
import { changeCatalogInSteps } from "./changes";
import { parseJsonFile } from "./files";
import { importEcommerce, type EcommerceSections } from "./import-ecommerce";
import { createImageStore } from "./images";
import { PRICING_VALUES } from "./schemas";
import { chunks, createRandom, SYNTH_SLUG_PREFIX } from "./synth";

/**
 * Synthetic e-commerce tools for benchmarks and tests: deterministic for a
 * seed, linked to the real taxonomy (imported from the seed file first when
 * the database has none) with categories, filters, platforms and tags, with
 * English texts and, for about half of them, Chinese ones. Replaces earlier
 * synthetic e-commerce tools (slugs starting with `synth-`).
 */
const TOOLS_PER_TRANSACTION = 2000;
const ROWS_PER_INSERT = 400;
const EPOCH_START = Date.UTC(2021, 0, 1);
const EPOCH_END = Date.UTC(2026, 10, 1);

const PREFIXES = ["Seller", "Cross", "Market", "Ship", "Store", "Prime", "Parcel", "Listing", "Trade", "Global", "Cart", "Merchant", "Sku", "Port", "Ware", "Brand"];
const NOUNS = ["Scout", "Pilot", "Desk", "Flow", "Hub", "Radar", "Ledger", "Bridge", "Stack", "Lens", "Forge", "Dock", "Beacon", "Compass", "Engine", "Works"];
const TASKS = ["find winning products", "track competitor prices", "sync listings across marketplaces", "optimize ad spend", "route orders to warehouses", "reconcile payouts", "forecast inventory", "print shipping labels", "collect reviews", "file VAT returns"];
const ZH_PREFIXES = ["跨境", "速卖", "海外", "优选", "云仓", "智能", "全球", "快递"];
const ZH_NOUNS = ["选品助手", "刊登宝", "广告管家", "订单通", "仓储云", "收款宝", "数据罗盘", "物流通"];
const ZH_TASKS = ["在亚马逊上选品", "追踪竞品价格", "多平台同步刊登", "优化广告投放", "把订单分配到海外仓", "对账与收款", "预测库存", "打印物流面单"];

interface Taxonomy {
  groups: Array<{ subs: number[] }>;
  filters: number[];
  platforms: number[];
  tags: number[];
}

async function loadTaxonomy(db: DB, seedFile: string): Promise<Taxonomy> {
  const count = await db.selectFrom("ecommerce_categories").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(count.n) === 0) {
    const data = parseJsonFile(fs.readFileSync(seedFile, "utf8"), seedFile) as Partial<EcommerceSections>;
    const sections: EcommerceSections = { groups: data.groups ?? [], filters: data.filters ?? [], platforms: data.platforms ?? [], tags: data.tags ?? [], tools: [] };
    await importEcommerce(db, seedFile, sections, createImageStore(getStorage(), { deferred: true }));
  }
  const categories = await db.selectFrom("ecommerce_categories").select(["id", "parent_id"]).orderBy("id").execute();
  const groups = categories.filter((c) => c.parent_id === null).map((g) => ({ subs: categories.filter((c) => c.parent_id === g.id).map((c) => c.id) }));
  const ids = async (table: "ecommerce_filters" | "ecommerce_platforms" | "ecommerce_tags") => (await db.selectFrom(table).select("id").orderBy("id").execute()).map((r) => r.id);
  const taxonomy = { groups: groups.filter((g) => g.subs.length > 0), filters: await ids("ecommerce_filters"), platforms: await ids("ecommerce_platforms"), tags: await ids("ecommerce_tags") };
  if (taxonomy.groups.length === 0 || taxonomy.platforms.length === 0) throw new Error("No e-commerce taxonomy to link synthetic tools to");
  return taxonomy;
}

type Random = ReturnType<typeof createRandom>;

/** Distinct picks; `skew` > 1 favours the first entries (large marketplaces, common tags), as real catalogues do. */
function pickSome(random: Random, items: number[], min: number, max: number, skew = 1): number[] {
  const wanted = random.int(min, Math.min(max, items.length));
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(items[Math.floor(random.next() ** skew * items.length)]!);
  return [...chosen];
}

function makeTool(random: Random, index: number, taxonomy: Taxonomy) {
  const name = `${random.pick(PREFIXES)}${random.pick(NOUNS)} ${index}`;
  const createdAt = new Date(EPOCH_START + Math.floor(random.next() * (EPOCH_END - EPOCH_START))).toISOString();
  const group = random.pick(taxonomy.groups);
  const categories = pickSome(random, group.subs, 1, 2);
  if (random.chance(0.15)) categories.push(random.pick(random.pick(taxonomy.groups).subs));
  const task = random.pick(TASKS);
  const popularity = random.next();
  const translations = random.chance(0.5)
    ? [{ language: "zh-CN", name: random.chance(0.5) ? `${random.pick(ZH_PREFIXES)}${random.pick(ZH_NOUNS)}` : null, description: `帮助跨境卖家${random.pick(ZH_TASKS)}，支持多店铺与团队协作。` }]
    : [];
  return {
    tool: {
      slug: `${SYNTH_SLUG_PREFIX}${String(index).padStart(6, "0")}-${filterSlug(name)}`,
      name,
      description: `${name} helps cross-border sellers ${task}, with multi-store support and team roles.`,
      image_url: null,
      image_webp_url: null,
      brand_color: null,
      website_url: `https://${filterSlug(name)}.example.com`,
      pricing: random.pick(PRICING_VALUES),
      features: toJson([`Tools to ${task}`, "Multi-store dashboard", "Team roles and permissions"]),
      pros: toJson(["Quick to set up"]),
      cons: toJson(["Reports export only as CSV"]),
      rating: Math.round((2.5 + random.next() * 2.5) * 10) / 10,
      review_count: Math.floor(popularity ** 3 * 4000),
      is_featured: random.chance(0.03) ? 1 : 0,
      is_popular: popularity > 0.9 ? 1 : 0,
      created_at: createdAt,
      updated_at: createdAt,
    },
    translations,
    links: {
      categories: [...new Set(categories)],
      filters: pickSome(random, taxonomy.filters, 0, 3),
      platforms: pickSome(random, taxonomy.platforms, 1, 4, 2.5),
      tags: pickSome(random, taxonomy.tags, 2, 8, 1.5),
    },
  };
}

const LINK_TABLES = [
  ["categories", "ecommerce_tool_categories", "category_id"],
  ["filters", "ecommerce_tool_filters", "filter_id"],
  ["platforms", "ecommerce_tool_platforms", "platform_id"],
  ["tags", "ecommerce_tool_tags", "tag_id"],
] as const;

export interface EcommerceSynthOptions {
  tools: number;
  seed?: number;
  seedFile?: string;
  onProgress?: (done: number) => void;
}

export async function synthesizeEcommerce(db: DB, options: EcommerceSynthOptions): Promise<{ tools: number; links: number }> {
  const taxonomy = await loadTaxonomy(db, options.seedFile ?? "seed/catalog/ecommerce.json");
  return changeCatalogInSteps(db, "ecommerce", async (step) => {
    await step((trx) => trx.deleteFrom("ecommerce_tools").where("slug", "like", `${SYNTH_SLUG_PREFIX}%`).execute());
    const random = createRandom((options.seed ?? 20250820) ^ 0x5eed);
    const totals = { tools: 0, links: 0 };
    for (let start = 1; start <= options.tools; start += TOOLS_PER_TRANSACTION) {
      const end = Math.min(options.tools, start + TOOLS_PER_TRANSACTION - 1);
      const batch = Array.from({ length: end - start + 1 }, (_, i) => makeTool(random, start + i, taxonomy));
      totals.links += await step(async (trx) => {
        let linked = 0;
        const ids = new Map<string, number>();
        for (const rows of chunks(batch.map((b) => b.tool), ROWS_PER_INSERT)) {
          for (const row of await trx.insertInto("ecommerce_tools").values(rows).returning(["id", "slug"]).execute()) ids.set(row.slug, row.id);
        }
        const idOf = (b: (typeof batch)[number]) => ids.get(b.tool.slug)!;
        const translations = batch.flatMap((b) => b.translations.map((t) => ({ ...t, tool_id: idOf(b), features: "[]", pros: "[]", cons: "[]" })));
        for (const rows of chunks(translations, ROWS_PER_INSERT)) await trx.insertInto("ecommerce_tool_translations").values(rows).execute();
        for (const [kind, table, column] of LINK_TABLES) {
          const links = batch.flatMap((b) => b.links[kind].map((value) => ({ tool_id: idOf(b), [column]: value })));
          for (const rows of chunks(links, ROWS_PER_INSERT * 2)) await trx.insertInto(table).values(rows as never).execute();
          linked += links.length;
        }
        return linked;
      });
      totals.tools += batch.length;
      options.onProgress?.(totals.tools);
    }
    return totals;
  });
}
