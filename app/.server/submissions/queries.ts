import { sql } from "kysely";
import {
  submitPayloadSchema,
  updatePayloadSchema,
  type SubmissionStatus,
  type SubmissionType,
  type SubmitPayload,
  type UpdatePayload,
} from "~/lib/submissions";
import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { nowIso, parseJson } from "../db/values";
import { websiteHost, websiteKey } from "./url-key";

/** Submissions data access: the rows the admin review queue reads, in the payload shapes of app/lib/submissions.ts. */

export async function insertSubmitRow(db: DB, userId: string, payload: SubmitPayload): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("submissions")
    .values({
      user_id: userId,
      type: "submit",
      slug: payload.slug,
      status: "pending",
      payload: JSON.stringify(submitPayloadSchema.parse(payload)),
      tool_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertUpdateRow(db: DB, userId: string, toolId: number, payload: UpdatePayload): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("submissions")
    .values({
      user_id: userId,
      type: "update",
      slug: payload.tool_slug,
      status: "pending",
      payload: JSON.stringify(updatePayloadSchema.parse(payload)),
      tool_id: toolId,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface MySubmission {
  id: number;
  type: SubmissionType;
  status: SubmissionStatus;
  name: string;
  websiteUrl: string | null;
  notes: string | null;
  createdAt: string;
  reviewedAt: string | null;
  /** Slug of the published tool (approved submissions; the updated tool for updates). */
  toolSlug: string | null;
  /** Fields an update proposed. */
  changedFields: string[];
}

const STATUSES: SubmissionStatus[] = ["pending", "approved", "rejected"];
const asStatus = (value: string): SubmissionStatus => STATUSES.find((s) => s === value) ?? "pending";

/** Names of tools in the page's language where they have it (update proposals name the tool they change). */
async function toolNames(db: DB, toolIds: number[], lang: string): Promise<Map<number, string>> {
  if (toolIds.length === 0) return new Map();
  const rows = await db.selectFrom("tool_translations").select(["tool_id", "language", "name"]).where("tool_id", "in", toolIds).orderBy("language").execute();
  const names = new Map<number, string>();
  for (const id of toolIds) {
    const name = pickLocalized(fieldVariants(rows.filter((r) => r.tool_id === id), (r) => r.name), lang)?.value;
    if (name) names.set(id, name);
  }
  return names;
}

/** The user's submissions and update proposals, newest first. */
export async function listMySubmissions(db: DB, userId: string, lang = "us-en", limit = 100): Promise<MySubmission[]> {
  const rows = await db
    .selectFrom("submissions as s")
    .leftJoin("tools as t", "t.id", "s.tool_id")
    .select(["s.id", "s.type", "s.status", "s.slug", "s.notes", "s.payload", "s.created_at", "s.reviewed_at", "s.tool_id", "t.slug as tool_slug"])
    .where("s.user_id", "=", userId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
  const names = await toolNames(db, [...new Set(rows.flatMap((r) => (r.type === "update" && r.tool_id !== null ? [Number(r.tool_id)] : [])))], lang);
  return rows.map((row) => {
    const payload = parseJson<Record<string, unknown>>(row.payload, {});
    const isUpdate = row.type === "update";
    const changes = isUpdate ? ((payload.changes ?? {}) as Record<string, unknown>) : {};
    const status = asStatus(row.status);
    const name = String((isUpdate ? changes.name : payload.name) ?? "") || names.get(Number(row.tool_id)) || row.tool_slug || row.slug;
    return {
      id: Number(row.id),
      type: isUpdate ? "update" : "submit",
      status,
      name,
      websiteUrl: typeof payload.website_url === "string" ? payload.website_url : typeof changes.website_url === "string" ? changes.website_url : null,
      notes: row.notes,
      createdAt: row.created_at,
      reviewedAt: row.reviewed_at,
      toolSlug: isUpdate ? (row.tool_slug ?? row.slug) : status === "approved" ? (row.tool_slug ?? row.slug) : null,
      changedFields: Object.keys(changes),
    };
  });
}

export type StatusCounts = Record<SubmissionStatus, number>;

function toCounts(rows: Array<{ status: string; n: number | string | bigint }>): StatusCounts {
  const counts: StatusCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[asStatus(row.status)] += Number(row.n);
  return counts;
}

async function countByStatus(db: DB, table: "submissions" | "ad_submissions", userId: string): Promise<StatusCounts> {
  const rows = await db
    .selectFrom(table)
    .select(["status", sql<number>`count(*)`.as("n")])
    .where("user_id", "=", userId)
    .groupBy("status")
    .execute();
  return toCounts(rows);
}

export const countMySubmissions = (db: DB, userId: string) => countByStatus(db, "submissions", userId);
export const countMyAdRequests = (db: DB, userId: string) => countByStatus(db, "ad_submissions", userId);

export async function countMyFavorites(db: DB, userId: string): Promise<number> {
  const [tools, ecommerce] = await Promise.all([
    db.selectFrom("favorites").select(sql<number>`count(*)`.as("n")).where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("ecommerce_favorites").select(sql<number>`count(*)`.as("n")).where("user_id", "=", userId).executeTakeFirst(),
  ]);
  return Number(tools?.n ?? 0) + Number(ecommerce?.n ?? 0);
}

export type Duplicate = { kind: "tool"; slug: string } | { kind: "pending"; own: boolean };

/**
 * A listed tool or a pending submission whose website has the same
 * normalised form (see url-key.ts). SQL narrows by host; keys are compared here.
 * Tools by their indexed `website_host` (the key's host, migration 0027; db/website-host.ts keeps it): the
 * few tools on that host, read from the index, not every tool's address. Pending submissions stay a `like`
 * over the pending ones only (by the status index): the review queue, not the catalogue.
 */
export async function findDuplicate(db: DB, websiteUrl: string, userId: string): Promise<Duplicate | null> {
  const key = websiteKey(websiteUrl);
  const host = websiteHost(websiteUrl);
  if (!key || !host) return null;
  // '' as well: a tool an older instance added during a rolling upgrade, until the next start fills its host.
  // The status is compared here: with it in SQL, SQLite (without statistics) reads every published tool by the
  // status index instead.
  const tools = await db.selectFrom("tools").select(["id", "slug", "website_url", "status"]).where("website_host", "in", [host, ""]).execute();
  const tool = tools.sort((a, b) => a.id - b.id).find((t) => t.status === "published" && websiteKey(t.website_url) === key);
  if (tool) return { kind: "tool", slug: tool.slug };
  const pattern = `%${host}%`;
  const pending = await db
    .selectFrom("submissions")
    .select(["user_id", "payload"])
    .where("type", "=", "submit")
    .where("status", "=", "pending")
    .where(sql<string>`lower(payload)`, "like", pattern)
    .limit(200)
    .execute();
  const match = pending.find((s) => {
    const url = parseJson<{ website_url?: unknown }>(s.payload, {}).website_url;
    return typeof url === "string" && websiteKey(url) === key;
  });
  return match ? { kind: "pending", own: match.user_id === userId } : null;
}
