import { sql } from "kysely";
import type { Lang } from "~/i18n/languages";
import { changeCatalog, type CatalogWrite } from "../catalog/changes";
import type { DB } from "../db";
import { lockingRead } from "../db/row-lock";
import { nowIso } from "../db/values";
import { AppError } from "../errors";
import { enforceWriteLimit, type WriteLimit } from "../rate-limit";
import { lockSubject, lockSubjectById, readFigures, readStar, SUBJECT_TABLES, writeStar, type ReviewSubject, type ShownFigures } from "./figures";
import { needsApproval, REVIEWS_PAGE_SIZE, type ReviewInput, type ReviewSort } from "./rules";

/**
 * Users' reviews (issue 34): one per user and tool or e-commerce tool, its star kept with the other stars.
 * A review shows, and its star counts, only while it is `published`; a pending or hidden review's star is out
 * of the figures, so they read exactly as if it had never been written. Every write commits the review, the
 * star and the figures together through `changeCatalog` (one commit, decision 0020).
 */
export type ReviewStatus = "pending" | "published" | "hidden";

export interface ReviewView {
  id: number;
  rating: number;
  title: string;
  body: string;
  language: string;
  authorName: string;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
  own: boolean;
  votedHelpful: boolean;
}

export interface OwnReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  language: string;
  status: ReviewStatus;
}

export interface WrittenReview {
  status: ReviewStatus;
  figures: ShownFigures;
}

function notFound(slug: string): AppError {
  return new AppError("not_found", "Nothing to review at this address.", { slug });
}

/** Writes or replaces the user's review of a subject (and its star); pending when the rules say so. */
export async function writeReview(db: DB, userId: string, input: ReviewInput, { limit, now = Date.now() }: { limit?: WriteLimit; now?: number } = {}): Promise<WrittenReview> {
  const author = await db.selectFrom("user").select("createdAt").where("id", "=", userId).executeTakeFirst();
  if (!author) throw new AppError("unauthorized", "Sign in to write a review.");
  const scope = SUBJECT_TABLES[input.subject].scope;
  const written = await changeCatalog(db, scope, async (trx) => {
    await enforceWriteLimit(trx, limit);
    const subjectId = await lockSubject(trx, input.subject, input.slug);
    if (subjectId === null) return null;
    const existing = await trx.selectFrom("reviews").select(["id", "status"]).where("user_id", "=", userId).where("subject", "=", input.subject).where("subject_id", "=", subjectId).executeTakeFirst();
    // A hidden review stays hidden when its author edits it; any other waits again when the words call for it.
    const status: ReviewStatus = existing?.status === "hidden" ? "hidden" : needsApproval(input, String(author.createdAt), now) ? "pending" : "published";
    const at = nowIso();
    await writeStar(trx, input.subject, userId, subjectId, { rating: input.rating, counted: status === "published" ? 1 : 0 }, at);
    const fields = { title: input.title, body: input.body, language: input.language, status, updated_at: at };
    if (existing) await trx.updateTable("reviews").set(fields).where("id", "=", existing.id).execute();
    else await trx.insertInto("reviews").values({ ...fields, user_id: userId, subject: input.subject, subject_id: subjectId, created_at: at }).execute();
    return { subjectId, status, figures: await readFigures(trx, input.subject, subjectId) };
  }, { figuresOf: (result) => (result ? [result.subjectId] : []) });
  if (!written) throw notFound(input.slug);
  return { status: written.status, figures: written.figures };
}

/** Deletes the user's review of a subject with its star and votes; the figures move back exactly. */
export async function deleteReview(db: DB, userId: string, subject: ReviewSubject, slug: string, { limit }: { limit?: WriteLimit } = {}): Promise<ShownFigures> {
  const figures = await changeCatalog(db, SUBJECT_TABLES[subject].scope, async (trx) => {
    await enforceWriteLimit(trx, limit);
    const subjectId = await lockSubject(trx, subject, slug);
    if (subjectId === null) return null;
    await trx.deleteFrom("reviews").where("user_id", "=", userId).where("subject", "=", subject).where("subject_id", "=", subjectId).execute();
    await writeStar(trx, subject, userId, subjectId, null, nowIso());
    return { subjectId, figures: await readFigures(trx, subject, subjectId) };
  }, { figuresOf: (result) => (result ? [result.subjectId] : []) });
  if (!figures) throw notFound(slug);
  return figures.figures;
}

