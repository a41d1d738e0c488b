import { sql, type RawBuilder } from "kysely";
import type { RatingFigures } from "~/lib/favorites";
import { changeCatalog, type CatalogWrite } from "../catalog/changes";
import type { DB } from "../db";
import { lockingRead } from "../db/row-lock";
import { nowIso } from "../db/values";
import { AppError } from "../errors";
import { enforceWriteLimit, type WriteLimit } from "../rate-limit";

/**
 * Users' star ratings (spec 3, 4.5): one per (user, tool), replaced by a new one, removable.
 * A tool's shown figures combine the catalogue's imported ones with users' (migration 0010):
 *   rating = (base_rating * base_review_count + user_rating_sum) / (base_review_count + user_rating_count)
 *   review_count = base_review_count + user_rating_count
 * The sums move by the rating's change in the same transaction as the rating row, with the tool row
 * locked first (`lockingRead`), so concurrent writers never lose an update on either engine.
 */

/**
 * The shown rating after adding `sumDelta` and `countDelta` to the user sums (SET sees the old values).
 * The integer parts are summed first, so the one floating-point product and division are exactly
 * `(base_rating * base_review_count + sum) / (base_review_count + count)` on both engines. `sumDelta` may be a
 * subquery (a merge's one statement for many tools).
 */
function shownRating(sumDelta: number | RawBuilder<number>, countDelta: number): RawBuilder<number> {
  return sql<number>`case when base_review_count + user_rating_count + ${countDelta} = 0 then base_rating
    else (base_rating * base_review_count + (user_rating_sum + ${sumDelta})) / (base_review_count + (user_rating_count + ${countDelta})) end`;
}

/** Recomputes a tool's shown figures from its base and user sums (after the catalogue import changed the base). */
export async function refreshShownRating(db: CatalogWrite, toolId: number): Promise<void> {
  await db
    .updateTable("tools")
    .set({ rating: shownRating(0, 0), review_count: sql<number>`base_review_count + user_rating_count` })
    .where("id", "=", toolId)
    .execute();
}

/** The published tool's id, its row locked until commit; null when the slug names none. */
async function lockTool(trx: DB, slug: string): Promise<number | null> {
  const tool = await lockingRead(trx, trx.selectFrom("tools").select("id").where("slug", "=", slug).where("status", "=", "published")).executeTakeFirst();
  return tool?.id ?? null;
}

function notFound(slug: string): AppError {
  return new AppError("not_found", "Tool not found.", { slug });
}

type ShownFigures = { rating: number; review_count: number };

/** Moves the user sums and the shown figures; returns the new shown figures (one statement). */
async function applyDelta(trx: CatalogWrite, toolId: number, sumDelta: number, countDelta: number): Promise<ShownFigures> {
  if (sumDelta === 0 && countDelta === 0) return shownFigures(trx, toolId);
  return trx
    .updateTable("tools")
    .set({
      rating: shownRating(sumDelta, countDelta),
      review_count: sql<number>`base_review_count + user_rating_count + ${countDelta}`,
      user_rating_sum: sql<number>`user_rating_sum + ${sumDelta}`,
      user_rating_count: sql<number>`user_rating_count + ${countDelta}`,
    })
    .where("id", "=", toolId)
    .returning(["rating", "review_count"])
    .executeTakeFirstOrThrow();
}

function shownFigures(db: DB, toolId: number): Promise<ShownFigures> {
  return db.selectFrom("tools").select(["rating", "review_count"]).where("id", "=", toolId).executeTakeFirstOrThrow();
}

function figuresOf(row: ShownFigures, slug: string, own: number | null): RatingFigures {
  return { slug, rating: Number(row.rating), reviewCount: Number(row.review_count), own };
}

/**
 * Writes one rating inside a transaction. Null when the slug names no published tool; else whether it changed
 * and the tool's shown figures.
 */
async function writeRating(trx: CatalogWrite, userId: string, slug: string, rating: number): Promise<{ toolId: number; changed: boolean; figures: ShownFigures } | null> {
  const toolId = await lockTool(trx, slug);
  if (toolId === null) return null;
  const previous = await trx.selectFrom("ratings").select(["rating", "counted"]).where("user_id", "=", userId).where("tool_id", "=", toolId).executeTakeFirst();
  const now = nowIso();
  if (previous) {
    if (previous.rating === rating) return { toolId, changed: false, figures: await shownFigures(trx, toolId) };
    await trx.updateTable("ratings").set({ rating, updated_at: now }).where("user_id", "=", userId).where("tool_id", "=", toolId).execute();
    // The star of a review that waits for approval or is hidden stays out of the figures (migration 0022).
    if (!previous.counted) return { toolId, changed: true, figures: await shownFigures(trx, toolId) };
    return { toolId, changed: true, figures: await applyDelta(trx, toolId, rating - previous.rating, 0) };
  }
  await trx.insertInto("ratings").values({ user_id: userId, tool_id: toolId, rating, updated_at: now }).execute();
  return { toolId, changed: true, figures: await applyDelta(trx, toolId, rating, 1) };
}

