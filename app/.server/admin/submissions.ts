import type { Transaction } from "kysely";
import { z } from "zod";
import { submitPayloadSchema, updatePayloadSchema, type SubmissionStatus, type SubmitPayload, type ToolChanges, type UpdatePayload } from "~/lib/submissions";
import { ADMIN_PAGE_SIZE } from "~/lib/admin";
import { isPlaceholderEmail } from "../auth/users";
import type { DB, Schema } from "../db";
import { serializeTransactions } from "../db/row-lock";
import { nowIso, parseJson } from "../db/values";
import { runTransaction } from "../db/transaction";
import { AppError } from "../errors";
import { changeCatalog } from "../catalog/changes";
import { toolCardName } from "../tools/queries";
import { recordAudit, type Actor, type FieldChanges } from "./audit";
import { sendReviewMail } from "./mail";
import { applyToolUpdate, currentToolFields, freeToolSlug, imagesFor, publishLanguage, publishSubmittedTool, updateDiff } from "./publish";
import { makerPairs } from "../makers/claim-state";
import { queueToolScreenshot, withSiteScreenshots } from "../screenshots";

/**
 * The tool review queue (spec 4.8): listing submissions with their payload,
 * and the decision. Approving a `submit` publishes the tool, approving an
 * `update` applies its changed fields; both are recorded in the audit log in
 * the same transaction, then the catalogue caches are dropped and the
 * submitter is mailed.
 */
export { ADMIN_PAGE_SIZE };
export const STATUSES = ["pending", "approved", "rejected"] as const;

