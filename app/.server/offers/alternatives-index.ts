import { sql } from "kysely";
import { TimeSlices } from "~/lib/time-slices";
import type { DB } from "../db";
import type { CatalogScope } from "../catalog/scopes";
import { readIntAndTextColumns } from "../db/int-columns";
import { parseJson } from "../db/values";
import { timeBuild } from "../metrics";
import { rebuildPolicy } from "../search/current";
import { derivedCaughtUp, perCatalogGeneration } from "../tools/cache";
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

/** Tools' rows, links, tags and offers: columns read in the background worker on SQLite (no request waits on them). */
async function readColumns(db: DB, kind: OffersKind) {
  const t = TABLES[kind];
  const rebuild = { rebuild: true };
  const marketplaces = kind === "ecommerce" ? sql`marketplaces` : sql`null`;
  const tagQuery =
    kind === "tool"
      ? sql`select tool_id, tags from tool_translations where language = 'us-en'`
      : sql`select l.tool_id, g.slug as tags from ecommerce_tool_tags l inner join ecommerce_tags g on g.id = l.tag_id`;
  const [tools, links, tags, offers, categories, names] = await Promise.all([
    readIntAndTextColumns(db, sql`select id, slug from ${sql.table(t.tools)} where status = 'published' order by id`, ["id"] as const, ["slug"] as const, rebuild),
    readIntAndTextColumns(db, sql`select tool_id, category_id from ${sql.table(t.links)}`, ["tool_id", "category_id"] as const, [] as const, rebuild),
    readIntAndTextColumns(db, tagQuery, ["tool_id"] as const, ["tags"] as const, rebuild),
    readIntAndTextColumns(
      db,
      sql`select tool_id, free_plan, api, open_source, platforms, ${marketplaces} as marketplaces from ${sql.table(t.offers)}`,
      ["tool_id", "free_plan", "api", "open_source"] as const,
      ["platforms", "marketplaces"] as const,
      rebuild,
    ),
    sql<{ id: number; parent_id: number | null }>`select id, parent_id from ${sql.table(t.categories)}`.execute(db),
    sql<{ category_id: number; language: string; name: string }>`select category_id, language, name from ${sql.table(t.names)}`.execute(db),
  ]);
  return { tools, links, tags, offers, categories: categories.rows, names: names.rows };
}

/** Builds the index in time slices (decision 0034): a 100k catalogue's links and offers are hundreds of thousands of rows. */
async function build(db: DB, kind: OffersKind): Promise<AlternativesIndex> {
  const { tools: toolColumns, links, tags, offers, categories, names } = await readColumns(db, kind);
  const slices = new TimeSlices();
  const parentOf = new Map(categories.map((c) => [Number(c.id), c.parent_id === null ? null : Number(c.parent_id)]));
  const [toolIds] = toolColumns.ints;
  const [slugs] = toolColumns.texts;
  const tools: ToolFacts[] = [];
  const byId = new Map<number, ToolFacts>();
  const bySlug = new Map<string, ToolFacts>();
  for (let i = 0; i < toolIds.length; i++) {
    const tool: ToolFacts = { id: toolIds[i]!, slug: slugs[i]!, subcategories: [], categories: [], tags: [], freePlan: false, api: false, openSource: false, platforms: [], marketplaces: [] };
    tools.push(tool);
    byId.set(tool.id, tool);
    bySlug.set(tool.slug, tool);
    if (slices.due()) await slices.yield();
  }
  const members = new Map<number, number[]>();
  const [linkTools, linkCategories] = links.ints;
  for (let i = 0; i < linkTools.length; i++) {
    if (slices.due()) await slices.yield();
    const tool = byId.get(linkTools[i]!);
    const category = linkCategories[i]!;
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
  const [tagTools] = tags.ints;
  const [tagTexts] = tags.texts;
  for (let i = 0; i < tagTools.length; i++) {
    if (slices.due()) await slices.yield();
    const tool = byId.get(tagTools[i]!);
    if (!tool) continue;
    // A tool's tags as one JSON list (tools), or one tag per row (e-commerce tools).
    if (kind === "tool") tool.tags = parseJson<string[]>(tagTexts[i], []).map((tag) => tag.toLowerCase());
    else if (tagTexts[i]) tool.tags.push(tagTexts[i]!);
  }
  const [offerTools, freePlan, api, openSource] = offers.ints;
  const [platforms, marketplaces] = offers.texts;
  for (let i = 0; i < offerTools.length; i++) {
    if (slices.due()) await slices.yield();
    const tool = byId.get(offerTools[i]!);
    if (!tool) continue;
    tool.freePlan = freePlan[i] === 1;
    tool.api = api[i] === 1;
    tool.openSource = openSource[i] === 1;
    tool.platforms = parseJson<string[]>(platforms[i], []);
    tool.marketplaces = parseJson<string[]>(marketplaces[i], []);
  }
  const subcategoryNames = new Map<number, Record<string, string>>();
  for (const row of names) subcategoryNames.set(Number(row.category_id), { ...subcategoryNames.get(Number(row.category_id)), [row.language]: row.name });
  return { kind, tools, bySlug, byId, members, subcategoryNames };
}

const SCOPES: Record<OffersKind, readonly CatalogScope[]> = { tool: ["tools", "taxonomy"], ecommerce: ["ecommerce"] };

interface Slot {
  value?: Promise<AlternativesIndex>;
  built?: AlternativesIndex;
  /** The previous index answered while this one was built. */
  servedPrevious?: boolean;
}

const held = {
  tool: perCatalogGeneration<Slot>(() => ({}), SCOPES.tool),
  ecommerce: perCatalogGeneration<Slot>(() => ({}), SCOPES.ecommerce),
};
/** The newest finished index per database and kind, of whichever catalogue state. */
const latest = { tool: new WeakMap<DB, AlternativesIndex>(), ecommerce: new WeakMap<DB, AlternativesIndex>() };

/**
 * The index of the current catalogue state (built on first use after a change; concurrent callers share it).
 * On a large catalogue (the search index's threshold, decision 0034) the previous index answers while the next
 * one is built: a tool published meanwhile gets its alternatives page once it is built, and the pages kept
 * from the previous index are dropped then.
 */
export function alternativesIndex(db: DB, kind: OffersKind): Promise<AlternativesIndex> {
  const slot = held[kind](db);
  if (slot.built) return Promise.resolve(slot.built);
  if (!slot.value) {
    const value = timeBuild(`alternatives_${kind}`, build(db, kind));
    slot.value = value;
    value.then(
      (built) => {
        slot.built = built;
        latest[kind].set(db, built);
        if (slot.servedPrevious) derivedCaughtUp(SCOPES[kind]);
      },
      () => {
        if (slot.value === value) slot.value = undefined;
      },
    );
  }
  const previous = latest[kind].get(db);
  if (previous && previous.tools.length >= rebuildPolicy.answerFromPreviousFromTools) {
    slot.servedPrevious = true;
    return Promise.resolve(previous);
  }
  return slot.value;
}
