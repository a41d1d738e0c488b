import type { DB } from "../db";
import { readIntColumns } from "../db/int-columns";
import { perCatalogGeneration } from "./cache";
import { inSortOrder, published, TOOL_SORTS, withEnglishName, type ToolSort } from "./order";

/**
 * Every published tool's position in each list order, read once per catalogue
 * generation (one indexed id-only query per sort, built when a sort is first
 * needed), so ranking thousands of search matches is a typed-array sort
 * instead of thousands of row lookups and an SQL sort (about 0.1-0.2 s of
 * reads per order and catalogue change at 100k tools). The order comes from
 * the same ORDER BY the SQL pages use, so both engines and both paths agree.
 */
export interface SortPositions {
  /** Published tool ids in list order. */
  ids: Int32Array;
  /** Position in `ids` by tool id; -1 for ids that are no published tool. */
  positionOf: Int32Array;
}

interface Holder {
  sorts: Map<ToolSort, Promise<SortPositions>>;
}

/** Orders that follow ratings and review counts, redone when only a tool's figures change. */
const FIGURE_SORTS: ReadonlySet<ToolSort> = new Set(["popular", "rating"]);

/**
 * Per database handle; a catalogue change (a new generation) replaces the holders. A rating replaces only
 * the holder of the orders it can move, so "newest" and "name" are not read again for each new rating.
 */
const textHolderOf = perCatalogGeneration<Holder>(() => ({ sorts: new Map() }));
const figuresHolderOf = perCatalogGeneration<Holder>(() => ({ sorts: new Map() }), { figures: true });
const holderOf = (db: DB, sort: ToolSort) => (FIGURE_SORTS.has(sort) ? figuresHolderOf(db) : textHolderOf(db));

async function build(db: DB, sort: ToolSort): Promise<SortPositions> {
  const base = published(db).select("t.id");
  const [ids] = await readIntColumns(db, inSortOrder(sort === "name" ? withEnglishName(base) : base, sort), ["id"] as const);
  let maxId = 0;
  for (const id of ids) if (id > maxId) maxId = id;
  const positionOf = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, position) => (positionOf[id] = position));
  return { ids, positionOf };
}

function start(db: DB, holder: Holder, sort: ToolSort): Promise<SortPositions> {
  const positions = build(db, sort);
  holder.sorts.set(sort, positions);
  // A failed read is retried by the next caller instead of being kept.
  positions.catch(() => {
    if (holder.sorts.get(sort) === positions) holder.sorts.delete(sort);
  });
  return positions;
}

/**
 * Builds the other orders one at a time after the first, between requests, so a visitor who switches
 * the sort of a search (or the first search in another order) does not wait for a catalogue-wide read.
 */
function warmOthers(db: DB, holder: Holder, figures: boolean): void {
  setImmediate(() => {
    const next = TOOL_SORTS.find((sort) => FIGURE_SORTS.has(sort) === figures && !holder.sorts.has(sort));
    if (!next || holderOf(db, next) !== holder) return;
    start(db, holder, next).then(
      () => warmOthers(db, holder, figures),
      () => undefined,
    );
  });
}

/** Positions for `sort` in the current catalogue generation (built on first use after a change). */
export function sortPositions(db: DB, sort: ToolSort): Promise<SortPositions> {
  const holder = holderOf(db, sort);
  const built = holder.sorts.get(sort);
  if (built) return built;
  const first = holder.sorts.size === 0;
  const positions = start(db, holder, sort);
  if (first) positions.then(() => warmOthers(db, holder, FIGURE_SORTS.has(sort)), () => undefined);
  return positions;
}
