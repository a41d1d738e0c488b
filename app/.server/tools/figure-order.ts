import { sql } from "kysely";
import { nextTurn } from "~/lib/time-slices";
import { rankingScoreSql } from "~/lib/ranking";
import type { DB } from "../db";
import { readNumberColumns } from "../db/int-columns";
import { inSortOrder, published } from "./order";
import { firstAfterBySamples, OrderEdit, positionsOf, type OrderPositions, type OrderView } from "./order-edit";

/**
 * The orders that follow ratings and review counts (popular, rating), kept with the sort keys their ORDER BY
 * (`inSortOrder`) compares, per tool id in typed arrays. A rating of one tool then moves that tool: its new
 * place is found by binary search with the SQL order's own tie-breaking, and the tools in between shift by
 * one (a `copyWithin`), instead of reading 100k ids again for every rating.
 *
 * The keys compared here are the values the database compared: integers and doubles read back as they are
 * (`rating`, and the rating order's Bayesian score computed by the same SQL expression). The popular order's
 * last keys, the creation time (text, in the database's collation) and the id, are compared by the database
 * itself, among the tools whose other keys all equal the moved tool's.
 */
export type FigureSort = "popular" | "rating";

export interface FigurePositions extends OrderPositions {
  /** The keys the order was read with (absent when they could not be read consistently: moves then re-read). */
  keys?: OrderKeys;
}

/** A tool's current figures and fixed keys, as a move reads them. */
export interface FigureRow {
  id: number;
  pinned: number;
  /** NaN for no manual priority (last, as `nulls last`). */
  priority: number;
  slugScore: number;
  rating: number;
  reviews: number;
  /** The rating order's score, computed by the database. */
  score: number;
  /** As stored: compared by the database only. */
  createdAt: string;
}

interface OrderKeys {
  /**
   * Negative when tool `a` comes before tool `b`, as the ORDER BY would have them; 0 when only `tieBreak`
   * can tell.
   */
  compare(a: number, b: number): number;
  /** How many of `tied` (tools whose compared keys equal the moved tool's) come before it. */
  tieBreak?: (db: DB, moved: FigureRow, tied: OrderView) => Promise<number>;
  /** Takes a tool's current figures. */
  update(row: FigureRow): void;
}

type KeyArray = Int32Array | Float64Array;

/**
 * Sort keys by tool id, one typed array per key, that grow when a new tool (a higher id) is taken in: `fit(id)`
 * before writing a tool's keys.
 */
function keyColumns<K extends string>(size: number, kinds: Record<K, { new (length: number): KeyArray }>): Record<K, KeyArray> & { fit(id: number): void } {
  const columns = Object.fromEntries(Object.entries(kinds).map(([name, Kind]) => [name, new (Kind as { new (length: number): KeyArray })(size)])) as Record<K, KeyArray>;
  const fit = (id: number) => {
    for (const name of Object.keys(kinds) as K[]) {
      const column = columns[name];
      if (id < column.length) continue;
      const grown = new (column.constructor as { new (length: number): KeyArray })(id + 1 + 64);
      grown.set(column);
      columns[name] = grown;
    }
  };
  return Object.assign(columns, { fit });
}

/** Descending for doubles, equal values tie (the next key decides). */
const descending = (a: number, b: number) => (a > b ? -1 : a < b ? 1 : 0);

/** `manual_priority desc nulls last`, null as NaN. */
function priorityOrder(a: number, b: number): number {
  const aNull = Number.isNaN(a);
  const bNull = Number.isNaN(b);
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  return descending(a, b);
}

const SCORE = sql<number>`${sql.raw(rankingScoreSql("t."))}`;

/**
 * Which of these tools come after `moved` in `created_at desc, id desc` (the newest order, and the popular
 * order's last keys), compared by the database in its collation: one read of their rows by primary key.
 */
export function createdEarlier(db: DB, moved: FigureRow): (ids: number[]) => Promise<boolean[]> {
  return async (ids) => {
    const earlier = await db
      .selectFrom("tools as t")
      .select("t.id")
      .where("t.id", "in", ids)
      .where((eb) => eb.or([eb("t.created_at", "<", moved.createdAt), eb.and([eb("t.created_at", "=", moved.createdAt), eb("t.id", "<", moved.id)])]))
      .execute();
    const after = new Set(earlier.map((row) => Number(row.id)));
    return ids.map((id) => after.has(id));
  };
}

/**
 * The popular order's last keys: how many of the tied tools (in the order's `created_at desc, id desc`) come
 * before the moved one. Tens of thousands of tools can tie (every unrated tool of a slug score), so the place
 * is searched among them with up to 64 looked at per read, not counted one by one.
 */
function createdBefore(db: DB, moved: FigureRow, tied: OrderView): Promise<number> {
  return firstAfterBySamples(tied, createdEarlier(db, moved));
}