/**
 * Removes everything a user wrote about tools (reviews, stars, votes), moving every figure back exactly; for
 * deleting an account, before its row goes. One transaction for all of it.
 */
export async function removeUserReviews(db: DB, userId: string): Promise<RemovedReviews> {
  return changeCatalog(db, ["tool-figures", "ecommerce"], (trx) => removeUserReviewsIn(trx, userId));
}

export interface RemovedReviews {
  stars: number;
  reviews: number;
  votes: number;
}

/** `removeUserReviews` inside a catalogue change that also does other things (deleting the account). */
export async function removeUserReviewsIn(trx: CatalogWrite, userId: string): Promise<RemovedReviews> {
  const removed: RemovedReviews = { stars: 0, reviews: 0, votes: 0 };
  const at = nowIso();
  for (const subject of ["tool", "ecommerce_tool"] as const) {
    const stars = await trx.selectFrom(SUBJECT_TABLES[subject].ratings).select("tool_id").where("user_id", "=", userId).orderBy("tool_id").execute();
    for (const { tool_id } of stars) {
      // Subject rows locked in id order, as every star writer locks its subject first.
      await lockSubjectById(trx, subject, tool_id);
      await writeStar(trx, subject, userId, tool_id, null, at);
      removed.stars++;
    }
  }
  const reviews = await trx.deleteFrom("reviews").where("user_id", "=", userId).executeTakeFirst();
  removed.reviews = Number(reviews.numDeletedRows);
  const voted = await trx.selectFrom("review_votes").select("review_id").where("user_id", "=", userId).orderBy("review_id").execute();
  for (const { review_id } of voted) await lockingRead(trx, trx.selectFrom("reviews").select("id").where("id", "=", review_id)).execute();
  await trx.deleteFrom("review_votes").where("user_id", "=", userId).execute();
  for (const { review_id } of voted) await recountHelpful(trx, review_id);
  removed.votes = voted.length;
  return removed;
}

async function recountHelpful(db: DB, reviewId: number): Promise<number> {
  const counted = sql<number>`(select count(*) from review_votes v where v.review_id = ${reviewId})`;
  const row = await db.updateTable("reviews").set({ helpful_count: counted }).where("id", "=", reviewId).returning("helpful_count").executeTakeFirst();
  return Number(row?.helpful_count ?? 0);
}

/** Marks (or unmarks) a published review helpful: one vote per user and review, never on one's own. */
export async function voteHelpful(db: DB, userId: string, reviewId: number, helpful: boolean, { limit }: { limit?: WriteLimit } = {}): Promise<{ helpfulCount: number }> {
  return db.transaction().execute(async (trx) => {
    await enforceWriteLimit(trx, limit);
    // The review row locked first: votes on one review queue, so each recount sees the ones committed before it.
    const review = await lockingRead(trx, trx.selectFrom("reviews").select(["user_id", "status"]).where("id", "=", reviewId)).executeTakeFirst();
    if (!review || review.status !== "published") throw new AppError("not_found", "No such review.");
    if (review.user_id === userId) throw new AppError("forbidden", "You cannot vote on your own review.");
    if (helpful) await trx.insertInto("review_votes").values({ review_id: reviewId, user_id: userId, created_at: nowIso() }).onConflict((oc) => oc.columns(["review_id", "user_id"]).doNothing()).execute();
    else await trx.deleteFrom("review_votes").where("review_id", "=", reviewId).where("user_id", "=", userId).execute();
    // Counted from the votes themselves in the same transaction: concurrent votes never lose one.
    return { helpfulCount: await recountHelpful(trx, reviewId) };
  });
}

