import { sql } from "kysely";
import { rankingScoreSql } from "~/lib/ranking";
import type { DB } from "../db";
import { readIntColumns, readNumberColumns } from "../db/int-columns";
import { inSortOrder, published } from "./order";

/**
 * The orders that follow ratings and review counts (popular, rating), kept with the sort keys their ORDER BY
 * (`inSortOrder`) compares, per tool id in typed arrays. A rating of one tool then moves that tool: its new
 * place is found by binary search with the SQL order's own tie-breaking, and the tools in between shift by
 * one (a `copyWithin`), instead of reading 100k ids again for every rating.
 *
 * The keys compared here are the values the database compared: integers, doubles read back as they are
 * (`rating`, and the rating order's Bayesian score computed by the same SQL expression), and for the creation
 * time, which is text in the database's collation, each tool's place in the newest order as the database
 * sorted it.
 */
export type FigureSort = "popular" | "rating";

export interface FigurePositions {
  /** Published tool ids in list order. */
  ids: Int32Array;
  /** Position in `ids` by tool id; -1 for ids that are no published tool. */
  positionOf: Int32Array;
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
}

interface OrderKeys {
  /** Negative when tool `a` comes before tool `b`, as the ORDER BY would have them. */
  compare(a: number, b: number): number;
  /** Takes a tool's current figures. */
  update(row: FigureRow): void;
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

/** The popular order (`inListingOrder`) with its keys; the creation time as each tool's place in the newest order. */
async function readPopular(db: DB): Promise<FigurePositions> {
  const query = inSortOrder(published(db).select(["t.id", "t.pinned", "t.manual_priority", "t.slug_score", "t.rating", "t.review_count"]), "popular");
  const [
    {
      ints: [ids, pinned, slugScore, reviews],
      floats: [priority, rating],
    },
    [newest],
  ] = await Promise.all([
    readNumberColumns(db, query, ["id", "pinned", "slug_score", "review_count"] as const, ["manual_priority", "rating"] as const),
    readIntColumns(db, inSortOrder(published(db).select("t.id"), "newest"), ["id"] as const),
  ]);
  const positionOf = positionsOf(ids);
  const size = positionOf.length;
  const keys = {
    pinned: new Int32Array(size),
    priority: new Float64Array(size),
    slugScore: new Int32Array(size),
    rating: new Float64Array(size),
    reviews: new Int32Array(size),
    created: new Int32Array(size).fill(-1),
  };
  ids.forEach((id, i) => {
    keys.pinned[id] = pinned[i]!;
    keys.priority[id] = priority[i]!;
    keys.slugScore[id] = slugScore[i]!;
    keys.rating[id] = rating[i]!;
    keys.reviews[id] = reviews[i]!;
  });
  let covered = 0;
  newest.forEach((id, rank) => {
    if (id < size && positionOf[id]! >= 0) (keys.created[id] = rank), covered++;
  });
  // A tool published or hidden between the two reads: that change replaces these orders anyway.
  if (covered !== ids.length || newest.length !== ids.length) return { ids, positionOf };
  const { created } = keys;
  return {
    ids,
    positionOf,
    keys: {
      compare: (a, b) =>
        keys.pinned[b]! - keys.pinned[a]! ||
        priorityOrder(keys.priority[a]!, keys.priority[b]!) ||
        keys.slugScore[b]! - keys.slugScore[a]! ||
        descending(keys.rating[a]!, keys.rating[b]!) ||
        keys.reviews[b]! - keys.reviews[a]! ||
        created[a]! - created[b]!,
      update: (row) => {
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
  const scores = new Float64Array(positionOf.length);
  const counts = new Int32Array(positionOf.length);
  ids.forEach((id, i) => {
    scores[id] = score[i]!;
    counts[id] = reviews[i]!;
  });
  return {
    ids,
    positionOf,
    keys: {
      compare: (a, b) => descending(scores[a]!, scores[b]!) || counts[b]! - counts[a]! || b - a,
      update: (row) => {
        scores[row.id] = row.score;
        counts[row.id] = row.reviews;
      },
    },
  };
}

export function readFigureOrder(db: DB, sort: FigureSort): Promise<FigurePositions> {
  return sort === "popular" ? readPopular(db) : readRating(db);
}

export function positionsOf(ids: Int32Array): Int32Array {
  let maxId = 0;
  for (const id of ids) if (id > maxId) maxId = id;
  const positionOf = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, position) => (positionOf[id] = position));
  return positionOf;
}

/** The current keys of a few tools (a rating's tool, a merged copy's), by primary key on the main connection. */
export async function readFigureRows(db: DB, toolIds: readonly number[]): Promise<FigureRow[]> {
  if (toolIds.length === 0) return [];
  const rows = await db
    .selectFrom("tools as t")
    .select(["t.id", "t.pinned", "t.manual_priority", "t.slug_score", "t.rating", "t.review_count", SCORE.as("score")])
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
  }));
}

/**
 * The order with these tools at their places for their current figures (the others' keys are unchanged: every
 * change of theirs comes as a move of its own). A new object when a tool moved, the arrays copied once: lists
 * may still be paging through the previous ones. Null when the order has no keys to move by.
 */
export function moveTools(order: FigurePositions, rows: readonly FigureRow[]): FigurePositions | null {
  const { keys } = order;
  const listed = rows.filter((row) => row.id < order.positionOf.length && order.positionOf[row.id]! >= 0);
  if (listed.length === 0) return order;
  if (!keys) return null;
  let { ids, positionOf } = order;
  let copied = false;
  for (const row of listed) {
    keys.update(row);
    const id = row.id;
    const from = positionOf[id]!;
    // Binary search in the order without the tool: index i is ids[i] before its old place, ids[i + 1] after.
    let low = 0;
    let high = ids.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys.compare(id, ids[middle < from ? middle : middle + 1]!) < 0) high = middle;
      else low = middle + 1;
    }
    const to = low;
    if (to === from) continue;
    if (!copied) {
      ids = ids.slice();
      positionOf = positionOf.slice();
      copied = true;
    }
    if (to < from) ids.copyWithin(to + 1, to, from);
    else ids.copyWithin(from, from + 1, to + 1);
    ids[to] = id;
    for (let position = Math.min(from, to); position <= Math.max(from, to); position++) positionOf[ids[position]!] = position;
  }
  return copied ? { ids, positionOf, keys } : order;
}
