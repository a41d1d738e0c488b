import { sql, type RawBuilder } from "kysely";
import { rankingScoreSql } from "~/lib/ranking";
import { FACET_PARAMS, type EcommerceSortValue, type FacetParam } from "~/lib/ecommerce-url";
import type { DB } from "../db";
import { readIntColumns } from "../db/int-columns";
import type { CatalogScope } from "../catalog/scopes";
import { catalogGeneration, checkCatalogFreshness } from "../tools/cache";
import { add, emptySet, or, type Bitset } from "../facets/bitset";
import { sizesOf } from "../facets/engine";
import { TimeSlices } from "~/lib/time-slices";
import { nameOrderIds, readToolNames, type ToolNames } from "./name-order";
import { LISTED_ECOMMERCE_SQL as LISTED } from "./listed";
import { loadOfferFacets } from "./offer-facets";

/**
 * What every e-commerce list read needs, held in memory for one catalogue
 * state: each tool's card fields by position, the positions in each sort
 * order, and one position set per facet value. Lists, facet counts and
 * load-more pages are then computed in memory (`facets.ts`, `queries.ts`);
 * only a page's texts and free-text matches are read from the database. What tools offer (marketplaces,
 * China fit, ...) comes from their offers rows (`offer-facets.ts`), written in the same change scope.
 * Rebuilt after an e-commerce change (`changeCatalog(db, "ecommerce", ...)`, or one another writer made,
 * noticed within 2 s by the catalogue fingerprint); changes of the tools' catalogue leave it as it is.
 */
/** Sorts and facet groups are the URL's (spec 4.6). */
export type EcommerceSort = EcommerceSortValue;
export const FACET_GROUPS = FACET_PARAMS;
export type FacetGroup = FacetParam;

export interface TaxonomyGroup {
  id: number;
  slug: string;
  icon: string | null;
  color: string | null;
  names: Record<string, string>;
  subcategories: Array<{ id: number; slug: string; names: Record<string, string> }>;
}

export interface Taxonomy {
  groups: TaxonomyGroup[];
  filters: Array<{ id: number; slug: string; name: string }>;
  platforms: Array<{ id: number; slug: string; name: string; kind: string }>;
  tags: Array<{ id: number; slug: string; name: string; color: string | null }>;
}

export interface Snapshot {
  size: number;
  /** Tool id at each position (ascending ids). */
  ids: Int32Array;
  positionOf: Map<number, number>;
  /** Tag ids of the tool at position p: `tagIds[tagStart[p] .. tagStart[p + 1]]`, in tag-name order. */
  tagStart: Int32Array;
  tagIds: Int32Array;
  /** Positions in each sort order but the name order, which is per page language (`sortOrder`). */
  orders: Record<Exclude<EcommerceSort, "name">, Int32Array>;
  /** What the name orders are made from, and each page language's name order once sorted (or while it is). */
  names: ToolNames;
  nameOrders: Map<string, Int32Array>;
  pendingNameOrders: Map<string, Promise<void>>;
  /** Members per facet value slug; a category group's set covers its subcategories. */
  values: Record<FacetGroup, Map<string, Bitset>>;
  /** How many members each value has (its count when nothing narrows the list). */
  valueSizes: Record<FacetGroup, ReadonlyMap<string, number>>;
  /** Members per tag id (tag names are searched in memory). */
  tagMembers: Map<number, Bitset>;
  taxonomy: Taxonomy;
  /** Derived reads kept for this catalogue state only (search matches, facet results). */
  memo: Map<string, unknown>;
}

/** SQL of each sort order (ties by id, so pages never overlap). */
const ORDER_SQL: Record<Exclude<EcommerceSort, "name">, string> = {
  // By rating means by the Bayesian score (app/lib/ranking.ts), as in the tools' lists.
  popular: `is_popular desc, ${rankingScoreSql()} desc, review_count desc, id`,
  rating: `${rankingScoreSql()} desc, review_count desc, id`,
  newest: "created_at desc, id desc",
};

/**
 * Everything comes back as integer columns (on SQLite read in the worker thread, `db/int-columns.ts`), so a
 * 100k catalogue with a million links loads in well under a second and without one object per row.
 */
