import type { DB } from "../db";
import { readIntColumns } from "../db/int-columns";
import { getRecent } from "~/lib/bounded-map";
import { foldText } from "~/lib/search-text";
import { searchIndex } from "../search/current";
import { matchQuery, RANK_LIMIT } from "../search/query";
import { TOOL_LIST_SCOPES } from "../catalog/scopes";
import { catchUpCount, perCatalogGeneration } from "./cache";
import type { ToolSort } from "./order";
import { orderKey, sortPositions, type SortPositions } from "./sort-positions";

/**
 * The ranked list of every tool a list page shows (search rank, then the
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

export interface Matches {
  ids: Int32Array;
  /** Search rank per id, lower first (all 0 for a category's members). */
  ranks: Int32Array;
}

interface Entry {
  value: Promise<Matches | Int32Array>;
  size: number;
  /** `catchUpCount()` when computed: an entry from before the search index last caught up is not used. */
  epoch: number;
}

interface State {
  entries: Map<string, Entry>;
  size: number;
}

/** Keys of the rankings in the orders that follow figures. */
const FIGURE_RANKINGS = [`${orderKey("popular", "")}:`, `${orderKey("rating", "")}:`];

/**
 * Per database handle, emptied by every change of what tool lists read. A change of a few tools' figures made
 * here (a rating) drops only the rankings in the orders that follow figures: the matches of searches and
 * category filters, and the rankings by date and name, stay.
 */
const stateOf = perCatalogGeneration<State>(() => ({ entries: new Map(), size: 0 }), TOOL_LIST_SCOPES, {
  moveFigures: (state) => {
    for (const [key, entry] of [...state.entries]) {
      if (!FIGURE_RANKINGS.some((prefix) => key.startsWith(prefix))) continue;
      state.entries.delete(key);
      state.size -= entry.size;
    }
    return true;
  },
});

export interface RankedListQuery {
  /** Words to match; blank or missing lists every tool (of the category filter). */
  search?: string;
  categoryIds?: number[];
  sort: ToolSort;
  /** The page language: the name order is its own. */
  lang: string;
}

/** The cached value for `key`, computed once (concurrent callers share it); least recently used go first. */
function remember<T extends Matches | Int32Array>(db: DB, key: string, compute: () => Promise<T>): Promise<T> {
  const state = stateOf(db);
  const epoch = catchUpCount();
  const hit = getRecent(state.entries, key);
  if (hit && hit.epoch === epoch) return hit.value as Promise<T>;
  if (hit) {
    state.entries.delete(key);
    state.size -= hit.size;
  }
  const value = compute();
  const entry: Entry = { value, size: 0, epoch };
  state.entries.set(key, entry);
  value.then(
    (result) => {
      if (state.entries.get(key) !== entry) return;
      // Ranked from the previous search index during a rebuild that has finished since: not kept.
      if (epoch !== catchUpCount()) {
        state.entries.delete(key);
        return;
      }
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
  return { ids, ranks: new Int32Array(ids.length) };
}

/** The search's matches from the in-memory index, within the category filter's members when there is one. */
async function findMatches(db: DB, search: string, categoryIds: number[] | null, members: () => Promise<Matches>): Promise<Matches> {
  const [index, filter] = await Promise.all([searchIndex(db), categoryIds ? members() : undefined]);
  const matches = matchQuery(index, search);
  if (!filter) return matches;
  const allowed = new Set(filter.ids);
  const keep = matches.ids.reduce((count, id) => count + (allowed.has(id) ? 1 : 0), 0);
  const ids = new Int32Array(keep);
  const ranks = new Int32Array(keep);
  let n = 0;
  matches.ids.forEach((id, i) => {
    if (!allowed.has(id)) return;
    ids[n] = id;
    ranks[n++] = matches.ranks[i]!;
  });
  return { ids, ranks };
}

/**
 * Published matches, best rank first, then in the sort's order. Every match has its own position in the
 * sort, so this is a counting sort instead of a comparison sort: positions are walked in order once and
 * each match goes to the next free place of its rank's run. On a 100k catalogue that is 1.1-1.6 ms for
 * 35-55k matches, where sorting (rank, position) keys took 3.7-6 ms (up to 16 ms on a busy server).
 */
export function rank({ ids, ranks }: Matches, { ids: ordered, positionOf }: SortPositions): Int32Array {
  // At each sort position, the match's group (-1: no match), groups numbered as first met: one per rank.
  const groupAt = new Int32Array(ordered.length).fill(-1);
  const groupOf = new Map<number, number>();
  const groupRanks: number[] = [];
  const groupSizes: number[] = [];
  let count = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const position = id < positionOf.length ? positionOf[id]! : -1;
    if (position < 0) continue;
    const value = Math.min(ranks[i]!, RANK_LIMIT);
    let group = groupOf.get(value);
    if (group === undefined) {
      group = groupRanks.length;
      groupOf.set(value, group);
      groupRanks.push(value);
      groupSizes.push(0);
    }
    groupAt[position] = group;
    groupSizes[group]!++;
    count++;
  }
  const ranked = new Int32Array(count);
  // Groups best rank first: where each one's next match goes.
  const next = new Int32Array(groupRanks.length);
  let start = 0;
  for (const group of groupRanks.map((_, group) => group).sort((a, b) => groupRanks[a]! - groupRanks[b]!)) {
    next[group] = start;
    start += groupSizes[group]!;
  }
  for (let position = 0; position < groupAt.length; position++) {
    const group = groupAt[position]!;
    if (group >= 0) ranked[next[group]!++] = ordered[position]!;
  }
  return ranked;
}

/**
 * Ids of every published tool the list shows, in list order: the search's matches (within the category
 * filter), or the filter's members, or, with neither, the whole catalogue in the sort's order.
 */
export async function rankedTools(db: DB, query: RankedListQuery): Promise<Int32Array> {
  // Folded and with single spaces: queries that differ only in case, accents or spacing share one ranking.
  const search = foldText(query.search ?? "").split(/\s+/).filter(Boolean).join(" ");
  const categoryIds = query.categoryIds ? [...new Set(query.categoryIds)].sort((a, b) => a - b) : null;
  if (!search && !categoryIds) return (await sortPositions(db, query.sort, query.lang)).ids;
  const matchKey = JSON.stringify([search, categoryIds]);
  const members = () => remember(db, `matches:${JSON.stringify(["", categoryIds])}`, () => categoryMembers(db, categoryIds!));
  return remember(db, `${orderKey(query.sort, query.lang)}:${matchKey}`, async () => {
    const [matches, positions] = await Promise.all([
      search ? remember(db, `matches:${matchKey}`, () => findMatches(db, search, categoryIds, members)) : members(),
      sortPositions(db, query.sort, query.lang),
    ]);
    return rank(matches, positions);
  });
}
