import { CLAIM_FILE_PATH, CLAIM_META_NAME, type ClaimMethod, type ClaimStatus } from "~/lib/makers";
import { mailDeliverable } from "../auth/mail";
import { cachedRead } from "../tools/cache";
import type { DB } from "../db";
import { nowIso } from "../db/values";
import { domainOf } from "./claims";
import { toolNames } from "./names";

/** What the "Is this your tool?" panel shows the signed-in user. */
export interface ClaimState {
  domain: string | null;
  metaName: string;
  filePath: string;
  mailAvailable: boolean;
  maker: boolean;
  /** Someone else is a verified maker: a new proven claim goes to the administrators. */
  heldByOther: boolean;
  /** The user's open claims (pending, not expired, or waiting for the administrators). */
  open: Array<{ id: number; method: ClaimMethod; status: ClaimStatus; token: string | null; email: string | null; expiresAt: string }>;
}

export async function claimStateFor(db: DB, userId: string, slug: string): Promise<ClaimState | null> {
  const tool = await db.selectFrom("tools").select(["id", "website_url"]).where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  if (!tool) return null;
  const rows = await db
    .selectFrom("tool_claims")
    .select(["id", "user_id", "method", "status", "token", "email", "expires_at"])
    .where("tool_id", "=", tool.id)
    .where("status", "in", ["pending", "verified", "disputed"])
    .orderBy("id", "desc")
    .execute();
  const now = nowIso();
  const mine = rows.filter((r) => r.user_id === userId);
  return {
    domain: domainOf(tool.website_url),
    metaName: CLAIM_META_NAME,
    filePath: CLAIM_FILE_PATH,
    mailAvailable: mailDeliverable(),
    maker: mine.some((r) => r.status === "verified"),
    heldByOther: rows.some((r) => r.status === "verified" && r.user_id !== userId),
    open: mine
      .filter((r) => r.status === "disputed" || (r.status === "pending" && r.expires_at > now))
      .map((r) => ({
        id: Number(r.id),
        method: r.method as ClaimMethod,
        status: r.status as ClaimStatus,
        token: r.method === "email" ? null : r.token,
        email: r.email,
        expiresAt: r.expires_at,
      })),
  };
}

/** Whether a tool has a verified maker (the "Verified" mark), cached until claims change. */
export function hasVerifiedMaker(db: DB, toolId: number): Promise<boolean> {
  return cachedRead(
    db,
    `makers:verified:${toolId}`,
    async () => Boolean(await db.selectFrom("tool_claims").select("id").where("tool_id", "=", toolId).where("status", "=", "verified").executeTakeFirst()),
    ["makers"],
  );
}

/** Of (user, tool) pairs, those where the user is a verified maker of the tool: `${userId}:${toolId}`. */
export async function makerPairs(db: DB, pairs: Array<{ userId: string; toolId: number | null }>): Promise<Set<string>> {
  const toolIds = [...new Set(pairs.map((p) => p.toolId).filter((id): id is number => id !== null))];
  if (toolIds.length === 0) return new Set();
  const rows = await db.selectFrom("tool_claims").select(["user_id", "tool_id"]).where("tool_id", "in", toolIds).where("status", "=", "verified").execute();
  return new Set(rows.map((r) => `${r.user_id}:${r.tool_id}`));
}

/** Slugs of the tools the user is a verified maker of, with their ids. */
export async function myMakerTools(db: DB, userId: string): Promise<Array<{ toolId: number; slug: string }>> {
  const rows = await db
    .selectFrom("tool_claims as c")
    .innerJoin("tools as t", "t.id", "c.tool_id")
    .select(["t.id", "t.slug"])
    .where("c.user_id", "=", userId)
    .where("c.status", "=", "verified")
    .distinct()
    .execute();
  return rows.map((r) => ({ toolId: r.id, slug: r.slug }));
}

/** The user's maker tools with their names in the page's language, for "My tools". */
export async function makerToolList(db: DB, userId: string, lang: string): Promise<Array<{ slug: string; name: string }>> {
  const tools = await myMakerTools(db, userId);
  const names = await toolNames(db, tools.map((t) => t.toolId), lang);
  return tools.map((t) => ({ slug: t.slug, name: names.get(t.toolId) ?? t.slug }));
}