async function loadSnapshot(db: DB): Promise<Snapshot> {
  const ints = <N extends readonly string[]>(query: RawBuilder<unknown>, names: N) => readIntColumns(db, query, names);
  const pairs = (table: string, column: string, order = sql``) =>
    ints(sql`select tool_id, ${sql.ref(column)} as value_id from ${sql.table(table)} ${order}`, ["tool_id", "value_id"] as const);
  const ordered = (sort: Exclude<EcommerceSort, "name">) => ints(sql`select id from ecommerce_tools where ${LISTED} order by ${sql.raw(ORDER_SQL[sort])}`, ["id"] as const);
  const [[ids], popular, rating, newest, name, categoryLinks, filterLinks, platformLinks, tagLinks, taxonomy] = await Promise.all([
    ints(sql`select id from ecommerce_tools where ${LISTED} order by id`, ["id"] as const),
    ordered("popular"),
    ordered("rating"),
    ordered("newest"),
    readToolNames(db),
    pairs("ecommerce_tool_categories", "category_id"),
    pairs("ecommerce_tool_filters", "filter_id"),
    pairs("ecommerce_tool_platforms", "platform_id"),
    // In primary-key order (tool, tag): no sort in the database; each tool's few tags are put in name order below.
    pairs("ecommerce_tool_tags", "tag_id", sql`order by tool_id, tag_id`),
    loadTaxonomy(db),
  ]);
  // Marked in time slices (decision 0034): a million links are a few hundred milliseconds of work.
  const slices = new TimeSlices();
  const size = ids.length;
  const positionOf = new Map<number, number>();
  for (let p = 0; p < size; p++) {
    positionOf.set(ids[p]!, p);
    if (slices.due()) await slices.yield();
  }
  const positions = async ([order]: readonly [Int32Array]) => {
    const result = new Int32Array(order.length);
    for (let i = 0; i < order.length; i++) {
      result[i] = positionOf.get(order[i]!) ?? 0;
      if (slices.due()) await slices.yield();
    }
    return result;
  };

  const membersBy = async ([toolIds, valueIds]: readonly [Int32Array, Int32Array]) => {
    const sets = new Map<number, Bitset>();
    for (let i = 0; i < toolIds.length; i++) {
      if (slices.due()) await slices.yield();
      const position = positionOf.get(toolIds[i]!);
      if (position === undefined) continue;
      let set = sets.get(valueIds[i]!);
      if (!set) sets.set(valueIds[i]!, (set = emptySet(size)));
      add(set, position);
    }
    return sets;
  };
  const byCategory = await membersBy(categoryLinks);
  const categoryValues = new Map<string, Bitset>();
  for (const group of taxonomy.groups) {
    const all = emptySet(size);
    for (const id of [group.id, ...group.subcategories.map((s) => s.id)]) {
      const set = byCategory.get(id);
      if (set) or(all, set);
    }
    categoryValues.set(group.slug, all);
    for (const sub of group.subcategories) categoryValues.set(sub.slug, byCategory.get(sub.id) ?? emptySet(size));
  }
  const bySlug = (rows: Array<{ id: number; slug: string }>, sets: Map<number, Bitset>) =>
    new Map(rows.map((row) => [row.slug, sets.get(row.id) ?? emptySet(size)]));

  // Links arrive ordered by tool id, which is position order: offsets in one pass.
  const [tagTools, tagValues] = tagLinks;
  const tagStart = new Int32Array(size + 1);
  for (let i = 0; i < tagTools.length; i++) {
    const position = positionOf.get(tagTools[i]!);
    if (position !== undefined) tagStart[position + 1]!++;
    if (slices.due()) await slices.yield();
  }
  for (let p = 0; p < size; p++) tagStart[p + 1]! += tagStart[p]!;
  const rank = new Map(taxonomy.tags.map((tag, i) => [tag.id, i]));
  const byName = (a: number, b: number) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  for (let p = 0; p < size; p++) {
    tagValues.subarray(tagStart[p]!, tagStart[p + 1]!).sort(byName);
    if (slices.due()) await slices.yield();
  }

  const values: Record<FacetGroup, Map<string, Bitset>> = {
    categories: categoryValues,
    filters: bySlug(taxonomy.filters, await membersBy(filterLinks)),
    platforms: bySlug(taxonomy.platforms, await membersBy(platformLinks)),
    ...(await loadOfferFacets(db, size, positionOf)),
  };
  return {
    size,
    ids,
    positionOf,
    tagStart,
    tagIds: tagValues,
    orders: { popular: await positions(popular), rating: await positions(rating), newest: await positions(newest) },
    names: name,
    nameOrders: new Map(),
    pendingNameOrders: new Map(),
    values,
    valueSizes: Object.fromEntries(FACET_GROUPS.map((group) => [group, sizesOf(values[group])])) as unknown as Record<FacetGroup, ReadonlyMap<string, number>>,
    tagMembers: await membersBy(tagLinks),
    taxonomy,
    memo: new Map(),
  };
}

