import { sql } from "kysely";
import { isBot } from "../analytics/classify";
import type { DB } from "../db";

/**
 * Visits a listing sends to the tool's website (`/go/{slug}`) and visits arriving through its badge, per
 * tool and day: one counter row each, no cookie, no address, nothing per visitor. Bots are not counted.
 */
export type VisitSource = "website" | "badge";

export const dayOf = (date: Date = new Date()): string => date.toISOString().slice(0, 10);

export async function countVisit(db: DB, toolId: number, source: VisitSource, userAgent: string, day = dayOf()): Promise<boolean> {
  if (isBot(userAgent)) return false;
  await db
    .insertInto("tool_visits_daily")
    .values({ tool_id: toolId, day, source, visits: 1 })
    .onConflict((oc) => oc.columns(["tool_id", "day", "source"]).doUpdateSet({ visits: sql`tool_visits_daily.visits + 1` }))
    .execute();
  return true;
}

/** A published tool's id and website by slug, for the counting redirects. */
export async function toolForVisit(db: DB, slug: string): Promise<{ id: number; slug: string; websiteUrl: string } | null> {
  const row = await db.selectFrom("tools").select(["id", "slug", "website_url"]).where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  return row ? { id: row.id, slug: row.slug, websiteUrl: row.website_url } : null;
}

/** Only http(s) websites are redirected to; anything else would make `/go/` an open door to other schemes. */
export function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
