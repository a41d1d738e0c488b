import { sql, type SelectQueryBuilder } from "kysely";
import { rankingScoreSql } from "~/lib/ranking";
import type { DB, Schema } from "../db";

/** The list orders a visitor can choose; every one ends in the tool id, so it is total. */
export const TOOL_SORTS = ["popular", "rating", "newest", "name"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

export type ToolsQuery = SelectQueryBuilder<Schema & { t: Schema["tools"] }, "t", object>;

export function published(db: DB): ToolsQuery {
  return db.selectFrom("tools as t").where("t.status", "=", "published") as unknown as ToolsQuery;
}

/**
 * Listing order (spec 4.6): pinned, manual_priority, slug-based score,
 * rating, review_count, created_at, all descending. Nulls last on both engines.
 */
export function inListingOrder<Q extends ToolsQuery>(query: Q): Q {
  return query
    .orderBy("t.pinned", "desc")
    .orderBy(sql`t.manual_priority desc nulls last`)
    .orderBy("t.slug_score", "desc")
    .orderBy("t.rating", "desc")
    .orderBy("t.review_count", "desc")
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc") as Q;
}

/** Orders read from the database; the name order is per page language, sorted in memory (sort-positions.ts). */
export function inSortOrder<Q extends ToolsQuery>(query: Q, sort: Exclude<ToolSort, "name">): Q {
  switch (sort) {
    case "rating":
      // The Bayesian score (app/lib/ranking.ts), the same everywhere a list sorts by rating.
      return query.orderBy(sql.raw(rankingScoreSql("t.")), "desc").orderBy("t.review_count", "desc").orderBy("t.id", "desc") as Q;
    case "newest":
      return query.orderBy("t.created_at", "desc").orderBy("t.id", "desc") as Q;
    default:
      return inListingOrder(query);
  }
}
