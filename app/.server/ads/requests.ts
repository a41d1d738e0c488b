import { sql, type Selectable } from "kysely";
import { z } from "zod";
import type { Lang } from "~/i18n/languages";
import { AD_BUDGETS } from "~/lib/ad-requests";
import { AD_CONTACT_PLATFORMS, type SubmissionStatus } from "~/lib/submissions";
import type { DB } from "../db";
import type { AdSubmissionsTable } from "../db/schema";
import { nowIso } from "../db/values";
import { pageViewsInLastDays } from "../analytics/queries";
import type { Config } from "../config";
import { consumeRateLimit } from "../rate-limit";
import { adminRecipients, adRequestAdminMail, sendQuietly } from "../submissions/mail";

/** Advertising requests (spec 3 `ad_submissions`): stored pending, the administrators told by mail. */


const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(max).nullable().default(null));

/** Spec 5: no checks beyond the e-mail's shape; the tool's name is what the request is about, so it is required too. */
export const adRequestSchema = z.object({
  tool_name: z.string().trim().min(1).max(100),
  website_url: optionalText(2048),
  description: optionalText(1000),
  budget: z.preprocess((v) => (v === "" ? null : v), z.enum(AD_BUDGETS).nullable().default(null)),
  contact_email: z.string().trim().max(254).email(),
  contact_platform: z.preprocess((v) => (v === "" ? null : v), z.enum(AD_CONTACT_PLATFORMS).nullable().default(null)),
  contact_handle: optionalText(100),
});
export type AdRequestInput = z.infer<typeof adRequestSchema>;

export const AD_LIMIT = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };

export class AdLimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("ad request limit reached");
  }
}

/** Stores a pending request; `lang` is the interface language it was made in (the decision mail's language). */
export async function createAdRequest(db: DB, userId: string, input: AdRequestInput, lang: Lang): Promise<number> {
  const limit = await consumeRateLimit(db, `ad-request:user:${userId}`, AD_LIMIT);
  if (!limit.allowed) throw new AdLimitReached(limit.retryAfterSeconds);
  const now = nowIso();
  const row = await db
    .insertInto("ad_submissions")
    .values({ user_id: userId, ...input, status: "pending", language: lang, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface AdRequestRow extends AdRequestInput {
  id: number;
  status: SubmissionStatus;
  notes: string | null;
  createdAt: string;
}

const AD_COLUMNS = ["id", "tool_name", "website_url", "description", "budget", "contact_email", "contact_platform", "contact_handle", "status", "notes", "created_at"] as const;

function toRow(row: Pick<Selectable<AdSubmissionsTable>, (typeof AD_COLUMNS)[number]>): AdRequestRow {
  return {
    id: Number(row.id),
    tool_name: row.tool_name,
    website_url: row.website_url,
    description: row.description,
    budget: AD_BUDGETS.find((b) => b === row.budget) ?? null,
    contact_email: row.contact_email ?? "",
    contact_platform: AD_CONTACT_PLATFORMS.find((p) => p === row.contact_platform) ?? null,
    contact_handle: row.contact_handle,
    status: row.status === "approved" || row.status === "rejected" ? row.status : "pending",
    notes: row.notes,
    createdAt: row.created_at,
  };
}

export async function listMyAdRequests(db: DB, userId: string, limit = 100): Promise<AdRequestRow[]> {
  const rows = await db
    .selectFrom("ad_submissions")
    .select(AD_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export async function getMyAdRequest(db: DB, userId: string, id: number): Promise<AdRequestRow | null> {
  const row = await db.selectFrom("ad_submissions").select(AD_COLUMNS).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Seven days: one request is announced once, however often the page asks. */
const NOTIFY_ONCE = { limit: 1, windowMs: 7 * 24 * 60 * 60 * 1000 };

/**
 * E-mails the administrators about one of the user's stored requests. The
 * mail is built from the stored row, so this endpoint cannot relay text of
 * its caller's choosing. Returns false when it was already sent.
 */
export async function notifyAdmins(db: DB, request: AdRequestRow, submitter: string): Promise<boolean> {
  const once = await consumeRateLimit(db, `ad-notify:${request.id}`, NOTIFY_ONCE);
  if (!once.allowed) return false;
  const mail = await adRequestAdminMail({
    toolName: request.tool_name,
    websiteUrl: request.website_url,
    description: request.description,
    budget: request.budget,
    contactEmail: request.contact_email,
    contactPlatform: request.contact_platform,
    contactHandle: request.contact_handle,
    submitter,
  });
  const sent = await Promise.all((await adminRecipients(db)).map((to) => sendQuietly(to, mail)));
  return sent.some(Boolean);
}

export interface SiteFigures {
  tools: number;
  users: number;
  favorites: number;
  /** Page views of the last 30 days (the analytics rollups). */
  pageViews: number;
}

/** How large the audience must be before the advertise page shows its figures (config ADVERTISE_MIN_*). */
export interface AudienceThresholds {
  users: number;
  favorites: number;
  pageViews: number;
}

export function audienceThresholds(config: Pick<Config, "ADVERTISE_MIN_USERS" | "ADVERTISE_MIN_FAVORITES" | "ADVERTISE_MIN_PAGE_VIEWS_30D">): AudienceThresholds {
  return { users: config.ADVERTISE_MIN_USERS, favorites: config.ADVERTISE_MIN_FAVORITES, pageViews: config.ADVERTISE_MIN_PAGE_VIEWS_30D };
}

/** The advertise banner's figures: the site's own counts, nothing invented. */
export async function siteFigures(db: DB): Promise<SiteFigures> {
  const count = (table: "tools" | "user" | "favorites" | "ecommerce_favorites") =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as("n"))
      .$if(table === "tools", (q) => q.where(sql.ref("status"), "=", "published"))
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0));
  const [tools, users, favorites, ecommerceFavorites, pageViews] = await Promise.all([
    count("tools"),
    count("user"),
    count("favorites"),
    count("ecommerce_favorites"),
    pageViewsInLastDays(db, 30),
  ]);
  return { tools, users, favorites: favorites + ecommerceFavorites, pageViews };
}

/**
 * The banner's figures once every audience figure reaches its threshold, else null: "1 registered user" tells
 * an advertiser nothing good, so a young site shows its services alone.
 */
export async function audienceFigures(db: DB, thresholds: AudienceThresholds): Promise<SiteFigures | null> {
  const figures = await siteFigures(db);
  const worthShowing = figures.users >= thresholds.users && figures.favorites >= thresholds.favorites && figures.pageViews >= thresholds.pageViews;
  return worthShowing ? figures : null;
}
