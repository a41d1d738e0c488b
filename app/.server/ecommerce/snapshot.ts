import { sql } from "kysely";
import type { DB } from "../db";
import { catalogGeneration, checkCatalogFreshness, invalidateCatalogCache } from "../tools/cache";
import { add, emptySet, or, type Bitset } from "./bitset";

/**
 * What every e-commerce list read needs, held in memory for one catalogue
 * state: each tool's card fields by position, the positions in each sort
 * order, and one position set per facet value. Lists, facet counts and
 * load-more pages are then computed in memory (`facets.ts`, `list.ts`);
 * only a page's texts and free-text matches are read from the database.
 * Rebuilt after `invalidateCatalogCache()` or when another writer changed the
 * e-commerce tables (noticed within 5 s through indexed maxima, as the tool cache does).
 */
export const ECOMMERCE_SORTS = ["popular", "rating", "newest", "name"] as const;
export type EcommerceSort = (typeof ECOMMERCE_SORTS)[number];
export const FACET_GROUPS = ["categories", "filters", "platforms"] as const;
export type FacetGroup = (typeof FACET_GROUPS)[number];

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
  ids: Int32Array;
  positionOf: Map<number, number>;
  slug: string[];
  name: string[];
  imageUrl: Array<string | null>;
  imageWebpUrl: Array<string | null>;
  pricing: string[];
  rating: Float64Array;
  reviewCount: Int32Array;
  /** Tag ids of the tool at position p: `tagIds[tagStart[p] .. tagStart[p + 1]]`, in tag-name order. */
  tagStart: Int32Array;
  tagIds: Int32Array;
  orders: Record<EcommerceSort, Int32Array>;
  /** Members per facet value slug; a category group's set covers its subcategories. */
  values: Record<FacetGroup, Map<string, Bitset>>;
  /** Members per tag id (tag names are searched in memory). */
  tagMembers: Map<number, Bitset>;
  taxonomy: Taxonomy;
  /** Derived reads kept for this catalogue state only (search matches, facet results). */
  memo: Map<string, unknown>;
}

