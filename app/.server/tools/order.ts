import { sql, type SelectQueryBuilder } from "kysely";
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

/** The chosen sort; "name" needs the `n` join (English name) that `withEnglishName` adds. */
export function inSortOrder<Q extends ToolsQuery>(query: Q, sort: ToolSort): Q {
  switch (sort) {
    case "rating":
      return query.orderBy("t.rating", "desc").orderBy("t.review_count", "desc").orderBy("t.id", "desc") as Q;
    case "newest":
      return query.orderBy("t.created_at", "desc").orderBy("t.id", "desc") as Q;
    case "name":
      return query.orderBy(sql`n.name`, "asc").orderBy("t.id", "asc") as Q;
    default:
      return inListingOrder(query);
  }
}

/**
 * Joins the English (canonical) name that orders the list in every interface language. An inner join (every
 * tool has an English row: the catalogue schema requires it) lets the planner walk the (language, name) index
 * in order and stop after one page, instead of sorting the whole catalogue (1 ms instead of 400 ms at 100k).
 */
export function withEnglishName<Q extends ToolsQuery>(query: Q): Q {
  return query.innerJoin("tool_translations as n", (join) => join.onRef("n.tool_id", "=", "t.id").on("n.language", "=", "us-en")) as unknown as Q;
}