/**
 * Sets (or replaces) the user's rating of a tool; 404 for a slug that is no published tool. `limit`: the
 * user's write limit, counted in the same transaction (an unknown slug counts too: it commits, then 404s).
 */
export async function setRating(db: DB, userId: string, slug: string, rating: number, { limit }: { limit?: WriteLimit } = {}): Promise<RatingFigures> {
  // Cards, the detail page, its JSON-LD and the rating order read the shown figures through caches.
  const written = await changeCatalog(
    db,
    "tool-figures",
    async (trx) => {
      await enforceWriteLimit(trx, limit);
      return writeRating(trx, userId, slug, rating);
    },
    { changed: (result) => Boolean(result?.changed), figuresOf: (result) => (result ? [result.toolId] : []) },
  );
  if (!written) throw notFound(slug);
  return figuresOf(written.figures, slug, rating);
}

/** Removes the user's rating of a tool (nothing happens when there is none); `limit` as for `setRating`. */
export async function removeRating(db: DB, userId: string, slug: string, { limit }: { limit?: WriteLimit } = {}): Promise<RatingFigures> {
  const written = await changeCatalog(
    db,
    "tool-figures",
    async (trx) => {
      await enforceWriteLimit(trx, limit);
      const id = await lockTool(trx, slug);
      if (id === null) return null;
      // A review is its star plus words: removing the star removes the review (and its votes) with it.
      await trx.deleteFrom("reviews").where("user_id", "=", userId).where("subject", "=", "tool").where("subject_id", "=", id).execute();
      const removed = await trx.deleteFrom("ratings").where("user_id", "=", userId).where("tool_id", "=", id).returning(["rating", "counted"]).executeTakeFirst();
      const counted = removed && removed.counted ? removed : null;
      return { toolId: id, changed: Boolean(removed), figures: counted ? await applyDelta(trx, id, -counted.rating, -1) : await shownFigures(trx, id) };
    },
    { changed: (result) => Boolean(result?.changed), figuresOf: (result) => (result ? [result.toolId] : []) },
  );
  if (!written) throw notFound(slug);
  return figuresOf(written.figures, slug, null);
}

/**
 * Adds ratings just inserted for these tools (their rows locked by the caller) to the tools' user sums and shown
 * figures, in one statement: each tool's own delta is the user's new rating, read by a subquery.
 */
export async function addNewRatingsToFigures(trx: CatalogWrite, userId: string, toolIds: readonly number[]): Promise<void> {
  if (toolIds.length === 0) return;
  const own = sql<number>`(select r.rating from ratings r where r.user_id = ${userId} and r.tool_id = tools.id)`;
  await trx
    .updateTable("tools")
    .set({
      rating: shownRating(own, 1),
      review_count: sql<number>`base_review_count + user_rating_count + 1`,
      user_rating_sum: sql<number>`user_rating_sum + ${own}`,
      user_rating_count: sql<number>`user_rating_count + 1`,
    })
    .where("id", "in", [...toolIds])
    .execute();
}

/** The user's own ratings by tool slug. */
export async function listUserRatings(db: DB, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("ratings as r")
    .innerJoin("tools as t", "t.id", "r.tool_id")
    .select(["t.slug", "r.rating"])
    .where("r.user_id", "=", userId)
    .orderBy("r.updated_at", "desc")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.slug, row.rating]));
}

/** A tool's shown figures and the user's own rating (null when signed out or not rated). */
export async function getRatingFigures(db: DB, slug: string, userId: string | null): Promise<RatingFigures> {
  const tool = await db.selectFrom("tools").select(["id", "rating", "review_count"]).where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  if (!tool) throw notFound(slug);
  const own = userId
    ? await db.selectFrom("ratings").select("rating").where("user_id", "=", userId).where("tool_id", "=", tool.id).executeTakeFirst()
    : undefined;
  return { slug, rating: Number(tool.rating), reviewCount: Number(tool.review_count), own: own?.rating ?? null };
}
