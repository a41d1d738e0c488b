import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import { CLAIM_FILE_PATH, CLAIM_META_NAME, CLAIM_METHODS, CLAIM_TOKEN_DAYS, type ClaimMethod, type ClaimStatus } from "~/lib/makers";
import { localizedPath, type Lang } from "~/i18n/languages";
import { safeFetchPage } from "../ai-generate/safe-fetch";
import { recordAudit, type Actor } from "../admin/audit";
import { mailDeliverable } from "../auth/mail";
import { changeCatalog } from "../catalog/changes";
import { getConfig, type Config } from "../config";
import type { DB } from "../db";
import type { ToolClaimsTable } from "../db/schema";
import { nowIso } from "../db/values";
import { AppError } from "../errors";
import { consumeRateLimit } from "../rate-limit";
import { adminRecipients, sendQuietly } from "../submissions/mail";
import { claimDisputedMail, claimLinkMail } from "./mail";

/**
 * Claims (decision 0032): a signed-in user proves control of a tool's website domain and becomes one of its
 * makers. Every step is in the audit log, with the user as actor for their own steps.
 */
export const startClaimSchema = z.object({
  slug: z.string().trim().min(1).max(200),
  method: z.enum(CLAIM_METHODS),
  /** Only for the mailed link: an address at the tool's domain. */
  email: z.string().trim().max(254).email().optional(),
});
export type StartClaimInput = z.infer<typeof startClaimSchema>;

const CLAIM_LIMIT = { limit: 20, windowMs: 24 * 60 * 60 * 1000 };
const CHECK_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };

