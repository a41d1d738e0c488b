import { DEFAULT_LANG } from "~/i18n/languages";
import { nextTurn } from "~/lib/time-slices";
import type { DB } from "../db";
import { timeBuild } from "../metrics";
import { readIntColumns } from "../db/int-columns";
import type { CatalogScope } from "../catalog/scopes";
import { rebuildPolicy } from "../search/current";
import { derivedCaughtUp, perCatalogGeneration } from "./cache";
import { placeTools, readFigureOrder, readFigureRows, type FigurePositions, type FigureSort } from "./figure-order";
import { nameOrder, readEnglishNames, type EnglishNames } from "./name-positions";
import { inSortOrder, published, TOOL_SORTS, type ToolSort } from "./order";
import { positionsOf } from "./order-edit";
import { changedTools, patchOrder } from "./order-patch";

/**
 * Every published tool's position in each list order, read once per catalogue
 * generation (one indexed id-only query per sort, built when a sort is first
 * needed), so ranking thousands of search matches is a typed-array sort
 * instead of thousands of row lookups and an SQL sort (about 0.1-0.2 s of
 * reads per order and catalogue change at 100k tools). The figure and date
 * orders come from an ORDER BY; the name order is per page language (each
 * tool's name as its card shows it, in that language's collation), sorted in
 * memory so both engines agree. A change of a few tools' figures made here moves those tools in the
 * popular and rating orders (`./figure-order.ts`) instead of reading them again, and a change that names the
 * tools it wrote (an approval, an edit; decision 0040) takes those tools into every kept order (`./order-patch.ts`).
 */
export interface SortPositions {
  /** Published tool ids in list order. */
  ids: Int32Array;
  /** Position in `ids` by tool id; -1 for ids that are no published tool. */
  positionOf: Int32Array;
}

interface Holder {
  /** By order key: the sort, or `name:{lang}`. */
  sorts: Map<string, Promise<FigurePositions>>;
  /** The finished ones. */
  done: Map<string, FigurePositions>;
  /** Keys whose promise waits for a read of the whole order (not only for a move of a few tools). */
  reading: Set<string>;
  /** Keys whose previous positions answered while these were read (a large catalogue). */
  servedPrevious: Set<string>;
  /** What a request that was answered from the previous positions depends on. */
  scopes: readonly CatalogScope[];
  /** The English names every language's name order starts from, read once per catalogue generation. */
  englishNames?: Promise<EnglishNames>;
}

/** The name order is one per page language; the others are the same in every language. */
export function orderKey(sort: ToolSort, lang: string): string {
  return sort === "name" ? `name:${lang}` : sort;
}

/** Orders that follow ratings and review counts, redone when only a tool's figures change. */
const FIGURE_SORTS: ReadonlySet<ToolSort> = new Set(["popular", "rating"]);

/**
 * Per database handle; a catalogue change (a new generation) replaces the holders. A rating replaces only
 * the holder of the orders it can move, so "newest" and "name" are not read again for each new rating.
 */
const ORDER_SCOPES: readonly CatalogScope[] = ["tools", "tool-order"];
const FIGURE_ORDER_SCOPES: readonly CatalogScope[] = [...ORDER_SCOPES, "tool-figures"];
const emptyHolder = (scopes: readonly CatalogScope[]) => (): Holder => ({ sorts: new Map(), done: new Map(), reading: new Set(), servedPrevious: new Set(), scopes });
/** More tools than this in one change (an account's whole history, a large import) read the orders again. */
const MAX_MOVED_TOOLS = 256;
const textHolderOf = perCatalogGeneration<Holder>(emptyHolder(ORDER_SCOPES), ORDER_SCOPES, {
  moveTools: (holder, toolIds, db) => placeChangedTools(db, holder, toolIds),
});
const figuresHolderOf = perCatalogGeneration<Holder>(emptyHolder(FIGURE_ORDER_SCOPES), FIGURE_ORDER_SCOPES, {
  moveFigures: (holder, toolIds, db) => moveFiguresIn(db, holder, toolIds),
  moveTools: (holder, toolIds, db) => placeChangedTools(db, holder, toolIds),
});
/** The newest finished positions per database and order key, of whichever generation. */
const latest = new WeakMap<DB, Map<string, SortPositions>>();
const latestOf = (db: DB) => {
  let map = latest.get(db);
  if (!map) latest.set(db, (map = new Map()));
  return map;
};
const holderOf = (db: DB, sort: ToolSort) => (FIGURE_SORTS.has(sort) ? figuresHolderOf(db) : textHolderOf(db));

function englishNames(db: DB): Promise<EnglishNames> {
  const holder = textHolderOf(db);
  if (!holder.englishNames) {
    const names = readEnglishNames(db);
    holder.englishNames = names;
    names.catch(() => {
      if (holder.englishNames === names) holder.englishNames = undefined;
    });
  }
  return holder.englishNames;
}

async function build(db: DB, key: string): Promise<FigurePositions> {
  const [sort, lang] = key.split(":") as [ToolSort, string | undefined];
  if (FIGURE_SORTS.has(sort)) return readFigureOrder(db, sort as FigureSort);
  const ids =
    sort === "name" ? await nameOrder(db, await englishNames(db), lang ?? DEFAULT_LANG) : (await readIntColumns(db, inSortOrder(published(db).select("t.id"), sort), ["id"] as const))[0];
  return { ids, positionOf: positionsOf(ids) };
}

