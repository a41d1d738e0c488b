import { recordAudit, type Actor } from "../admin/audit";
import { changeCatalog } from "../catalog/changes";
import type { DB } from "../db";
import { lockingRead } from "../db/row-lock";
import { nowIso } from "../db/values";
import { AppError } from "../errors";
import { lockSubjectById, readStar, writeStar, type ReviewSubject } from "../reviews/figures";
import { closeReports } from "./queries";
import type { ModerationAction, ReportSubject } from "./rules";

/**
 * What an administrator does with a report or a waiting review (issue 34). Each action, its closing of the
 * subject's open reports and its audit record commit together; review actions move the star in or out of the
 * figures in the same transaction, so a hidden review leaves them exactly as if it had never been written.
 */
export interface ModerationRequest {
  action: ModerationAction;
  subject: ReportSubject;
  subjectId: number;
  note?: string;
}

function refused(message: string): AppError {
  return new AppError("bad_request", message);
}

export async function moderate(db: DB, actor: Actor, request: ModerationRequest): Promise<void> {
  const { action, subject, subjectId } = request;
  const note = request.note?.trim() || null;
  if (action === "dismiss") {
    await db.transaction().execute(async (trx) => {
      const closed = await closeReports(trx, subject, subjectId, "dismissed");
      if (closed === 0) throw new AppError("not_found", "No open reports on this item.");
      await recordAudit(trx, actor, [{ action: "report.dismiss", entityType: subject, entityId: subjectId, changes: { reports: { before: closed, after: 0 } }, note }]);
    });
    return;
  }
  if (action === "hide_review" || action === "publish_review") {
    if (subject !== "review") throw refused("Only a review can be hidden or published.");
    await setReviewStatus(db, actor, subjectId, action === "hide_review" ? "hidden" : "published", note);
    return;
  }
  if (subject !== "tool" && subject !== "ecommerce_tool") throw refused("Only a tool or an e-commerce tool can be marked discontinued or unpublished.");
  await setListingState(db, actor, subject, subjectId, action === "discontinue" ? "discontinue" : "unpublish", note);
}

/**
 * Marks a tool or an e-commerce tool discontinued (its page stays, `noindex`) or unpublishes it, closing its
 * open reports; the change goes through the catalogue's one change path, so lists, search and sitemaps follow.
 */
export async function setListingState(db: DB, actor: Actor, subject: "tool" | "ecommerce_tool", subjectId: number, state: "discontinue" | "unpublish", note: string | null = null): Promise<void> {
  const table = subject === "tool" ? "tools" : "ecommerce_tools";
  const entity = subject === "tool" ? "tool" : "ecommerce_tool";
  await changeCatalog(db, subject === "tool" ? "tools" : "ecommerce", async (trx) => {
    const tool = await lockingRead(trx, trx.selectFrom(table).select(["status", "discontinued_at"]).where("id", "=", subjectId)).executeTakeFirst();
    if (!tool) throw new AppError("not_found", "No such tool.");
    const at = nowIso();
    if (state === "discontinue") {
      await trx.updateTable(table).set({ discontinued_at: tool.discontinued_at ?? at, updated_at: at }).where("id", "=", subjectId).execute();
      await recordAudit(trx, actor, [{ action: `${entity}.discontinue`, entityType: entity, entityId: subjectId, changes: { discontinued: { before: Boolean(tool.discontinued_at), after: true } }, note }]);
    } else {
      await trx.updateTable(table).set({ status: "hidden", updated_at: at }).where("id", "=", subjectId).execute();
      await recordAudit(trx, actor, [{ action: `${entity}.unpublish`, entityType: entity, entityId: subjectId, changes: { status: { before: tool.status, after: "hidden" } }, note }]);
    }
    await closeReports(trx, subject, subjectId, "resolved");
  }, { toolsOf: () => (subject === "tool" ? [subjectId] : []) });
}

/** Hides or publishes a review: its star leaves or joins the figures, its reports close. */
export async function setReviewStatus(db: DB, actor: Actor, reviewId: number, status: "hidden" | "published", note: string | null = null): Promise<void> {
  const review = await db.selectFrom("reviews").select(["subject"]).where("id", "=", reviewId).executeTakeFirst();
  if (!review) throw new AppError("not_found", "No such review.");
  const subject = review.subject as ReviewSubject;
  const scope = subject === "tool" ? "tool-figures" : "ecommerce";
  await changeCatalog(db, scope, async (trx) => {
    const current = await trx.selectFrom("reviews").select(["user_id", "subject_id", "status"]).where("id", "=", reviewId).executeTakeFirst();
    if (!current) throw new AppError("not_found", "No such review.");
    await lockSubjectById(trx, subject, current.subject_id);
    const star = await readStar(trx, subject, current.user_id, current.subject_id);
    const at = nowIso();
    await trx.updateTable("reviews").set({ status }).where("id", "=", reviewId).execute();
    if (star) await writeStar(trx, subject, current.user_id, current.subject_id, { rating: star.rating, counted: status === "published" ? 1 : 0 }, at);
    await closeReports(trx, "review", reviewId, status === "hidden" ? "resolved" : "dismissed");
    await recordAudit(trx, actor, [
      { action: status === "hidden" ? "review.hide" : "review.publish", entityType: "review", entityId: reviewId, changes: { status: { before: current.status, after: status } }, note },
    ]);
    return current.subject_id;
  }, { figuresOf: (subjectId) => [subjectId] });
}

export interface PendingReview {
  id: number;
  subject: ReviewSubject;
  slug: string;
  title: string;
  body: string;
  language: string;
  rating: number;
  authorEmail: string;
  createdAt: string;
}

/** Reviews waiting for approval, oldest first. */
export async function listPendingReviews(db: DB, { page, pageSize }: { page: number; pageSize: number }): Promise<{ items: PendingReview[]; total: number }> {
  const total = await db.selectFrom("reviews").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("reviews as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .select(["r.id", "r.subject", "r.subject_id", "r.title", "r.body", "r.language", "r.user_id", "r.created_at", "u.email"])
    .where("r.status", "=", "pending")
    .orderBy("r.created_at", "asc")
    .orderBy("r.id", "asc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const items: PendingReview[] = [];
  for (const row of rows) {
    const subject = row.subject as ReviewSubject;
    const table = subject === "tool" ? "tools" : "ecommerce_tools";
    const target = await db.selectFrom(table).select("slug").where("id", "=", row.subject_id).executeTakeFirst();
    const star = await readStar(db, subject, row.user_id, row.subject_id);
    items.push({ id: row.id, subject, slug: target?.slug ?? "", title: row.title, body: row.body, language: row.language, rating: star?.rating ?? 0, authorEmail: row.email, createdAt: row.created_at });
  }
  return { items, total: Number(total.n) };
}
