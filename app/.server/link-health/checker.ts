import { sql } from "kysely";
import type { DB } from "../db";
import { readRowsInBackground } from "../db/int-columns";
import { fileReport } from "../reports/queries";
import { checkSite, type SiteCheck } from "./probe";

/**
 * The link checker's rounds (issue 34): each published tool's and e-commerce tool's website is visited once per
 * interval, a slice per tick so the visits spread over the interval. Each visit is kept (the last HISTORY per
 * site); three failures in a row spanning at least FAILING_SPAN file a "website dead" report, a permanent
 * redirect to another domain files "website moved" with the new address. Reports come from `checker`, so a
 * site failing for weeks stays one open report.
 */
export type LinkSubject = "tool" | "ecommerce_tool";
export const HISTORY = 10;
export const FAILURES_IN_A_ROW = 3;
export const FAILING_SPAN_MS = 48 * 3_600_000;

export interface CheckerOptions {
  intervalMs: number;
  tickMs: number;
  timeoutMs: number;
  userAgent: string;
  allowHosts?: readonly string[];
  /** The clock (tests move it by days). */
  now?: () => number;
  /** At most this many sites a round (tests: all). */
  limit?: number;
}

interface Site {
  subject: LinkSubject;
  id: number;
  url: string;
  lastChecked: string | null;
}

/** Sites whose last visit is older than the interval (never visited first), oldest first. */
async function dueSites(db: DB, before: string, limit: number): Promise<Site[]> {
  const last = (subject: LinkSubject, column: string) =>
    sql<string | null>`(select max(c.checked_at) from link_checks c where c.subject = ${subject} and c.subject_id = ${sql.ref(column)})`;
  const tools = db
    .selectFrom("tools as t")
    .select([sql<LinkSubject>`'tool'`.as("subject"), "t.id", "t.website_url as url", last("tool", "t.id").as("last")])
    .where("t.status", "=", "published")
    .where("t.website_url", "!=", "");
  const ecommerce = db
    .selectFrom("ecommerce_tools as e")
    .select([sql<LinkSubject>`'ecommerce_tool'`.as("subject"), "e.id", sql<string>`e.website_url`.as("url"), last("ecommerce_tool", "e.id").as("last")])
    .where("e.website_url", "is not", null)
    .where("e.website_url", "!=", "")
    .where("e.status", "=", "published");
  // The database picks the slice: every published site's last visit is looked at (hundreds of milliseconds at
  // 100k tools, in the background worker on SQLite), but only the slice's rows come back, so a tick never
  // holds 100k rows on the main thread nor sorts them there.
  const rows = await readRowsInBackground(
    db,
    db
      .selectFrom(tools.unionAll(ecommerce).as("s"))
      .selectAll()
      .where((eb) => eb.or([eb("s.last", "is", null), eb("s.last", "<", before)]))
      .orderBy(sql`coalesce(s.last, '')`)
      .orderBy("s.subject", "desc")
      .orderBy("s.id")
      .limit(limit),
  );
  return rows.map((row) => ({ subject: row.subject, id: Number(row.id), url: row.url, lastChecked: row.last }));
}

/** How many sites one tick visits so that all of them are visited once per interval. */
async function sliceSize(db: DB, options: CheckerOptions): Promise<number> {
  if (options.limit !== undefined) return options.limit;
  const [tools, ecommerce] = await Promise.all([
    db.selectFrom("tools").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "published").executeTakeFirstOrThrow(),
    db.selectFrom("ecommerce_tools").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "published").executeTakeFirstOrThrow(),
  ]);
  const total = Number(tools.n) + Number(ecommerce.n);
  return Math.max(1, Math.ceil((total * options.tickMs) / options.intervalMs));
}

/** One round: visits the due slice, records each visit, files reports. Returns how many sites it visited. */
export async function runLinkRound(db: DB, options: CheckerOptions): Promise<number> {
  const now = options.now ?? Date.now;
  const before = new Date(now() - options.intervalMs * 0.95).toISOString();
  const sites = await dueSites(db, before, await sliceSize(db, options));
  for (const site of sites) {
    const check = await checkSite(site.url, { allowHosts: options.allowHosts, timeoutMs: options.timeoutMs, userAgent: options.userAgent });
    await recordCheck(db, site, check, new Date(now()).toISOString());
  }
  return sites.length;
}

export async function recordCheck(db: DB, site: Pick<Site, "subject" | "id" | "url">, check: SiteCheck, at: string): Promise<void> {
  await db
    .insertInto("link_checks")
    .values({ subject: site.subject, subject_id: site.id, url: site.url, ok: check.ok ? 1 : 0, status: check.status, final_url: check.finalUrl, error: check.error, duration_ms: check.durationMs, checked_at: at })
    .execute();
  const history = await db.selectFrom("link_checks").select(["id", "ok", "checked_at", "status", "error"]).where("subject", "=", site.subject).where("subject_id", "=", site.id).orderBy("checked_at", "desc").orderBy("id", "desc").execute();
  const stale = history.slice(HISTORY).map((row) => row.id);
  if (stale.length) await db.deleteFrom("link_checks").where("id", "in", stale).execute();

  const recent = history.slice(0, FAILURES_IN_A_ROW);
  const failing = recent.length === FAILURES_IN_A_ROW && recent.every((row) => !row.ok);
  if (failing && Date.parse(recent[0]!.checked_at) - Date.parse(recent[FAILURES_IN_A_ROW - 1]!.checked_at) >= FAILING_SPAN_MS) {
    const what = recent.map((row) => (row.status ? `HTTP ${row.status}` : (row.error ?? "error"))).join(", ");
    await fileReport(db, { subject: site.subject, subjectId: site.id, reason: "dead", details: `${site.url}: ${what}`, reporter: "checker" }, at);
  }
  if (check.movedTo) {
    await fileReport(db, { subject: site.subject, subjectId: site.id, reason: "moved", details: check.movedTo, reporter: "checker:moved" }, at);
  }
}

/** When a subject's website was last checked (for "Website checked on {date}"), null when never. */
export async function lastCheckedAt(db: DB, subject: LinkSubject, id: number): Promise<string | null> {
  const row = await db.selectFrom("link_checks").select((eb) => eb.fn.max("checked_at").as("at")).where("subject", "=", subject).where("subject_id", "=", id).executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