/** Keeps `positions` as the order of `key` once they are ready; `reading`: they wait for a read of the whole order. */
function keep(db: DB, holder: Holder, key: string, positions: Promise<FigurePositions>, reading: boolean): Promise<FigurePositions> {
  holder.sorts.set(key, positions);
  holder.done.delete(key);
  if (reading) holder.reading.add(key);
  else holder.reading.delete(key);
  positions.then(
    (value) => {
      // A later move waits on these: it is the one kept.
      if (holder.sorts.get(key) !== positions) return;
      holder.reading.delete(key);
      holder.done.set(key, value);
      latestOf(db).set(key, value);
      // Lists ranked by the previous positions meanwhile: what was kept from them is dropped now.
      if (holder.servedPrevious.delete(key)) derivedCaughtUp(holder.scopes);
    },
    () => undefined,
  );
  // A failed read is retried by the next caller instead of being kept.
  positions.catch(() => {
    if (holder.sorts.get(key) !== positions) return;
    holder.sorts.delete(key);
    holder.reading.delete(key);
  });
  return positions;
}

function start(db: DB, holder: Holder, key: string): Promise<FigurePositions> {
  return keep(db, holder, key, timeBuild(`sort_positions_${key.split(":")[0]}`, build(db, key)), true);
}

/**
 * A change of these tools' figures alone, made in this process: each kept order moves them to their places
 * (one read of their rows by primary key, shared by the orders, and a shift of the tools in between), after
 * any read of the order in progress. Lists wait for that instead of answering from the previous order: it is
 * about a millisecond, where reading the order again took 0.1-0.2 s at 100k tools.
 */
function moveFiguresIn(db: DB, holder: Holder, toolIds: readonly number[]): boolean {
  if (toolIds.length > MAX_MOVED_TOOLS) return false;
  if (holder.sorts.size === 0 || toolIds.length === 0) return true;
  const rows = readFigureRows(db, toolIds);
  // Read failures surface through the moves below.
  rows.catch(() => undefined);
  for (const [key, current] of [...holder.sorts]) {
    const moved = current.then(async (order) => (await placeTools(db, order, toolIds, await rows)) ?? build(db, key));
    keep(db, holder, key, moved, holder.reading.has(key));
  }
  return true;
}

/**
 * A change of these tools' rows or texts (decision 0040: named by a write here, or in the tool change log by
 * another instance's): each kept order takes them in where a full read would have them, after any read of the
 * order in progress (`./order-patch.ts`). A few reads by primary key, where reading every order again took
 * seconds at 100k tools (the name order of each page language sorts every tool's name).
 */
function placeChangedTools(db: DB, holder: Holder, toolIds: readonly number[]): boolean {
  if (toolIds.length > MAX_MOVED_TOOLS) return false;
  // The next name order of another language starts from the English names as they are now.
  holder.englishNames = undefined;
  if (holder.sorts.size === 0 || toolIds.length === 0) return true;
  const changed = changedTools(db, toolIds);
  for (const [key, current] of [...holder.sorts]) {
    const placed = current.then(async (order) => (await inTurn(() => patchOrder(db, key, order, changed))) ?? build(db, key));
    keep(db, holder, key, placed, holder.reading.has(key));
  }
  return true;
}

let patches: Promise<unknown> = Promise.resolve();

/**
 * Runs the patches of the orders one at a time, each in a turn of the event loop of its own: on SQLite their
 * reads answer at once, and the dozen orders of a catalogue (one name order per language) patched in one
 * turn would hold up requests for tens of milliseconds at 100k tools; one order is a few milliseconds.
 */
function inTurn<T>(patch: () => Promise<T>): Promise<T> {
  const run = patches.then(nextTurn).then(patch);
  patches = run.catch(() => undefined);
  return run;
}

/**
 * Builds the other orders one at a time after the first, between requests, so a visitor who switches
 * the sort of a search (or the first search in another order) does not wait for a catalogue-wide read.
 */
function warmOthers(db: DB, holder: Holder, figures: boolean, lang: string): void {
  setImmediate(() => {
    // The name order of the language that asked first (others are built when a page in them asks).
    const next = TOOL_SORTS.find((sort) => FIGURE_SORTS.has(sort) === figures && !holder.sorts.has(orderKey(sort, lang)));
    if (!next || holderOf(db, next) !== holder) return;
    start(db, holder, orderKey(next, lang)).then(
      () => warmOthers(db, holder, figures, lang),
      () => undefined,
    );
  });
}

/**
 * Positions for `sort` (for the name order, in `lang`) in the current catalogue generation (built on first use
 * after a change).
 *
 * On a large catalogue (the search index's threshold, decision 0034) the previous positions answer while the
 * new ones are read: a rating, two a second on a busy site, would otherwise make every list wait for a
 * catalogue-wide read each time. Lists show the change once they are read.
 */
export function sortPositions(db: DB, sort: ToolSort, lang: string = DEFAULT_LANG): Promise<SortPositions> {
  const holder = holderOf(db, sort);
  const key = orderKey(sort, lang);
  const done = holder.done.get(key);
  if (done) return Promise.resolve(done);
  let positions = holder.sorts.get(key);
  if (!positions) {
    const first = holder.sorts.size === 0;
    positions = start(db, holder, key);
    if (first) positions.then(() => warmOthers(db, holder, FIGURE_SORTS.has(sort), lang), () => undefined);
  }
  const previous = latestOf(db).get(key);
  if (holder.reading.has(key) && previous && previous.ids.length >= rebuildPolicy.answerFromPreviousFromTools) {
    holder.servedPrevious.add(key);
    return Promise.resolve(previous);
  }
  return positions;
}