/** The subject's id by slug (a published tool or e-commerce tool); null when none. */
export async function subjectIdOf(db: DB, subject: ReviewSubject, slug: string): Promise<number | null> {
  if (subject === "tool") return (await db.selectFrom("tools").select("id").where("slug", "=", slug).where("status", "=", "published").executeTakeFirst())?.id ?? null;
  return (await db.selectFrom("ecommerce_tools").select("id").where("slug", "=", slug).where("status", "=", "published").executeTakeFirst())?.id ?? null;
}

export interface ReviewPage {
  reviews: ReviewView[];
  total: number;
  page: number;
  pageSize: number;
  sort: ReviewSort;
  own: OwnReview | null;
  /** Figures from the published reviews written here alone (the JSON-LD's AggregateRating). */
  summary: { average: number; count: number };
}

/**
 * One page of a subject's published reviews: the page language's first, then the others; within each, by
 * the chosen sort (ties newest first). `userId` marks the reader's own review and votes.
 */
export async function listReviews(db: DB, subject: ReviewSubject, subjectId: number, options: { lang: Lang; sort: ReviewSort; page: number; userId: string | null }): Promise<ReviewPage> {
  const { lang, sort, page, userId } = options;
  // Both star tables have the same columns; one type keeps the query builder's types.
  const stars = SUBJECT_TABLES[subject].ratings as "ratings";
  const base = db
    .selectFrom("reviews as r")
    .innerJoin(`${stars} as s`, (join) => join.onRef("s.user_id", "=", "r.user_id").onRef("s.tool_id", "=", "r.subject_id"))
    .where("r.subject", "=", subject)
    .where("r.subject_id", "=", subjectId)
    .where("r.status", "=", "published");
  const summaryRow = await base.select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("s.rating").as("sum")]).executeTakeFirstOrThrow();
  const count = Number(summaryRow.count);
  let query = base
    .innerJoin("user as u", "u.id", "r.user_id")
    .select(["r.id", "r.title", "r.body", "r.language", "r.helpful_count", "r.created_at", "r.updated_at", "r.user_id", "s.rating", "u.name"])
    .orderBy(sql`case when r.language = ${lang} then 0 else 1 end`);
  if (sort === "helpful") query = query.orderBy("r.helpful_count", "desc");
  if (sort === "rating") query = query.orderBy("s.rating", "desc");
  const rows = await query.orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(REVIEWS_PAGE_SIZE).offset((page - 1) * REVIEWS_PAGE_SIZE).execute();
  const voted = userId && rows.length
    ? new Set((await db.selectFrom("review_votes").select("review_id").where("user_id", "=", userId).where("review_id", "in", rows.map((r) => r.id)).execute()).map((v) => v.review_id))
    : new Set<number>();
  const own = userId ? await ownReview(db, subject, subjectId, userId) : null;
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      body: row.body,
      language: row.language,
      authorName: firstName(row.name),
      helpfulCount: Number(row.helpful_count),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      own: row.user_id === userId,
      votedHelpful: voted.has(row.id),
    })),
    total: count,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    sort,
    own,
    summary: { average: count ? Number(summaryRow.sum) / count : 0, count },
  };
}

/** Shown names keep people's privacy: the first word of the account name. */
function firstName(name: string | null): string {
  const first = (name ?? "").trim().split(/\s+/)[0] ?? "";
  return first.includes("@") ? first.split("@")[0]! : first;
}

async function ownReview(db: DB, subject: ReviewSubject, subjectId: number, userId: string): Promise<OwnReview | null> {
  const row = await db.selectFrom("reviews").select(["id", "title", "body", "language", "status"]).where("user_id", "=", userId).where("subject", "=", subject).where("subject_id", "=", subjectId).executeTakeFirst();
  if (!row) return null;
  const star = await readStar(db, subject, userId, subjectId);
  return { id: row.id, rating: star?.rating ?? 0, title: row.title, body: row.body, language: row.language, status: row.status as ReviewStatus };
}
