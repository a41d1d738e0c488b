import type { Kysely } from "kysely";
import { FAVORITE_TYPES, MAX_MERGE_ENTRIES, type FavoriteType } from "~/lib/favorites";
import { changeCatalog, type CatalogWrite } from "../catalog/changes";
import type { DB } from "../db";
import { lockRowsInIdOrder } from "../db/row-lock";
import { nowIso, orderedNowIso } from "../db/values";
import { AppError } from "../errors";
import { enforceWriteLimit, type WriteLimit } from "../rate-limit";
import { addNewRatingsToFigures } from "../ratings/queries";
import { FAVORITE_TARGETS } from "./targets";

/** The browser's local copy as it is merged into the account on sign-in. */
export interface LocalCopy {
  /** Newest first, as the browser keeps them. */
  favorites: Array<{ type: FavoriteType; slug: string }>;
  ratings: Array<{ slug: string; rating: number }>;
}

/**
 * Merges a visitor's local copy into their account on sign-in (spec 4.4, 4.5): favourites are united, a rating
 * the account already has wins, slugs that name nothing (any more) are skipped. At most MAX_MERGE_ENTRIES
 * entries (413 past it; the browser sends a larger copy in parts), and each entry counts as one write against
 * the user's limit, so a merge weighs what it writes. One transaction with one statement per kind of write
 * whatever the merge's size; the tools' rows it changes are locked in id order first, so merges that list the
 * same tools in different orders queue instead of deadlocking. Returns how many favourites and ratings were new.
 */
export async function mergeLocalCopy(db: DB, userId: string, local: LocalCopy, { limit }: { limit?: WriteLimit } = {}): Promise<{ favorites: number; ratings: number }> {
  const entries = local.favorites.length + local.ratings.length;
  if (entries > MAX_MERGE_ENTRIES) {
    throw new AppError("payload_too_large", `A merge carries at most ${MAX_MERGE_ENTRIES} favorites and ratings together; this one has ${entries}. Send them in parts.`, {
      reason: "too_many_entries",
      maxEntries: MAX_MERGE_ENTRIES,
      entries,
    });
  }
  // Cards show the heart and rating figures: cached cards and pages must not keep the old ones.
  const merged = await changeCatalog(
    db,
    "tool-figures",
    async (trx) => {
      await enforceWriteLimit(trx, limit, Math.max(1, entries));
      const favoriteIds = await resolveFavorites(trx, local.favorites);
      const ratedIds = await publishedToolIds(trx, local.ratings.map((r) => r.slug));
      await lockRowsInIdOrder(trx, "tools", [...favoriteIds.tool.map((f) => f.id), ...ratedIds.values()]);
      let favorites = 0;
      let countedFavorites = 0;
      for (const type of FAVORITE_TYPES) {
        const added = await insertFavorites(trx, userId, type, favoriteIds[type]);
        favorites += added.length;
        if (FAVORITE_TARGETS[type].counted && added.length > 0) {
          countedFavorites += added.length;
          await trx.updateTable("tools").set((eb) => ({ favorite_count: eb("favorite_count", "+", 1) })).where("id", "in", added).execute();
        }
      }
      const rated = await insertRatings(trx, userId, local.ratings, ratedIds);
      await addNewRatingsToFigures(trx, userId, rated);
      const tools = [...favoriteIds.tool.map((f) => f.id), ...rated];
      return { favorites, ratings: rated.length, figuresMoved: countedFavorites + rated.length > 0, tools };
    },
    { changed: (result) => result.figuresMoved, figuresOf: (result) => result.tools },
  );
  return { favorites: merged.favorites, ratings: merged.ratings };
}

type Resolved = Record<FavoriteType, Array<{ id: number; slug: string }>>;

/** Each favourite's id by kind, oldest first (so the newest ends up first in the list), once each; unknown slugs dropped. */
async function resolveFavorites(trx: DB, favorites: LocalCopy["favorites"]): Promise<Resolved> {
  const resolved = {} as Resolved;
  for (const type of FAVORITE_TYPES) {
    const slugs = [...new Set(favorites.filter((f) => f.type === type).map((f) => f.slug))].reverse();
    const ids = type === "tool" ? await publishedToolIds(trx, slugs) : await idsBySlug(trx, FAVORITE_TARGETS[type].table as "case_studies" | "ecommerce_tools", slugs);
    resolved[type] = slugs.filter((slug) => ids.has(slug)).map((slug) => ({ id: ids.get(slug)!, slug }));
  }
  return resolved;
}

async function publishedToolIds(trx: DB, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await trx.selectFrom("tools").select(["id", "slug"]).where("slug", "in", slugs).where("status", "=", "published").execute();
  return new Map(rows.map((row) => [row.slug, Number(row.id)]));
}

async function idsBySlug(trx: DB, table: "case_studies" | "ecommerce_tools", slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await trx.selectFrom(table).select(["id", "slug"]).where("slug", "in", slugs).execute();
  return new Map(rows.map((row) => [row.slug, Number(row.id)]));
}

/** One insert for all favourites of a kind, each with its own increasing time; returns the ids that were new. */
async function insertFavorites(trx: CatalogWrite, userId: string, type: FavoriteType, targets: Array<{ id: number }>): Promise<number[]> {
  if (targets.length === 0) return [];
  const { favorites, column } = FAVORITE_TARGETS[type];
  const rows = await (trx as Kysely<any>)
    .insertInto(favorites)
    .values(targets.map(({ id }) => ({ user_id: userId, [column]: id, created_at: orderedNowIso() })))
    .onConflict((oc) => oc.columns(["user_id", column]).doNothing())
    .returning(column)
    .execute();
  return rows.map((row) => Number(row[column]));
}

/** One insert for all ratings of published tools; a rating the account has is left alone. Returns the tools newly rated. */
async function insertRatings(trx: DB, userId: string, ratings: LocalCopy["ratings"], ids: Map<string, number>): Promise<number[]> {
  const now = nowIso();
  const byTool = new Map<number, number>();
  for (const { slug, rating } of ratings) {
    const id = ids.get(slug);
    if (id !== undefined && !byTool.has(id)) byTool.set(id, rating);
  }
  if (byTool.size === 0) return [];
  const rows = await trx
    .insertInto("ratings")
    .values([...byTool].map(([toolId, rating]) => ({ user_id: userId, tool_id: toolId, rating, updated_at: now })))
    .onConflict((oc) => oc.columns(["user_id", "tool_id"]).doNothing())
    .returning("tool_id")
    .execute();
  return rows.map((row) => Number(row.tool_id));
}
