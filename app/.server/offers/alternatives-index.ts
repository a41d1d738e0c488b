import { sql } from "kysely";
import { TimeSlices } from "~/lib/time-slices";
import { CodeListsBuilder, valuesOf, type CodeLists } from "../compact/code-lists";
import { GrowableInt32, groupByOwner } from "../compact/growable";
import { PoolLookup, StringPoolBuilder, type StringPool } from "../compact/string-pool";
import type { DB } from "../db";
import type { CatalogScope } from "../catalog/scopes";
import { readIntAndTextColumns } from "../db/int-columns";
import { timeBuild } from "../metrics";
import { rebuildPolicy } from "../search/current";
import { derivedCaughtUp, perCatalogGeneration } from "../tools/cache";
import { parseJson } from "../db/values";
import type { OffersKind } from "./store";

/**
 * What alternatives and comparison pairs are computed from, per catalogue state and kind of tool: each tool's
 * subcategories, tags and offers, and each subcategory's members. Built from the tools' rows, links and offers
 * (`tools` and `taxonomy` scopes; e-commerce tools: `ecommerce`), so ratings moving leave it alone: ratings
 * are read fresh for the few candidates a page ranks.
 *
 * Compact (decision 0039): a tool is a position (tools by ascending id); its lists are runs of typed arrays
 * and its strings small codes, with no object per tool. `ToolFacts` is made on demand for the few tools a
 * page shows.
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

/** Offer flags, one bit each. */
export const FREE_PLAN = 1;
export const API = 2;
export const OPEN_SOURCE = 4;

/** Tool lookups by slug or id, each answering a `ToolFacts` made on demand. */
export interface FactsLookup<K> {
  get(key: K): ToolFacts | undefined;
  has(key: K): boolean;
}

export interface AlternativesIndex {
  kind: OffersKind;
  size: number;
  /** Per position: the tool's id (ascending) and slug (pool id = position). */
  ids: Int32Array;
  slugs: StringPool;
  slugLookup: PoolLookup;
  /** Per position: subcategory ids, then top-level category ids (`offsets[p]` to `offsets[p + 1]`). */
  subcategoryOffsets: Uint32Array;
  subcategoryIds: Int32Array;
  categoryOffsets: Uint32Array;
  categoryIds: Int32Array;
  tags: CodeLists;
  platforms: CodeLists;
  marketplaces: CodeLists;
  /** Per position: FREE_PLAN | API | OPEN_SOURCE. */
  offerFlags: Uint8Array;
  bySlug: FactsLookup<string>;
  byId: FactsLookup<number>;
  /** Tool ids per subcategory. */
  members: Map<number, number[]>;
  /** Names of subcategories per language. */
  subcategoryNames: Map<number, Record<string, string>>;
}

/** Position of the tool `id`, or -1. */
export function positionOfId(index: AlternativesIndex, id: number): number {
  let lo = 0;
  let hi = index.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return index.ids[lo] === id ? lo : -1;
}

export const positionOfSlug = (index: AlternativesIndex, slug: string): number => index.slugLookup.find(slug);

export const subcategoriesAt = (index: AlternativesIndex, position: number): Int32Array => index.subcategoryIds.subarray(index.subcategoryOffsets[position]!, index.subcategoryOffsets[position + 1]!);

export function factsAt(index: AlternativesIndex, position: number): ToolFacts {
  const flags = index.offerFlags[position]!;
  return {
    id: index.ids[position]!,
    slug: index.slugs.get(position),
    subcategories: Array.from(subcategoriesAt(index, position)),
    categories: Array.from(index.categoryIds.subarray(index.categoryOffsets[position]!, index.categoryOffsets[position + 1]!)),
    tags: valuesOf(index.tags, position),
    freePlan: (flags & FREE_PLAN) !== 0,
    api: (flags & API) !== 0,
    openSource: (flags & OPEN_SOURCE) !== 0,
    platforms: valuesOf(index.platforms, position),
    marketplaces: valuesOf(index.marketplaces, position),
  };
}

function lookup<K>(find: (key: K) => number, index: () => AlternativesIndex): FactsLookup<K> {
  return {
    get: (key) => {
      const position = find(key);
      return position < 0 ? undefined : factsAt(index(), position);
    },
    has: (key) => find(key) >= 0,
  };
}