/**
 * Positions in the chosen order. The name order is each page language's own, sorted on its first use
 * (`prepareSortOrder`, which list reads await before asking for it).
 */
export function sortOrder(snapshot: Snapshot, sort: EcommerceSort, lang: string): Int32Array {
  if (sort !== "name") return snapshot.orders[sort];
  const order = snapshot.nameOrders.get(lang);
  if (!order) throw new Error(`the ${lang} name order was not prepared`);
  return order;
}

/** Sorts the page language's name order if this snapshot has none yet (concurrent callers share the work). */
export async function prepareSortOrder(snapshot: Snapshot, sort: EcommerceSort, lang: string): Promise<void> {
  if (sort !== "name" || snapshot.nameOrders.has(lang)) return;
  let pending = snapshot.pendingNameOrders.get(lang);
  if (!pending) {
    pending = nameOrderIds(snapshot.names, lang).then((ids) => {
      snapshot.nameOrders.set(lang, ids.map((id) => snapshot.positionOf.get(id) ?? 0));
      snapshot.pendingNameOrders.delete(lang);
    });
    pending.catch(() => snapshot.pendingNameOrders.delete(lang));
    snapshot.pendingNameOrders.set(lang, pending);
  }
  await pending;
}

async function loadTaxonomy(db: DB): Promise<Taxonomy> {
  const [categoryRows, categoryNames, filters, platforms, tags] = await Promise.all([
    db.selectFrom("ecommerce_categories").select(["id", "slug", "parent_id", "icon", "color"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("ecommerce_category_translations").select(["category_id", "language", "name"]).execute(),
    db.selectFrom("ecommerce_filters").select(["id", "slug", "name"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("ecommerce_platforms").select(["id", "slug", "name", "kind"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("ecommerce_tags").select(["id", "slug", "name", "color"]).orderBy("name").execute(),
  ]);
  const names = new Map<number, Record<string, string>>();
  for (const row of categoryNames) names.set(row.category_id, { ...names.get(row.category_id), [row.language]: row.name });
  const groups: TaxonomyGroup[] = categoryRows
    .filter((c) => c.parent_id === null)
    .map((c) => ({ id: c.id, slug: c.slug, icon: c.icon, color: c.color, names: names.get(c.id) ?? {}, subcategories: [] }));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  for (const c of categoryRows) {
    if (c.parent_id !== null) groupById.get(c.parent_id)?.subcategories.push({ id: c.id, slug: c.slug, names: names.get(c.id) ?? {} });
  }
  return { groups, filters, platforms, tags };
}

interface Held {
  generation: number;
  snapshot: Promise<Snapshot>;
  /** The previous state, answered while a large catalogue's new snapshot is built. */
  stale?: Snapshot;
}
const held = new WeakMap<DB, Held>();
const settled = new WeakMap<Promise<Snapshot>, Snapshot>();
/** From this size a rebuild takes long enough (about a second at 100k) that readers keep the previous state meanwhile. */
const STALE_WHILE_REBUILDING_FROM = 20_000;

/** The snapshot is built from the e-commerce tables alone. */
const SNAPSHOT_SCOPES: readonly CatalogScope[] = ["ecommerce"];

/**
 * The snapshot of the current catalogue state (built on first use after a change; concurrent callers share
 * it). A large catalogue keeps answering from its previous snapshot until the new one is ready.
 */
export function getSnapshot(db: DB): Promise<Snapshot> {
  checkCatalogFreshness(db);
  const generation = catalogGeneration(SNAPSHOT_SCOPES);
  let entry = held.get(db);
  if (!entry || entry.generation !== generation) {
    const previous = entry ? settled.get(entry.snapshot) : undefined;
    const snapshot = loadSnapshot(db);
    const fresh: Held = {
      generation,
      snapshot,
      stale: previous && previous.size >= STALE_WHILE_REBUILDING_FROM ? previous : undefined,
    };
    held.set(db, (entry = fresh));
    snapshot.then(
      (value) => {
        settled.set(snapshot, value);
        fresh.stale = undefined;
      },
      // A failed build is retried by the next request instead of being served.
      () => {
        if (held.get(db) === fresh) held.delete(db);
      },
    );
  }
  const ready = settled.get(entry.snapshot) ?? entry.stale;
  return ready ? Promise.resolve(ready) : entry.snapshot;
}