export interface ClaimView {
  id: number;
  toolSlug: string;
  toolName: string;
  domain: string;
  method: ClaimMethod;
  status: ClaimStatus;
  /** Only for the claimer's own pending claims. */
  token: string | null;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** The website's host without `www.`; null when the tool has no usable website. */
export function domainOf(websiteUrl: string | null): string | null {
  if (!websiteUrl) return null;
  try {
    const url = new URL(websiteUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** True when an address's domain is the tool's domain or one under it. */
export function emailAtDomain(email: string, domain: string): boolean {
  const at = email.toLowerCase().split("@").pop() ?? "";
  return at === domain || at.endsWith(`.${domain}`);
}

async function toolBySlug(db: DB, slug: string) {
  const tool = await db.selectFrom("tools").select(["id", "slug", "website_url"]).where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  if (!tool) throw new AppError("not_found", "No such tool.");
  return tool;
}

const statusOf = (value: string): ClaimStatus => (["verified", "disputed", "rejected", "revoked"].includes(value) ? (value as ClaimStatus) : "pending");
const methodOf = (value: string): ClaimMethod => (value === "file" || value === "email" ? value : "meta");
const actorFrom = (user: { id: string; email: string | null }): Actor => ({ id: user.id, email: user.email });

/** A claim of `userId` on the tool: their verified one, or a pending one of this method not yet expired. */
export async function startClaim(db: DB, user: { id: string; email: string | null }, input: StartClaimInput, lang: Lang, config: Config = getConfig()): Promise<ClaimView> {
  const tool = await toolBySlug(db, input.slug);
  const domain = domainOf(tool.website_url);
  if (!domain) throw new AppError("bad_request", "This tool has no website to verify.", { reason: "no_website" });
  if (await isMakerOf(db, user.id, tool.id)) throw new AppError("conflict", "You are already a verified maker of this tool.", { reason: "already_maker" });
  if (input.method === "email") {
    if (!input.email || !emailAtDomain(input.email, domain)) throw new AppError("bad_request", "Use an address at the tool's domain.", { reason: "email_domain" });
    if (!mailDeliverable(config)) throw new AppError("bad_request", "Mail cannot be sent from this site.", { reason: "mail_off" });
  }
  const now = new Date();
  const existing = await db
    .selectFrom("tool_claims")
    .selectAll()
    .where("tool_id", "=", tool.id)
    .where("user_id", "=", user.id)
    .where("method", "=", input.method)
    .where("status", "=", "pending")
    .where("expires_at", ">", now.toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (existing && input.method !== "email") return viewOf(existing, tool.slug, domain, true);
  const limit = await consumeRateLimit(db, `claim:user:${user.id}`, CLAIM_LIMIT);
  if (!limit.allowed) throw new AppError("rate_limited", "Too many claims today.", { retryAfterSeconds: limit.retryAfterSeconds });
  const token = crypto.randomBytes(18).toString("base64url");
  const expiresAt = new Date(now.getTime() + CLAIM_TOKEN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const row = await db
    .insertInto("tool_claims")
    .values({ tool_id: tool.id, user_id: user.id, method: input.method, token, email: input.method === "email" ? input.email!.toLowerCase() : null, status: "pending", created_at: now.toISOString(), expires_at: expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(db, actorFrom(user), [{ action: "claim.start", entityType: "tool_claim", entityId: Number(row.id), changes: { tool: { before: null, after: tool.slug }, method: { before: null, after: input.method } } }]);
  if (input.method === "email") {
    const link = `${config.publicUrl}${localizedPath(lang, `/claim/${encodeURIComponent(token)}`)}`;
    await sendQuietly(input.email!, await claimLinkMail(lang, tool.slug, domain, link));
  }
  return viewOf(row, tool.slug, domain, true);
}

function viewOf(row: Selectable<ToolClaimsTable>, slug: string, domain: string, own: boolean, name = slug): ClaimView {
  const status = statusOf(row.status);
  return {
    id: Number(row.id),
    toolSlug: slug,
    toolName: name,
    domain,
    method: methodOf(row.method),
    status,
    token: own && status === "pending" && row.method !== "email" ? row.token : null,
    email: row.email,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: status === "pending" && row.expires_at <= nowIso(),
  };
}

/** True when the page (or file) carries the token where the method says. */
export function tokenFound(method: ClaimMethod, body: string, token: string): boolean {
  if (method === "file") return body.trim().split(/\s+/).includes(token);
  const metas = body.match(/<meta\b[^>]*>/gi) ?? [];
  return metas.some((tag) => {
    const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    const content = /\bcontent\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    return name?.toLowerCase() === CLAIM_META_NAME && content === token;
  });
}

/** Where the token is looked for: the website's home page, or the file on its domain. */
export function verificationUrl(method: ClaimMethod, websiteUrl: string): string {
  const site = new URL(websiteUrl);
  return method === "file" ? `${site.origin}${CLAIM_FILE_PATH}` : `${site.origin}/`;
}

export type CheckResult = { ok: true; status: ClaimStatus } | { ok: false; reason: "not_found" | "unreachable" | "expired" };

/** Looks for the token of the user's pending meta or file claim; a match verifies it (or sends it to the administrators). */
export async function checkClaim(db: DB, user: { id: string; email: string | null }, id: number, config: Config = getConfig()): Promise<CheckResult> {
  const row = await db
    .selectFrom("tool_claims as c")
    .innerJoin("tools as t", "t.id", "c.tool_id")
    .select(["c.id", "c.tool_id", "c.user_id", "c.method", "c.token", "c.status", "c.expires_at", "t.website_url", "t.slug"])
    .where("c.id", "=", id)
    .where("c.user_id", "=", user.id)
    .executeTakeFirst();
  if (!row || row.method === "email") throw new AppError("not_found", "No such claim.");
  if (row.status !== "pending") return { ok: true, status: statusOf(row.status) };
  if (row.expires_at <= nowIso()) return { ok: false, reason: "expired" };
  const limit = await consumeRateLimit(db, `claim-check:user:${user.id}`, CHECK_LIMIT);
  if (!limit.allowed) throw new AppError("rate_limited", "Too many checks; try again later.", { retryAfterSeconds: limit.retryAfterSeconds });
  if (!row.website_url) return { ok: false, reason: "unreachable" };
  let body: string;
  try {
    body = (await safeFetchPage(verificationUrl(methodOf(row.method), row.website_url), { allowHosts: config.fetchAllowHosts, allowText: true, maxBytes: 512 * 1024, timeoutMs: 8000 })).html;
  } catch {
    return { ok: false, reason: "unreachable" };
  }
  if (!tokenFound(methodOf(row.method), body, row.token)) return { ok: false, reason: "not_found" };
  return { ok: true, status: await settleClaim(db, actorFrom(user), Number(row.id), row.tool_id, user.id, row.slug) };
}

/** The mailed link: the token alone proves the mailbox; the claim is the one it was sent for. */
export async function confirmMailedClaim(db: DB, token: string): Promise<{ status: ClaimStatus; slug: string } | null> {
  const row = await db
    .selectFrom("tool_claims as c")
    .innerJoin("tools as t", "t.id", "c.tool_id")
    .select(["c.id", "c.tool_id", "c.user_id", "c.status", "c.expires_at", "c.method", "c.email", "t.slug"])
    .where("c.token", "=", token)
    .executeTakeFirst();
  if (!row || row.method !== "email") return null;
  if (row.status !== "pending") return { status: statusOf(row.status), slug: row.slug };
  if (row.expires_at <= nowIso()) return null;
  return { status: await settleClaim(db, { id: row.user_id, email: row.email }, Number(row.id), row.tool_id, row.user_id, row.slug), slug: row.slug };
}

/**
 * A proven claim: verified, unless someone else already holds the tool; then the administrators decide
 * (`disputed`). Signals `makers`, so the tool page shows its mark at once.
 */
async function settleClaim(db: DB, actor: Actor, id: number, toolId: number, userId: string, slug: string): Promise<ClaimStatus> {
  const status = await changeCatalog(db, "makers", async (trx) => {
    const held = await trx.selectFrom("tool_claims").select("id").where("tool_id", "=", toolId).where("status", "=", "verified").where("user_id", "!=", userId).executeTakeFirst();
    const next: ClaimStatus = held ? "disputed" : "verified";
    const now = nowIso();
    const result = await trx.updateTable("tool_claims").set({ status: next, verified_at: now }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return "pending" as ClaimStatus;
    await recordAudit(trx, actor, [{ action: next === "verified" ? "claim.verify" : "claim.dispute", entityType: "tool_claim", entityId: id, changes: { status: { before: "pending", after: next } } }]);
    return next;
  });
  if (status === "disputed") {
    const mail = await claimDisputedMail(slug);
    await Promise.all((await adminRecipients(db)).map((to) => sendQuietly(to, mail)));
  }
  return status;
}

export const decideClaimSchema = z.object({ id: z.coerce.number().int().positive(), decision: z.enum(["approve", "reject", "revoke"]) });

/** The administrators' decisions: approve or reject a disputed claim, revoke a verified one. */
export async function decideClaim(db: DB, actor: Actor, id: number, decision: "approve" | "reject" | "revoke"): Promise<ClaimStatus> {
  const from: ClaimStatus = decision === "revoke" ? "verified" : "disputed";
  const to: ClaimStatus = decision === "approve" ? "verified" : decision === "reject" ? "rejected" : "revoked";
  return changeCatalog(db, "makers", async (trx) => {
    const row = await trx.selectFrom("tool_claims").select(["id", "status"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError("not_found", "No such claim.");
    const now = nowIso();
    const result = await trx.updateTable("tool_claims").set({ status: to, decided_by: actor.id, decided_at: now }).where("id", "=", id).where("status", "=", from).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("conflict", `This claim is ${row.status}.`, { status: row.status });
    await recordAudit(trx, actor, [{ action: `claim.${decision}`, entityType: "tool_claim", entityId: id, changes: { status: { before: from, after: to } } }]);
    return to;
  });
}

export async function isMakerOf(db: DB, userId: string, toolId: number): Promise<boolean> {
  const row = await db.selectFrom("tool_claims").select("id").where("tool_id", "=", toolId).where("user_id", "=", userId).where("status", "=", "verified").executeTakeFirst();
  return Boolean(row);
}

/** The user's claims, newest first, with the tool's name in the page's language. */
export async function listMyClaims(db: DB, userId: string, lang: Lang): Promise<ClaimView[]> {
  const rows = await db
    .selectFrom("tool_claims as c")
    .innerJoin("tools as t", "t.id", "c.tool_id")
    .leftJoin("tool_translations as tr", (join) => join.onRef("tr.tool_id", "=", "t.id").on("tr.language", "=", lang))
    .selectAll("c")
    .select(["t.slug", "t.website_url", "tr.name as tool_name"])
    .where("c.user_id", "=", userId)
    .orderBy("c.id", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => viewOf(row, row.slug, domainOf(row.website_url) ?? "", true, row.tool_name ?? row.slug));
}

export interface AdminClaimView extends ClaimView {
  claimant: { id: string; name: string; email: string | null };
}

/** Claims waiting for the administrators first, then the verified ones (to revoke), newest first. */
export async function listClaimsForAdmin(db: DB, limit = 200): Promise<AdminClaimView[]> {
  const rows = await db
    .selectFrom("tool_claims as c")
    .innerJoin("tools as t", "t.id", "c.tool_id")
    .leftJoin("user as u", "u.id", "c.user_id")
    .selectAll("c")
    .select(["t.slug", "t.website_url", "u.name as user_name", "u.email as user_email"])
    .where("c.status", "in", ["disputed", "verified"])
    .orderBy("c.status", "asc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...viewOf(row, row.slug, domainOf(row.website_url) ?? "", false),
    claimant: { id: row.user_id, name: row.user_name || row.user_email || row.user_id, email: row.user_email },
  }));
}
