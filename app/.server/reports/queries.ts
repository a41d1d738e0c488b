import { sql } from "kysely";
import type { DB } from "../db";
import { serializeTransactions } from "../db/row-lock";
import { nowIso } from "../db/values";
import { AppError } from "../errors";
import type { ReportInput, ReportReason, ReportSubject } from "./rules";

/**
 * Reports on listings and reviews (issue 34). One open row per reporter and subject: the same person reporting
 * again updates their row (reason, text, time) instead of counting twice. Reporters are `user:{id}` when signed
 * in, else `address:{client address}`, and `checker` for the link checker.
 */
const REPORT_LOCK = 340_022;

/** The subject's id, or null when there is nothing (published) to report at that name. */
export async function reportSubjectId(db: DB, input: Pick<ReportInput, "subject" | "slug" | "reviewId">): Promise<number | null> {
  switch (input.subject) {
    case "tool":
      return (await db.selectFrom("tools").select("id").where("slug", "=", input.slug!).where("status", "=", "published").executeTakeFirst())?.id ?? null;
    case "ecommerce_tool":
      return (await db.selectFrom("ecommerce_tools").select("id").where("slug", "=", input.slug!).where("status", "=", "published").executeTakeFirst())?.id ?? null;
    case "case_study":
      return (await db.selectFrom("case_studies").select("id").where("slug", "=", input.slug!).executeTakeFirst())?.id ?? null;
    case "review":
      return (await db.selectFrom("reviews").select("id").where("id", "=", input.reviewId!).where("status", "=", "published").executeTakeFirst())?.id ?? null;
  }
}

export interface FiledReport {
  subject: ReportSubject;
  subjectId: number;
  reason: ReportReason;
  details: string;
  reporter: string;
}

/** Files (or refreshes) one reporter's open report on a subject; true when it is a new one. */
export async function fileReport(db: DB, report: FiledReport, now = nowIso()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, REPORT_LOCK);
    const open = await trx
      .selectFrom("reports")
      .select("id")
      .where("status", "=", "open")
      .where("subject", "=", report.subject)
      .where("subject_id", "=", report.subjectId)
      .where("reporter", "=", report.reporter)
      .executeTakeFirst();
    if (open) {
      await trx.updateTable("reports").set({ reason: report.reason, details: report.details, updated_at: now }).where("id", "=", open.id).execute();
      return false;
    }
    const { subjectId, ...fields } = report;
    await trx.insertInto("reports").values({ ...fields, subject_id: subjectId, status: "open", created_at: now, updated_at: now }).execute();
    return true;
  });
}

/** Closes every open report on a subject (an administrator acted on it). */
export async function closeReports(trx: DB, subject: ReportSubject, subjectId: number, status: "dismissed" | "resolved"): Promise<number> {
  const at = nowIso();
  const closed = await trx.updateTable("reports").set({ status, closed_at: at, updated_at: at }).where("status", "=", "open").where("subject", "=", subject).where("subject_id", "=", subjectId).executeTakeFirst();
  return Number(closed.numUpdatedRows);
}

export interface QueueItem {
  subject: ReportSubject;
  subjectId: number;
  /** The subject's name (a tool, case study) or the review's title; slug for the link. */
  title: string;
  slug: string | null;
  reasons: Partial<Record<ReportReason, number>>;
  details: string[];
  count: number;
  firstAt: string;
  lastAt: string;
  /** Review subjects: the review's state, and what it is about. */
  reviewStatus?: string;
  reviewOf?: { subject: string; slug: string } | null;
  discontinued?: boolean;
}

/** Open reports per kind: how many subjects each kind has waiting (the console home's figures). */
export async function openReportCounts(db: DB): Promise<Record<ReportSubject, number>> {
  const rows = await db
    .selectFrom("reports")
    .select(["subject", sql<number>`count(distinct subject_id)`.as("n")])
    .where("status", "=", "open")
    .groupBy("subject")
    .execute();
  const counts: Record<ReportSubject, number> = { tool: 0, ecommerce_tool: 0, case_study: 0, review: 0 };
  for (const row of rows) counts[row.subject as ReportSubject] = Number(row.n);
  return counts;
}