export const reviewInput = z.object({
  status: z.enum(["approved", "rejected"]),
  notes: z.string().trim().max(1000).nullish().transform((v) => v || null),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export interface Submitter {
  id: string;
  name: string;
  email: string | null;
}

export interface DiffRow {
  field: keyof ToolChanges;
  before: unknown;
  after: unknown;
}

export interface SubmissionView {
  id: number;
  type: "submit" | "update";
  status: SubmissionStatus;
  slug: string;
  notes: string | null;
  createdAt: string;
  reviewedAt: string | null;
  toolId: number | null;
  toolSlug: string | null;
  submitter: Submitter;
  /** The parsed payload, or null when the stored JSON no longer matches the contract (shown raw). */
  submit: SubmitPayload | null;
  update: UpdatePayload | null;
  raw: unknown;
  /** Pending updates: the tool's current values against the proposed ones. */
  diff: DiffRow[] | null;
  /** Updates: the tool as it is listed now (its name in the admin's language, its image), for the card's title. */
  tool: { name: string; imageUrl: string | null } | null;
  /** Sent by a verified maker of the tool (decision 0032). */
  fromMaker: boolean;
  /** The capture of the submitted (or newly proposed) website, when one was taken (`withSiteScreenshots`). */
  siteScreenshot?: string | null;
}

export interface ListQuery {
  status?: SubmissionStatus;
  page: number;
  pageSize: number;
  /** The reader's language, for the names of the tools that updates are about (default us-en). */
  lang?: string;
}

export async function listSubmissions(db: DB, query: ListQuery): Promise<{ data: SubmissionView[]; total: number }> {
  let base = db.selectFrom("submissions as s");
  if (query.status) base = base.where("s.status", "=", query.status);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("user as u", "u.id", "s.user_id")
      .leftJoin("tools as t", "t.id", "s.tool_id")
      .select(["s.id", "s.type", "s.status", "s.slug", "s.notes", "s.payload", "s.tool_id", "s.created_at", "s.reviewed_at", "s.user_id", "u.name as user_name", "u.email as user_email", "t.slug as tool_slug", "t.image_webp_url as tool_image_webp", "t.image_url as tool_image"])
      .orderBy("s.created_at", "desc")
      .orderBy("s.id", "desc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const makers = await makerPairs(db, rows.map((row) => ({ userId: row.user_id, toolId: row.tool_id === null ? null : Number(row.tool_id) })));
  const data = await Promise.all(
    rows.map(async (row): Promise<SubmissionView> => {
      const raw = parseJson<unknown>(row.payload, null);
      const submit = row.type === "submit" ? submitPayloadSchema.safeParse(raw) : null;
      const update = row.type === "update" ? updatePayloadSchema.safeParse(raw) : null;
      let diff: DiffRow[] | null = null;
      if (row.status === "pending" && update?.success && row.tool_id !== null) {
        const current = await currentToolFields(db, Number(row.tool_id), publishLanguage(update.data.language));
        diff = current ? updateDiff(current, update.data.changes) : null;
      }
      const email = row.user_email && !isPlaceholderEmail(row.user_email) ? row.user_email : null;
      // An update is about a listed tool: the card shows that tool, not the proposal's slug and an empty picture.
      const toolName = row.type === "update" && row.tool_id !== null ? await toolCardName(db, query.lang ?? "us-en", Number(row.tool_id)) : null;
      return {
        id: Number(row.id),
        type: row.type === "update" ? "update" : "submit",
        status: row.status as SubmissionStatus,
        slug: row.slug,
        notes: row.notes,
        createdAt: row.created_at,
        reviewedAt: row.reviewed_at,
        toolId: row.tool_id === null ? null : Number(row.tool_id),
        toolSlug: row.tool_slug ?? null,
        submitter: { id: row.user_id, name: row.user_name || email || row.user_id, email },
        submit: submit?.success ? submit.data : null,
        update: update?.success ? update.data : null,
        raw,
        diff,
        tool: toolName === null ? null : { name: toolName, imageUrl: row.tool_image_webp ?? row.tool_image ?? null },
        fromMaker: row.type === "update" && makers.has(`${row.user_id}:${Number(row.tool_id)}`),
      };
    }),
  );
  return { data: await withSiteScreenshots(db, data), total: Number(count.n) };
}

async function loadPending(db: DB, id: number) {
  const row = await db
    .selectFrom("submissions as s")
    .leftJoin("user as u", "u.id", "s.user_id")
    .select(["s.id", "s.type", "s.status", "s.slug", "s.payload", "s.tool_id", "s.notes", "u.email as user_email"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such submission.");
  if (row.status !== "pending") throw new AppError("conflict", `This submission was already ${row.status}.`, { status: row.status });
  return row;
}

/** Advisory lock key of publications (any constant of its own). */
const PUBLISH_LOCK = 0x7075_6231;

/** Conflict when another decision was committed since the row was loaded. */
async function assertPending(trx: Transaction<Schema>, id: number): Promise<void> {
  const row = await trx.selectFrom("submissions").select("status").where("id", "=", id).executeTakeFirst();
  if (row && row.status !== "pending") throw new AppError("conflict", `This submission was already ${row.status}.`, { status: row.status });
}

/** Marks the row decided only while it is still pending, so two admins never decide it twice. */
async function decide(trx: Transaction<Schema>, id: number, actor: Actor, input: ReviewInput, toolId?: number) {
  const now = nowIso();
  const result = await trx
    .updateTable("submissions")
    .set({ status: input.status, notes: input.notes, reviewed_by: actor.id, reviewed_at: now, updated_at: now, ...(toolId !== undefined ? { tool_id: toolId } : {}) })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError("conflict", "This submission was decided by someone else meanwhile.");
}

export interface ReviewResult {
  id: number;
  status: "approved" | "rejected";
  notes: string | null;
  toolId: number | null;
  toolSlug: string | null;
  changes: FieldChanges;
}

export async function reviewSubmission(db: DB, actor: Actor, id: number, input: ReviewInput): Promise<ReviewResult> {
  if (input.status === "rejected" && !input.notes) throw new AppError("bad_request", "Rejecting requires a reason.", { reason: "reason_required" });
  const row = await loadPending(db, id);
  const type = row.type === "update" ? "update" : "submit";
  const payload = parseJson<unknown>(row.payload, null);
  const submit = type === "submit" ? submitPayloadSchema.safeParse(payload) : null;
  const update = type === "update" ? updatePayloadSchema.safeParse(payload) : null;
  const language = publishLanguage((submit?.success ? submit.data.language : update?.success ? update.data.language : null) ?? "us-en");
  const contact = (submit?.success ? submit.data.contact_email : update?.success ? update.data.contact_email : "") || row.user_email || "";
  const toolName = submit?.success ? submit.data.name : update?.success ? (update.data.changes.name ?? update.data.tool_slug) : row.slug;

  let result: ReviewResult;
  if (input.status === "rejected") {
    await runTransaction(db, async (trx) => {
      await decide(trx, id, actor, input);
      await recordAudit(trx, actor, [{ action: "submission.reject", entityType: "submission", entityId: id, changes: { status: { before: "pending", after: "rejected" } }, note: input.notes }]);
    });
    result = { id, status: "rejected", notes: input.notes, toolId: row.tool_id === null ? null : Number(row.tool_id), toolSlug: null, changes: {} };
  } else if (type === "submit") {
    if (!submit?.success) throw new AppError("conflict", "The stored submission is incomplete and cannot be published; reject it with a reason.");
    const wanted = await freeToolSlug(db, submit.data.slug || row.slug);
    const images = await imagesFor(submit.data, wanted);
    const published = await changeCatalog(db, "tools", async (trx) => {
      // Two approvals at once (two administrators on one submission, or two submissions wanting one
      // slug) would find the same free slug on PostgreSQL and the second insert would fail with a
      // duplicate key: publications run one at a time, and the row is checked again under that lock.
      await serializeTransactions(trx, PUBLISH_LOCK);
      await assertPending(trx, id);
      const tool = await publishSubmittedTool(trx, submit.data, wanted, images);
      await decide(trx, id, actor, input, tool.id);
      await recordAudit(trx, actor, [
        { action: "submission.approve", entityType: "submission", entityId: id, changes: { status: { before: "pending", after: "approved" }, tool_id: { before: null, after: tool.id } }, note: input.notes },
      ]);
      return tool;
    }, { toolsOf: (tool) => [tool.id] });
    result = { id, status: "approved", notes: input.notes, toolId: published.id, toolSlug: published.slug, changes: {} };
  } else {
    if (!update?.success || row.tool_id === null) throw new AppError("conflict", "The stored update is incomplete and cannot be applied; reject it with a reason.");
    const toolId = Number(row.tool_id);
    const changes = await changeCatalog(db, "tools", async (trx) => {
      const current = await currentToolFields(trx, toolId, language);
      if (!current) throw new AppError("conflict", "The tool this update is for no longer exists.");
      const diff = updateDiff(current, update.data.changes);
      const proposed = Object.fromEntries(diff.map((d) => [d.field, d.after])) as ToolChanges;
      await applyToolUpdate(trx, toolId, language, proposed);
      await decide(trx, id, actor, input);
      const fieldChanges: FieldChanges = Object.fromEntries(diff.map((d) => [d.field, { before: d.before, after: d.after }]));
      await recordAudit(trx, actor, [
        { action: "submission.approve", entityType: "submission", entityId: id, changes: { status: { before: "pending", after: "approved" } }, note: input.notes },
        { action: "submission.approve", entityType: "tool", entityId: toolId, changes: fieldChanges, note: `update #${id}` },
      ]);
      return fieldChanges;
    }, { toolsOf: () => [toolId] });
    const tool = await db.selectFrom("tools").select("slug").where("id", "=", toolId).executeTakeFirst();
    result = { id, status: "approved", notes: input.notes, toolId, toolSlug: tool?.slug ?? null, changes };
  }

  if (result.status === "approved" && result.toolId !== null) await queueToolScreenshot(db, result.toolId, "approval");
  if (contact && !isPlaceholderEmail(contact)) {
    await sendReviewMail({ to: contact, lang: language, kind: type, decision: result.status, toolName, notes: result.notes, toolSlug: result.status === "approved" ? result.toolSlug : null });
  }
  return result;
}