const TABLES = {
  tool: { tools: "tools", links: "tool_categories", categories: "categories", names: "category_translations", offers: "tool_offers" },
  ecommerce: { tools: "ecommerce_tools", links: "ecommerce_tool_categories", categories: "ecommerce_categories", names: "ecommerce_category_translations", offers: "ecommerce_tool_offers" },
} as const;

/** Built in time slices (decision 0034): at a million tools the loops below are seconds of CPU. */
async function build(db: DB, kind: OffersKind): Promise<AlternativesIndex> {
  const slices = new TimeSlices();
  const t = TABLES[kind];
  // The long lists are read as columns, off the main thread on SQLite (at a million tools they are seconds).
  const columns = { rebuild: true } as const;
  const [tools, links, categories, names, offers, tagRows] = await Promise.all([
    kind === "tool"
      ? readIntAndTextColumns(db, db.selectFrom("tools").select(["id", "slug"]).where("status", "=", "published").orderBy("id"), ["id"] as const, ["slug"] as const, columns)
      : readIntAndTextColumns(db, db.selectFrom("ecommerce_tools").select(["id", "slug"]).where("status", "=", "published").orderBy("id"), ["id"] as const, ["slug"] as const, columns),
    kind === "tool"
      ? readIntAndTextColumns(db, db.selectFrom("tool_categories").select(["tool_id", "category_id"]), ["tool_id", "category_id"] as const, [] as const, columns)
      : readIntAndTextColumns(db, db.selectFrom("ecommerce_tool_categories").select(["tool_id", "category_id"]), ["tool_id", "category_id"] as const, [] as const, columns),
    sql<{ id: number; parent_id: number | null }>`select id, parent_id from ${sql.table(t.categories)}`.execute(db),
    sql<{ category_id: number; language: string; name: string }>`select category_id, language, name from ${sql.table(t.names)}`.execute(db),
    kind === "tool"
      ? readIntAndTextColumns(db, db.selectFrom("tool_offers").select(["tool_id", "free_plan", "api", "open_source", "platforms"]), ["tool_id", "free_plan", "api", "open_source"] as const, ["platforms"] as const, columns)
      : readIntAndTextColumns(db, db.selectFrom("ecommerce_tool_offers").select(["tool_id", "free_plan", "api", "open_source", "platforms", "marketplaces"]), ["tool_id", "free_plan", "api", "open_source"] as const, ["platforms", "marketplaces"] as const, columns),
    kind === "tool"
      ? readIntAndTextColumns(db, db.selectFrom("tool_translations").select(["tool_id", "tags"]).where("language", "=", "us-en"), ["tool_id"] as const, ["tags"] as const, columns)
      : readIntAndTextColumns(db, db.selectFrom("ecommerce_tool_tags as l").innerJoin("ecommerce_tags as g", "g.id", "l.tag_id").select(["l.tool_id", "g.slug"]), ["tool_id"] as const, ["slug"] as const, columns),
  ]);
  const ids = tools.ints[0];
  const size = ids.length;
  const slugBuilder = new StringPoolBuilder();
  for (const slug of tools.texts[0]) {
    slugBuilder.add(slug);
    if (slices.due()) await slices.yield();
  }
  const slugs = slugBuilder.build();
  const slugLookup = await PoolLookup.build(slugs, size, slices);
  const positionOf = new Int32Array(size ? ids[size - 1]! + 1 : 0).fill(-1);
  ids.forEach((id, position) => (positionOf[id] = position));
  const position = (toolId: unknown) => {
    const id = Number(toolId);
    return id >= 0 && id < positionOf.length ? positionOf[id]! : -1;
  };

  // Links in the order read: members per subcategory, and per tool its categories in that order.
  const parentOf = new Map(categories.rows.map((c) => [Number(c.id), c.parent_id === null ? null : Number(c.parent_id)]));
  const members = new Map<number, number[]>();
  const linkOwners = new GrowableInt32();
  const linkCategories = new GrowableInt32();
  const [linkTools, linkCategoryIds] = links.ints;
  for (let k = 0; k < linkTools.length; k++) {
    if (slices.due()) await slices.yield();
    const owner = position(linkTools[k]);
    const category = linkCategoryIds[k]!;
    const parent = parentOf.get(category);
    if (owner < 0 || parent === undefined) continue;
    linkOwners.push(owner);
    linkCategories.push(category);
    if (parent === null) continue;
    let list = members.get(category);
    if (!list) members.set(category, (list = []));
    list.push(ids[owner]!);
  }
  const { offsets: linkOffsets, order: linkOrder } = groupByOwner(linkOwners.view(), size);
  const subcategoryOffsets = new Uint32Array(size + 1);
  const subcategoryIds = new GrowableInt32();
  const categoryOffsets = new Uint32Array(size + 1);
  const categoryIds = new GrowableInt32();
  for (let owner = 0; owner < size; owner++) {
    if (slices.due()) await slices.yield();
    const firstCategory = categoryIds.length;
    const addCategory = (category: number) => {
      for (let k = firstCategory; k < categoryIds.length; k++) if (categoryIds.at(k) === category) return;
      categoryIds.push(category);
    };
    for (let k = linkOffsets[owner]!; k < linkOffsets[owner + 1]!; k++) {
      const category = linkCategories.at(linkOrder[k]!);
      const parent = parentOf.get(category)!;
      if (parent === null) {
        addCategory(category);
        continue;
      }
      subcategoryIds.push(category);
      addCategory(parent);
    }
    subcategoryOffsets[owner + 1] = subcategoryIds.length;
    categoryOffsets[owner + 1] = categoryIds.length;
  }

  const tags = new CodeListsBuilder();
  const [tagTools] = tagRows.ints;
  const [tagTexts] = tagRows.texts;
  for (let k = 0; k < tagTools.length; k++) {
    if (slices.due()) await slices.yield();
    const owner = position(tagTools[k]);
    if (owner < 0) continue;
    // AI tools: the English tags (a JSON list); e-commerce tools: one tag slug a row.
    if (kind === "tool") for (const tag of parseJson<string[]>(tagTexts[k], [])) tags.add(owner, tag.toLowerCase());
    else if (tagTexts[k]) tags.add(owner, tagTexts[k]!);
  }
  const offerFlags = new Uint8Array(size);
  const platforms = new CodeListsBuilder();
  const marketplaces = new CodeListsBuilder();
  const [offerTools, freePlan, api, openSource] = offers.ints;
  const [platformTexts, marketplaceTexts] = offers.texts;
  for (let k = 0; k < offerTools.length; k++) {
    if (slices.due()) await slices.yield();
    const owner = position(offerTools[k]);
    if (owner < 0) continue;
    offerFlags[owner] = (freePlan[k] === 1 ? FREE_PLAN : 0) | (api[k] === 1 ? API : 0) | (openSource[k] === 1 ? OPEN_SOURCE : 0);
    for (const code of parseJson<string[]>(platformTexts[k], [])) platforms.add(owner, code);
    for (const code of parseJson<string[]>(marketplaceTexts?.[k], [])) marketplaces.add(owner, code);
  }
  const subcategoryNames = new Map<number, Record<string, string>>();
  for (const row of names.rows) subcategoryNames.set(Number(row.category_id), { ...subcategoryNames.get(Number(row.category_id)), [row.language]: row.name });
  const index: AlternativesIndex = {
    kind,
    size,
    ids,
    slugs,
    slugLookup,
    subcategoryOffsets,
    subcategoryIds: subcategoryIds.trimmed(),
    categoryOffsets,
    categoryIds: categoryIds.trimmed(),
    tags: await tags.build(size, slices),
    platforms: await platforms.build(size, slices),
    marketplaces: await marketplaces.build(size, slices),
    offerFlags,
    bySlug: lookup((slug: string) => positionOfSlug(index, slug), () => index),
    byId: lookup((id: number) => positionOfId(index, id), () => index),
    members,
    subcategoryNames,
  };
  return index;
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
  if (previous && previous.size >= rebuildPolicy.answerFromPreviousFromTools) {
    slot.servedPrevious = true;
    return Promise.resolve(previous);
  }
  return slot.value;
}
