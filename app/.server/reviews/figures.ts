import { sql } from "kysely";
import type { CatalogScope } from "../catalog/scopes";
import type { CatalogWrite } from "../catalog/changes";
import type { DB } from "../db";
import { lockingRead } from "../db/row-lock";

/**
 * The two things a review can be about, and where each keeps its stars and figures. Both keep the imported
 * figures (`base_*`) and the users' integer sums apart, and derive the shown ones from the four in the same
 * transaction as every write (decision 0020's formula), so a figure is always exactly what the counted stars say.
 */
export const REVIEW_SUBJECTS = ["tool", "ecommerce_tool"] as const;
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];

interface SubjectTables {
  table: "tools" | "ecommerce_tools";
  ratings: "ratings" | "ecommerce_ratings";
  scope: CatalogScope;
  /** Page path under the language prefix. */
  path: (slug: string) => string;
}

export const SUBJECT_TABLES: Record<ReviewSubject, SubjectTables> = {
  tool: { table: "tools", ratings: "ratings", scope: "tool-figures", path: (slug) => `/tool/${slug}` },
  ecommerce_tool: { table: "ecommerce_tools", ratings: "ecommerce_ratings", scope: "ecommerce", path: (slug) => `/ecommerce/${slug}` },
};

export interface ShownFigures {
  rating: number;
  reviewCount: number;
}

/** The subject's id by slug, its row locked until commit (a published tool or e-commerce tool); null when none. */
export async function lockSubject(trx: DB, subject: ReviewSubject, slug: string): Promise<number | null> {
  if (subject === "tool") {
    const row = await lockingRead(trx, trx.selectFrom("tools").select("id").where("slug", "=", slug).where("status", "=", "published")).executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await lockingRead(trx, trx.selectFrom("ecommerce_tools").select("id").where("slug", "=", slug).where("status", "=", "published")).executeTakeFirst();
  return row?.id ?? null;
}

/** Locks a subject row by id (for moderation, which starts from the review). */
export async function lockSubjectById(trx: DB, subject: ReviewSubject, id: number): Promise<void> {
  await lockingRead(trx, trx.selectFrom(SUBJECT_TABLES[subject].table).select("id").where("id", "=", id)).execute();
}

/**
 * Moves the users' sums by the change of counted stars and recomputes the shown figures from the four columns
 * (integer parts first, so both engines compute the same one division).
 */
export async function moveFigures(trx: CatalogWrite, subject: ReviewSubject, id: number, sumDelta: number, countDelta: number): Promise<void> {
  if (sumDelta === 0 && countDelta === 0) return;
  const table = sql.table(SUBJECT_TABLES[subject].table);
  await sql`update ${table} set
    rating = case when base_review_count + user_rating_count + ${countDelta} = 0 then base_rating
      else (base_rating * base_review_count + (user_rating_sum + ${sumDelta})) / (base_review_count + (user_rating_count + ${countDelta})) end,
    review_count = base_review_count + user_rating_count + ${countDelta},
    user_rating_sum = user_rating_sum + ${sumDelta},
    user_rating_count = user_rating_count + ${countDelta}
    where id = ${id}`.execute(trx);
}

/** Recomputes the shown figures from base and user sums (after an import changed the base). */
export async function refreshFigures(trx: CatalogWrite, subject: ReviewSubject, id: number): Promise<void> {
  const table = sql.table(SUBJECT_TABLES[subject].table);
  await sql`update ${table} set
    rating = case when base_review_count + user_rating_count = 0 then base_rating
      else (base_rating * base_review_count + user_rating_sum) / (base_review_count + user_rating_count) end,
    review_count = base_review_count + user_rating_count
    where id = ${id}`.execute(trx);
}

export async function readFigures(db: DB, subject: ReviewSubject, id: number): Promise<ShownFigures> {
  const row = await db.selectFrom(SUBJECT_TABLES[subject].table).select(["rating", "review_count"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { rating: Number(row.rating), reviewCount: Number(row.review_count) };
}

export interface StarRow {
  rating: number;
  counted: number;
}

export async function readStar(trx: DB, subject: ReviewSubject, userId: string, subjectId: number): Promise<StarRow | null> {
  const row = await trx.selectFrom(SUBJECT_TABLES[subject].ratings).select(["rating", "counted"]).where("user_id", "=", userId).where("tool_id", "=", subjectId).executeTakeFirst();
  return row ? { rating: row.rating, counted: Number(row.counted) } : null;
}

/**
 * Writes the user's star (new, changed or re-counted) and moves the figures by the difference between what was
 * counted before and what is counted now. `next` null deletes the star.
 */
export async function writeStar(trx: CatalogWrite, subject: ReviewSubject, userId: string, subjectId: number, next: StarRow | null, now: string): Promise<void> {
  const ratings = SUBJECT_TABLES[subject].ratings;
  const previous = await readStar(trx, subject, userId, subjectId);
  if (next === null) {
    if (previous) await trx.deleteFrom(ratings).where("user_id", "=", userId).where("tool_id", "=", subjectId).execute();
  } else if (previous) {
    await trx.updateTable(ratings).set({ rating: next.rating, counted: next.counted, updated_at: now }).where("user_id", "=", userId).where("tool_id", "=", subjectId).execute();
  } else {
    await trx.insertInto(ratings).values({ user_id: userId, tool_id: subjectId, rating: next.rating, counted: next.counted, created_at: now, updated_at: now }).execute();
  }
  const before = previous && previous.counted ? previous.rating : 0;
  const after = next && next.counted ? next.rating : 0;
  const countDelta = (next?.counted ? 1 : 0) - (previous?.counted ? 1 : 0);
  await moveFigures(trx, subject, subjectId, after - before, countDelta);
}
