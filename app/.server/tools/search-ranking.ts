import { sql } from "kysely";
import type { DB } from "../db";
import { readIntColumns } from "../db/int-columns";
import { getRecent } from "~/lib/bounded-map";
import { MAX_SCORE, searchWords, toolMatches, type ToolMatch } from "../db/search";
import { perCatalogGeneration } from "./cache";
import type { ToolSort } from "./order";
import { sortPositions, type SortPositions } from "./sort-positions";

/**
 * The ranked list of every tool a list page shows (search score, then the
 * chosen sort), computed once and shared by every page of that list: page N
 * is a slice of it. Lists without a search rank a category's members (or the
 * whole catalogue) by the sort alone. The matches of a search or category
 * filter are kept too, so another sort of the same list only re-sorts them in
 * memory. Both are kept per database handle under a budget of ids and dropped
 * when the catalogue changes.
 */
/** About 10 MB per database at most. */
const MAX_CACHED_IDS = 2_000_000;
const MAX_ENTRIES = 1_000;
/** Positions stay below 2^32 and scores at most MAX_SCORE, so one double holds both exactly. */
const POSITION_RANGE = 2 ** 32;

interface Matches {
  ids: Int32Array;
  scores: Int32Array;
}

interface Entry {
  value: Promise<Matches | Int32Array>;
  size: number;
}

interface State {
  entries: Map<string, Entry>;
  size: number;
}

/** Per database handle, emptied by every catalogue change. */
const stateOf = perCatalogGeneration<State>(() => ({ entries: new Map(), size: 0 }));

export interface RankedListQuery {
  /** Words to match; blank or missing lists every tool (of the category filter). */
  search?: string;
  categoryIds?: number[];
  sort: ToolSort;
}

/** The cached value for `key`, computed once (concurrent callers share it); least recently used go first. */
function remember<T extends Matches | Int32Array>(db: DB, key: string, compute: () => Promise<T>): Promise<T> {
  const state = stateOf(db);
  const hit = getRecent(state.entries, key);
  if (hit) return hit.value as Promise<T>;
  const value = compute();
  const entry: Entry = { value, size: 0 };
  state.entries.set(key, entry);
  value.then(
    (result) => {
      if (state.entries.get(key) !== entry) return;
      entry.size = result instanceof Int32Array ? result.length : result.ids.length;
      state.size += entry.size;
      for (const [oldKey, old] of state.entries) {
        if (state.size <= MAX_CACHED_IDS && state.entries.size <= MAX_ENTRIES) break;
        state.entries.delete(oldKey);
        state.size -= old.size;
      }
    },
    // A failed read must not be served from the cache.
    () => {
      if (state.entries.get(key) === entry) state.entries.delete(key);
    },
  );
  return value;
}

/** Tools linked to any of the categories, all with the same score: the sort alone orders them. */
async function categoryMembers(db: DB, categoryIds: number[]): Promise<Matches> {
  const query = db.selectFrom("tool_categories").select("tool_id").distinct().where("category_id", "in", categoryIds.length ? categoryIds : [-1]);
  const [ids] = await readIntColumns(db, query, ["tool_id"] as const);
  return { ids, scores: new Int32Array(ids.length) };
}

async function findMatches(db: DB, words: string[], categoryIds: number[] | null): Promise<Matches> {
  const matches = toolMatches(db, words.join(" "));
  if (!matches) return { ids: new Int32Array(0), scores: new Int32Array(0) };
  let query = db.selectFrom(sql<ToolMatch>`(${matches})`.as("m")).select(["m.tool_id", "m.score"]);
  if (categoryIds) {
    const ids = categoryIds.length ? categoryIds : [-1];
    query = query.where("m.tool_id", "in", (eb) => eb.selectFrom("tool_categories").select("tool_id").where("category_id", "in", ids));
  }
  const [ids, scores] = await readIntColumns(db, query, ["tool_id", "score"] as const);
  return { ids, scores };
}

/** Published matches, best score first, then in the sort's order. */
function rank({ ids, scores }: Matches, { ids: ordered, positionOf }: SortPositions): Int32Array {
  const keys = new Float64Array(ids.length);
  let count = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const position = id < positionOf.length ? positionOf[id]! : -1;
    if (position >= 0) keys[count++] = (MAX_SCORE - scores[i]!) * POSITION_RANGE + position;
  }
  const sorted = keys.subarray(0, count).sort();
  const ranked = new Int32Array(count);
  for (let i = 0; i < count; i++) ranked[i] = ordered[sorted[i]! % POSITION_RANGE]!;
  return ranked;
}

/**
 * Ids of every published tool the list shows, in list order: the search's matches (within the category
 * filter), or the filter's members, or, with neither, the whole catalogue in the sort's order.
 */
export async function rankedTools(db: DB, query: RankedListQuery): Promise<Int32Array> {
  const words = searchWords(query.search ?? "");
  const categoryIds = query.categoryIds ? [...new Set(query.categoryIds)].sort((a, b) => a - b) : null;
  if (words.length === 0 && !categoryIds) return (await sortPositions(db, query.sort)).ids;
  const matchKey = JSON.stringify([words, categoryIds]);
  return remember(db, `${query.sort}:${matchKey}`, async () => {
    const [matches, positions] = await Promise.all([
      remember(db, `matches:${matchKey}`, () => (words.length ? findMatches(db, words, categoryIds) : categoryMembers(db, categoryIds!))),
      sortPositions(db, query.sort),
    ]);
    return rank(matches, positions);
  });
}
