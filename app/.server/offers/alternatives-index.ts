import { sql } from "kysely";
import type { DB } from "../db";
import type { CatalogScope } from "../catalog/scopes";
import { perCatalogGeneration } from "../tools/cache";
import { parseJson } from "../db/values";
import type { OffersKind } from "./store";

/**
 * What alternatives and comparison pairs are computed from, per catalogue state and kind of tool: each tool's
 * subcategories, tags and offers, and each subcategory's members. Built from the tools' rows, links and offers
 * (`tools` and `taxonomy` scopes; e-commerce tools: `ecommerce`), so ratings moving leave it alone: ratings
 * are read fresh for the few candidates a page ranks.
 */
export interface ToolFacts {
  id: number;
  slug: string;
  subcategories: number[];
  /** Top-level categories (comparison pairs are capped per category). */
  categories: number[];
  tags: string[];
  freePlan: boolean;
  api: boolean;
  openSource: boolean;
  platforms: string[];
  marketplaces: string[];
}

export interface AlternativesIndex {
  kind: OffersKind;
  tools: ToolFacts[];
  bySlug: Map<string, ToolFacts>;
  byId: Map<number, ToolFacts>;
  /** Tool ids per subcategory. */
  members: Map<number, number[]>;
  /** Names of subcategories per language. */
  subcategoryNames: Map<number, Record<string, string>>;
}

const TABLES = {
  tool: { tools: "tools", links: "tool_categories", categories: "categories", names: "category_translations", offers: "tool_offers" },
  ecommerce: { tools: "ecommerce_tools", links: "ecommerce_tool_categories", categories: "ecommerce_categories", names: "ecommerce_category_translations", offers: "ecommerce_tool_offers" },
} as const;

async function build(db: DB, kind: OffersKind): Promise<AlternativesIndex> {
  const t = TABLES[kind];
  const toolRows =
    kind === "tool"
      ? await db.selectFrom("tools").select(["id", "slug"]).where("status", "=", "published").orderBy("id").execute()
      : await db.selectFrom("ecommerce_tools").select(["id", "slug"]).where("status", "=", "published").orderBy("id").execute();
  const [links, categories, names, offers, tagRows] = await Promise.all([
    sql<{ tool_id: number; category_id: number }>`select tool_id, category_id from ${sql.table(t.links)}`.execute(db),
    sql<{ id: number; parent_id: number | null }>`select id, parent_id from ${sql.table(t.categories)}`.execute(db),
    sql<{ category_id: number; language: string; name: string }>`select category_id, language, name from ${sql.table(t.names)}`.execute(db),
    sql<Record<string, unknown>>`select * from ${sql.table(t.offers)}`.execute(db),
    kind === "tool"
      ? db.selectFrom("tool_translations").select(["tool_id", "tags"]).where("language", "=", "us-en").execute()
      : db.selectFrom("ecommerce_tool_tags as l").innerJoin("ecommerce_tags as g", "g.id", "l.tag_id").select(["l.tool_id", "g.slug"]).execute(),
  ]);
  const parentOf = new Map(categories.rows.map((c) => [Number(c.id), c.parent_id === null ? null : Number(c.parent_id)]));
  const tools: ToolFacts[] = toolRows.map((row) => ({ id: row.id, slug: row.slug, subcategories: [], categories: [], tags: [], freePlan: false, api: false, openSource: false, platforms: [], marketplaces: [] }));
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  const members = new Map<number, number[]>();
  for (const link of links.rows) {
    const tool = byId.get(Number(link.tool_id));
    const category = Number(link.category_id);
    if (!tool) continue;
    const parent = parentOf.get(category);
    if (parent === undefined) continue;
    if (parent === null) {
      if (!tool.categories.includes(category)) tool.categories.push(category);
      continue;
    }
    tool.subcategories.push(category);
    if (!tool.categories.includes(parent)) tool.categories.push(parent);
    let list = members.get(category);
    if (!list) members.set(category, (list = []));
    list.push(tool.id);
  }
  for (const row of tagRows as Array<{ tool_id: number; tags?: string; slug?: string }>) {
    const tool = byId.get(Number(row.tool_id));
    if (!tool) continue;
    if (row.tags !== undefined) tool.tags = parseJson<string[]>(row.tags, []).map((tag) => tag.toLowerCase());
    else if (row.slug) tool.tags.push(row.slug);
  }
  for (const row of offers.rows) {
    const tool = byId.get(Number(row.tool_id));
    if (!tool) continue;
    tool.freePlan = Number(row.free_plan) === 1;
    tool.api = Number(row.api) === 1;
    tool.openSource = Number(row.open_source) === 1;
    tool.platforms = parseJson<string[]>(row.platforms as string | null, []);
    tool.marketplaces = parseJson<string[]>(row.marketplaces as string | null | undefined, []);
  }
  const subcategoryNames = new Map<number, Record<string, string>>();
  for (const row of names.rows) subcategoryNames.set(Number(row.category_id), { ...subcategoryNames.get(Number(row.category_id)), [row.language]: row.name });
  return { kind, tools, bySlug: new Map(tools.map((tool) => [tool.slug, tool])), byId, members, subcategoryNames };
}

const SCOPES: Record<OffersKind, readonly CatalogScope[]> = { tool: ["tools", "taxonomy"], ecommerce: ["ecommerce"] };
const held = {
  tool: perCatalogGeneration<{ value?: Promise<AlternativesIndex> }>(() => ({}), SCOPES.tool),
  ecommerce: perCatalogGeneration<{ value?: Promise<AlternativesIndex> }>(() => ({}), SCOPES.ecommerce),
};

/** The index of the current catalogue state (built on first use after a change; concurrent callers share it). */
export function alternativesIndex(db: DB, kind: OffersKind): Promise<AlternativesIndex> {
  const slot = held[kind](db);
  if (!slot.value) {
    const value = build(db, kind);
    slot.value = value;
    value.catch(() => {
      if (slot.value === value) slot.value = undefined;
    });
  }
  return slot.value;
}