/** Reviews waiting for approval (they show in the queue as their own kind). */
export async function pendingReviewCount(db: DB): Promise<number> {
  const row = await db.selectFrom("reviews").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One kind's open reports grouped by subject, most reporters first, then most recent. */
export async function listQueue(db: DB, subject: ReportSubject, { page, pageSize }: { page: number; pageSize: number }): Promise<{ items: QueueItem[]; total: number }> {
  const grouped = db.selectFrom("reports").where("status", "=", "open").where("subject", "=", subject).groupBy("subject_id");
  const totalRow = await db.selectFrom(grouped.select("subject_id").as("g")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const groups = await grouped
    .select(["subject_id", sql<number>`count(*)`.as("n"), sql<string>`min(created_at)`.as("first_at"), sql<string>`max(updated_at)`.as("last_at")])
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`max(updated_at)`, "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const ids = groups.map((g) => g.subject_id);
  const rows = ids.length ? await db.selectFrom("reports").select(["subject_id", "reason", "details"]).where("status", "=", "open").where("subject", "=", subject).where("subject_id", "in", ids).orderBy("updated_at", "desc").execute() : [];
  const names = await subjectNames(db, subject, ids);
  const items = groups.map((group): QueueItem => {
    const own = rows.filter((r) => r.subject_id === group.subject_id);
    const reasons: Partial<Record<ReportReason, number>> = {};
    for (const row of own) reasons[row.reason as ReportReason] = (reasons[row.reason as ReportReason] ?? 0) + 1;
    const name = names.get(group.subject_id);
    return {
      subject,
      subjectId: group.subject_id,
      title: name?.title ?? `#${group.subject_id}`,
      slug: name?.slug ?? null,
      reasons,
      details: own.map((r) => r.details).filter(Boolean).slice(0, 5),
      count: Number(group.n),
      firstAt: group.first_at,
      lastAt: group.last_at,
      reviewStatus: name?.reviewStatus,
      reviewOf: name?.reviewOf,
      discontinued: name?.discontinued,
    };
  });
  return { items, total: Number(totalRow.n) };
}

interface SubjectName {
  title: string;
  slug: string | null;
  reviewStatus?: string;
  reviewOf?: { subject: string; slug: string } | null;
  discontinued?: boolean;
}

async function subjectNames(db: DB, subject: ReportSubject, ids: number[]): Promise<Map<number, SubjectName>> {
  const map = new Map<number, SubjectName>();
  if (ids.length === 0) return map;
  if (subject === "tool") {
    const rows = await db
      .selectFrom("tools as t")
      .leftJoin("tool_translations as tr", (j) => j.onRef("tr.tool_id", "=", "t.id").on("tr.language", "=", "us-en"))
      .select(["t.id", "t.slug", "tr.name", "t.discontinued_at", "t.status"])
      .where("t.id", "in", ids)
      .execute();
    for (const r of rows) map.set(r.id, { title: r.name || r.slug, slug: r.slug, discontinued: Boolean(r.discontinued_at) });
  } else if (subject === "ecommerce_tool") {
    for (const r of await db.selectFrom("ecommerce_tools").select(["id", "slug", "name", "discontinued_at"]).where("id", "in", ids).execute()) map.set(r.id, { title: r.name, slug: r.slug, discontinued: Boolean(r.discontinued_at) });
  } else if (subject === "case_study") {
    const rows = await db
      .selectFrom("case_studies as c")
      .leftJoin("case_study_translations as tr", (j) => j.onRef("tr.case_study_id", "=", "c.id").on("tr.language", "=", "us-en"))
      .select(["c.id", "c.slug", "tr.title"])
      .where("c.id", "in", ids)
      .execute();
    for (const r of rows) map.set(r.id, { title: r.title || r.slug, slug: r.slug });
  } else {
    const rows = await db.selectFrom("reviews").select(["id", "title", "status", "subject", "subject_id"]).where("id", "in", ids).execute();
    for (const r of rows) map.set(r.id, { title: r.title, slug: null, reviewStatus: r.status, reviewOf: await reviewTarget(db, r.subject, r.subject_id) });
  }
  return map;
}

async function reviewTarget(db: DB, subject: string, id: number): Promise<{ subject: string; slug: string } | null> {
  const table = subject === "tool" ? "tools" : "ecommerce_tools";
  const row = await db.selectFrom(table).select("slug").where("id", "=", id).executeTakeFirst();
  return row ? { subject, slug: row.slug } : null;
}

export function reportNotFound(): AppError {
  return new AppError("not_found", "There is nothing to report at this address.");
}