async function loadSnapshot(db: DB): Promise<Snapshot> {
  const [tools, categoryRows, categoryNames, filters, platforms, tags, links] = await Promise.all([
    db
      .selectFrom("ecommerce_tools")
      .select(["id", "slug", "name", "image_url", "image_webp_url", "pricing", "rating", "review_count", "is_popular", "created_at"])
      .orderBy("id")
      .execute(),
    db.selectFrom("ecommerce_categories").select(["id", "slug", "parent_id", "icon", "color"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("ecommerce_category_translations").select(["category_id", "language", "name"]).execute(),
    db.selectFrom("ecommerce_filters").select(["id", "slug", "name"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("ecommerce_platforms").select(["id", "slug", "name", "kind"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("ecommerce_tags").select(["id", "slug", "name", "color"]).orderBy("name").execute(),
    Promise.all([
      db.selectFrom("ecommerce_tool_categories").select(["tool_id", "category_id as value_id"]).execute(),
      db.selectFrom("ecommerce_tool_filters").select(["tool_id", "filter_id as value_id"]).execute(),
      db.selectFrom("ecommerce_tool_platforms").select(["tool_id", "platform_id as value_id"]).execute(),
      db.selectFrom("ecommerce_tool_tags").select(["tool_id", "tag_id as value_id"]).execute(),
    ]),
  ]);
  const size = tools.length;
  const positionOf = new Map<number, number>();
  const ids = new Int32Array(size);
  tools.forEach((tool, position) => {
    ids[position] = tool.id;
    positionOf.set(tool.id, position);
  });

  const names = new Map<number, Record<string, string>>();
  for (const row of categoryNames) names.set(row.category_id, { ...names.get(row.category_id), [row.language]: row.name });
  const groups: TaxonomyGroup[] = categoryRows
    .filter((c) => c.parent_id === null)
    .map((c) => ({ id: c.id, slug: c.slug, icon: c.icon, color: c.color, names: names.get(c.id) ?? {}, subcategories: [] }));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  for (const c of categoryRows) {
    if (c.parent_id !== null) groupById.get(c.parent_id)?.subcategories.push({ id: c.id, slug: c.slug, names: names.get(c.id) ?? {} });
  }

  const membersBy = (rows: Array<{ tool_id: number; value_id: number }>) => {
    const sets = new Map<number, Bitset>();
    for (const row of rows) {
      const position = positionOf.get(row.tool_id);
      if (position === undefined) continue;
      let set = sets.get(row.value_id);
      if (!set) sets.set(row.value_id, (set = emptySet(size)));
      add(set, position);
    }
    return sets;
  };
  const [categoryLinks, filterLinks, platformLinks, tagLinks] = links;
  const byCategory = membersBy(categoryLinks);
  const categoryValues = new Map<string, Bitset>();
  for (const group of groups) {
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

  // Tags per tool in name order, as one flat array with offsets.
  const tagOrder = new Map(tags.map((t, i) => [t.id, i]));
  const perTool: number[][] = Array.from({ length: size }, () => []);
  for (const row of tagLinks) {
    const position = positionOf.get(row.tool_id);
    if (position !== undefined) perTool[position]!.push(row.value_id);
  }
  const tagStart = new Int32Array(size + 1);
  const tagIds = new Int32Array(tagLinks.length);
  let cursor = 0;
  perTool.forEach((list, position) => {
    tagStart[position] = cursor;
    list.sort((a, b) => (tagOrder.get(a) ?? 0) - (tagOrder.get(b) ?? 0));
    for (const id of list) tagIds[cursor++] = id;
  });
  tagStart[size] = cursor;

  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const positions = () => Int32Array.from({ length: size }, (_, i) => i);
  const sorted = (compare: (a: (typeof tools)[number], b: (typeof tools)[number]) => number) =>
    positions().sort((a, b) => compare(tools[a]!, tools[b]!) || tools[a]!.id - tools[b]!.id);
  const orders: Record<EcommerceSort, Int32Array> = {
    popular: sorted((a, b) => b.is_popular - a.is_popular || b.rating - a.rating || b.review_count - a.review_count),
    rating: sorted((a, b) => b.rating - a.rating || b.review_count - a.review_count),
    newest: sorted((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)),
    name: sorted((a, b) => collator.compare(a.name, b.name)),
  };

  return {
    size,
    ids,
    positionOf,
    slug: tools.map((t) => t.slug),
    name: tools.map((t) => t.name),
    imageUrl: tools.map((t) => t.image_url),
    imageWebpUrl: tools.map((t) => t.image_webp_url),
    pricing: tools.map((t) => t.pricing),
    rating: Float64Array.from(tools, (t) => Number(t.rating)),
    reviewCount: Int32Array.from(tools, (t) => Number(t.review_count)),
    tagStart,
    tagIds,
    orders,
    values: { categories: categoryValues, filters: bySlug(filters, membersBy(filterLinks)), platforms: bySlug(platforms, membersBy(platformLinks)) },
    tagMembers: membersBy(tagLinks),
    taxonomy: { groups, filters, platforms, tags },
    memo: new Map(),
  };
}

interface Held {
  generation: number;
  snapshot: Promise<Snapshot>;
  fingerprint?: string;
  checkedAt: number;
}
const held = new WeakMap<DB, Held>();
const FINGERPRINT_EVERY_MS = 5_000;

/** Indexed maxima only: cheap at any catalogue size. */
async function fingerprint(db: DB): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`select
    (select max(id) from ecommerce_tools) as tools_id, (select max(updated_at) from ecommerce_tools) as tools_updated,
    (select count(*) from ecommerce_categories) as categories`.execute(db);
  return JSON.stringify(rows[0] ?? null);
}

function checkFingerprint(db: DB, entry: Held): void {
  const now = Date.now();
  if (now - entry.checkedAt < FINGERPRINT_EVERY_MS) return;
  entry.checkedAt = now;
  fingerprint(db)
    .then((current) => {
      if (entry.fingerprint !== undefined && current !== entry.fingerprint) invalidateCatalogCache();
      entry.fingerprint = current;
    })
    .catch(() => undefined);
}

/** The snapshot of the current catalogue state (built on first use after a change; concurrent callers share it). */
export function getSnapshot(db: DB): Promise<Snapshot> {
  checkCatalogFreshness(db);
  const generation = catalogGeneration();
  let entry = held.get(db);
  if (!entry || entry.generation !== generation) {
    const snapshot = loadSnapshot(db);
    const fresh: Held = { generation, snapshot, fingerprint: entry?.fingerprint, checkedAt: entry?.checkedAt ?? 0 };
    held.set(db, (entry = fresh));
    // A failed build is retried by the next request instead of being served.
    snapshot.catch(() => {
      if (held.get(db) === fresh) held.delete(db);
    });
  }
  checkFingerprint(db, entry);
  return entry.snapshot;
}