/** The popular order (`inListingOrder`) with its keys but the last two, which only break ties. */
async function readPopular(db: DB): Promise<FigurePositions> {
  const query = inSortOrder(published(db).select(["t.id", "t.pinned", "t.manual_priority", "t.slug_score", "t.rating", "t.review_count"]), "popular");
  const {
    ints: [ids, pinned, slugScore, reviews],
    floats: [priority, rating],
  } = await readNumberColumns(db, query, ["id", "pinned", "slug_score", "review_count"] as const, ["manual_priority", "rating"] as const);
  const positionOf = positionsOf(ids);
  const keys = keyColumns(positionOf.length, { pinned: Int32Array, priority: Float64Array, slugScore: Int32Array, rating: Float64Array, reviews: Int32Array });
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    keys.pinned[id] = pinned[i]!;
    keys.priority[id] = priority[i]!;
    keys.slugScore[id] = slugScore[i]!;
    keys.rating[id] = rating[i]!;
    keys.reviews[id] = reviews[i]!;
  }
  return {
    ids,
    positionOf,
    keys: {
      compare: (a, b) =>
        keys.pinned[b]! - keys.pinned[a]! ||
        priorityOrder(keys.priority[a]!, keys.priority[b]!) ||
        keys.slugScore[b]! - keys.slugScore[a]! ||
        descending(keys.rating[a]!, keys.rating[b]!) ||
        keys.reviews[b]! - keys.reviews[a]!,
      tieBreak: createdBefore,
      update: (row) => {
        keys.fit(row.id);
        keys.pinned[row.id] = row.pinned;
        keys.priority[row.id] = row.priority;
        keys.slugScore[row.id] = row.slugScore;
        keys.rating[row.id] = row.rating;
        keys.reviews[row.id] = row.reviews;
      },
    },
  };
}

/** The rating order: score, review count, id, all descending. */
async function readRating(db: DB): Promise<FigurePositions> {
  const query = inSortOrder(published(db).select(["t.id", "t.review_count", SCORE.as("score")]), "rating");
  const {
    ints: [ids, reviews],
    floats: [score],
  } = await readNumberColumns(db, query, ["id", "review_count"] as const, ["score"] as const);
  const positionOf = positionsOf(ids);
  const keys = keyColumns(positionOf.length, { scores: Float64Array, counts: Int32Array });
  for (let i = 0; i < ids.length; i++) {
    keys.scores[ids[i]!] = score[i]!;
    keys.counts[ids[i]!] = reviews[i]!;
  }
  return {
    ids,
    positionOf,
    keys: {
      compare: (a, b) => descending(keys.scores[a]!, keys.scores[b]!) || keys.counts[b]! - keys.counts[a]! || b - a,
      update: (row) => {
        keys.fit(row.id);
        keys.scores[row.id] = row.score;
        keys.counts[row.id] = row.reviews;
      },
    },
  };
}

export function readFigureOrder(db: DB, sort: FigureSort): Promise<FigurePositions> {
  return sort === "popular" ? readPopular(db) : readRating(db);
}

/** The current keys of a few tools (a rating's tool, a merged copy's), by primary key on the main connection. */
export async function readFigureRows(db: DB, toolIds: readonly number[]): Promise<FigureRow[]> {
  if (toolIds.length === 0) return [];
  const rows = await db
    .selectFrom("tools as t")
    .select(["t.id", "t.pinned", "t.manual_priority", "t.slug_score", "t.rating", "t.review_count", "t.created_at", SCORE.as("score")])
    .where("t.id", "in", [...new Set(toolIds)])
    .where("t.status", "=", "published")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    pinned: Number(row.pinned),
    priority: row.manual_priority === null ? NaN : Number(row.manual_priority),
    slugScore: Number(row.slug_score),
    rating: Number(row.rating),
    reviews: Number(row.review_count),
    score: Number(row.score),
    createdAt: String(row.created_at),
  }));
}


/**
 * Puts the tool of `row` at its place for its current keys: a binary search with the ORDER BY's own comparison,
 * and for the tools whose compared keys all equal its own, the database's tie-break.
 */
async function placeByKeys(db: DB, edit: OrderEdit, keys: OrderKeys, row: FigureRow): Promise<void> {
  keys.update(row);
  const id = row.id;
  const view = edit.without(id);
  const firstWhere = (before: (comparison: number) => boolean) => {
    let low = 0;
    let high = view.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(keys.compare(id, view.at(middle)))) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  // The tools whose compared keys equal the placed one's: [tiedFrom, tiedTo).
  const tiedFrom = firstWhere((comparison) => comparison <= 0);
  const tiedTo = keys.tieBreak ? firstWhere((comparison) => comparison < 0) : tiedFrom;
  let to = tiedFrom;
  if (tiedTo > tiedFrom) {
    const tied = { length: tiedTo - tiedFrom, at: (i: number) => view.at(tiedFrom + i) };
    // The order stays as it is meanwhile: the edits of one order run one after another.
    to += await keys.tieBreak!(db, row, tied);
  }
  edit.place(id, to);
}

/**
 * The order with `toolIds` at their places: those with a row (published, with their current keys) moved or
 * added, the others taken out. The others' keys are unchanged (every change of theirs comes as a change of its
 * own). A new object when a tool moved, the arrays copied once: lists may still be paging through the previous
 * ones. Null when the order has no keys to place by.
 */
export async function placeTools(db: DB, order: FigurePositions, toolIds: readonly number[], rows: readonly FigureRow[]): Promise<FigurePositions | null> {
  const { keys } = order;
  if (!keys) return null;
  const edit = new OrderEdit(order, rows.length);
  // All of them out first: a tie-break compares creation times in the database, and a changed tool not yet
  // placed again would sit where its previous keys put it.
  edit.removeAll(toolIds);
  for (const [i, row] of rows.entries()) {
    // A large change (an import of a few hundred tools) lets requests in between its tools.
    if (i % 8 === 7) await nextTurn();
    await placeByKeys(db, edit, keys, row);
  }
  const placed = edit.result();
  return placed === order ? order : { ...placed, keys };
}
