import type { DB } from "../db";
import { nowIso } from "../db/values";
import { runTransaction } from "../db/transaction";
import { AppError } from "../errors";
import { isPlaceholderEmail } from "../auth/users";
import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import { recordAudit, type Actor } from "./audit";
import { sendReviewMail } from "./mail";
import type { ReviewInput } from "./submissions";
import type { SubmissionStatus } from "~/lib/submissions";

/** Advertising requests (spec 4.8): listed for the admin, approved or rejected with notes; the requester sees the status under orders. */
export interface AdRequestView {
  id: number;
  status: SubmissionStatus;
  toolName: string;
  websiteUrl: string | null;
  description: string | null;
  budget: string | null;
  contactEmail: string | null;
  contactPlatform: string | null;
  contactHandle: string | null;
  notes: string | null;
  createdAt: string;
  reviewedAt: string | null;
  requester: { id: string; name: string; email: string | null };
}

export async function listAdRequests(db: DB, query: { status?: SubmissionStatus; page: number; pageSize: number }): Promise<{ data: AdRequestView[]; total: number }> {
  let base = db.selectFrom("ad_submissions as a");
  if (query.status) base = base.where("a.status", "=", query.status);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("user as u", "u.id", "a.user_id")
      .selectAll("a")
      .select(["u.name as user_name", "u.email as user_email"])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    data: rows.map((row) => {
      const email = row.user_email && !isPlaceholderEmail(row.user_email) ? row.user_email : null;
      return {
        id: Number(row.id),
        status: row.status as SubmissionStatus,
        toolName: row.tool_name,
        websiteUrl: row.website_url,
        description: row.description,
        budget: row.budget,
        contactEmail: row.contact_email,
        contactPlatform: row.contact_platform,
        contactHandle: row.contact_handle,
        notes: row.notes,
        createdAt: row.created_at,
        reviewedAt: row.reviewed_at,
        requester: { id: row.user_id, name: row.user_name || email || row.user_id, email },
      };
    }),
  };
}

/** Approve or reject a pending request; a rejection needs a reason, like tool submissions. */
export async function reviewAdRequest(db: DB, actor: Actor, id: number, input: ReviewInput): Promise<{ id: number; status: "approved" | "rejected"; notes: string | null }> {
  if (input.status === "rejected" && !input.notes) throw new AppError("bad_request", "Rejecting requires a reason.", { reason: "reason_required" });
  const row = await db
    .selectFrom("ad_submissions as a")
    .leftJoin("user as u", "u.id", "a.user_id")
    .select(["a.id", "a.status", "a.tool_name", "a.contact_email", "a.language", "u.email as user_email"])
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such advertising request.");
  if (row.status !== "pending") throw new AppError("conflict", `This request was already ${row.status}.`, { status: row.status });
  await runTransaction(db, async (trx) => {
    const now = nowIso();
    const result = await trx
      .updateTable("ad_submissions")
      .set({ status: input.status, notes: input.notes, reviewed_by: actor.id, reviewed_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("conflict", "This request was decided by someone else meanwhile.");
    await recordAudit(trx, actor, [
      { action: input.status === "approved" ? "ad.approve" : "ad.reject", entityType: "ad_submission", entityId: id, changes: { status: { before: "pending", after: input.status } }, note: input.notes },
    ]);
  });
  const to = row.contact_email || row.user_email;
  if (to && !isPlaceholderEmail(to)) {
    // In the language the request was made in, as a tool submission's mail is.
    await sendReviewMail({ to, lang: isLang(row.language) ? row.language : DEFAULT_LANG, kind: "ad", decision: input.status, toolName: row.tool_name, notes: input.notes });
  }
  return { id, status: input.status, notes: input.notes };
}
