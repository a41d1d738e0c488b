import crypto from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db";
import { acquireLease, releaseLease } from "../background-lease";
import { lastPageViewWrite } from "./recorder";
import { addDays } from "./salts";

/**
 * Daily rollups (`page_view_daily`): per day, views and distinct visitors in total and per page, tool,
 * language, referring site and device. The dashboard reads only these, so it costs the same at a
 * thousand or a million recorded views. A day keeps its 200 biggest values per dimension plus one
 * `(other)` row, so totals stay exact and a day is at most about a thousand rows.
 */
export const DIMENSIONS = ["path", "tool", "language", "referrer", "device"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const OTHER = "(other)";
const KEEP_PER_DAY = 200;

const LEASE = "analytics-rollup";
const INSTANCE = crypto.randomUUID();

interface Group {
  path: string;
  tool_slug: string | null;
  language: string;
  referrer_host: string | null;
  device: string | null;
  visitor_hash: string | null;
  views: number;
}

const valueOf: Record<Dimension, (g: Group) => string | null> = {
  path: (g) => g.path,
  tool: (g) => g.tool_slug,
  language: (g) => g.language,
  referrer: (g) => g.referrer_host,
  device: (g) => g.device,
};

/** Recomputes one UTC day from the raw views: one grouped read, the counting in memory, one write. */
export async function rollUpDay(db: DB, day: string): Promise<void> {
  const groups = await db
    .selectFrom("page_views")
    .select(["path", "tool_slug", "language", "referrer_host", "device", "visitor_hash", sql<number>`count(*)`.as("views")])
    .where("created_at", ">=", `${day}T00:00:00.000Z`)
    .where("created_at", "<", `${addDays(day, 1)}T00:00:00.000Z`)
    .groupBy(["path", "tool_slug", "language", "referrer_host", "device", "visitor_hash"])
    .execute();
  const rows: Array<{ day: string; dimension: string; value: string; views: number; visitors: number }> = [];
  const totalVisitors = new Set<string>();
  let totalViews = 0;
  for (const group of groups) {
    totalViews += Number(group.views);
    if (group.visitor_hash) totalVisitors.add(group.visitor_hash);
  }
  rows.push({ day, dimension: "total", value: "", views: totalViews, visitors: totalVisitors.size });
  for (const dimension of DIMENSIONS) {
    const tally = new Map<string, { views: number; visitors: Set<string> }>();
    for (const group of groups) {
      const value = valueOf[dimension](group);
      if (value === null) continue;
      let entry = tally.get(value);
      if (!entry) tally.set(value, (entry = { views: 0, visitors: new Set() }));
      entry.views += Number(group.views);
      if (group.visitor_hash) entry.visitors.add(group.visitor_hash);
    }
    const ranked = [...tally].sort((a, b) => b[1].views - a[1].views || (a[0] < b[0] ? -1 : 1));
    for (const [value, entry] of ranked.slice(0, KEEP_PER_DAY)) rows.push({ day, dimension, value, views: entry.views, visitors: entry.visitors.size });
    const rest = ranked.slice(KEEP_PER_DAY);
    if (rest.length > 0) {
      const visitors = new Set(rest.flatMap(([, entry]) => [...entry.visitors]));
      rows.push({ day, dimension, value: OTHER, views: rest.reduce((sum, [, e]) => sum + e.views, 0), visitors: visitors.size });
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("page_view_daily").where("day", "=", day).execute();
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto("page_view_daily").values(rows.slice(i, i + 200)).execute();
  });
}

let lastRefresh = 0;

/**
 * Brings the rollups up to date: from the day before the last rolled-up one (views written just after
 * midnight belong to it) through today; on a first run, from the oldest recorded view. One instance at
 * a time (a lease); another instance's refresh counts as done.
 */
export async function refreshRollups(db: DB, now = new Date()): Promise<void> {
  if (!(await acquireLease(db, LEASE, INSTANCE, 5 * 60_000))) return;
  try {
    const today = now.toISOString().slice(0, 10);
    const last = await db.selectFrom("page_view_daily").select(sql<string | null>`max(day)`.as("day")).where("dimension", "=", "total").executeTakeFirst();
    let from = last?.day ? addDays(last.day, -1) : null;
    if (!from) {
      const first = await db.selectFrom("page_views").select(sql<string | null>`min(created_at)`.as("at")).executeTakeFirst();
      from = first?.at ? first.at.slice(0, 10) : today;
    }
    const startedAt = Date.now();
    for (let day = from; day <= today; day = addDays(day, 1)) await rollUpDay(db, day);
    lastRefresh = startedAt;
  } finally {
    await releaseLease(db, LEASE, INSTANCE);
  }
}

/**
 * Refreshes when this process wrote views since its last refresh, or did not refresh within `maxAgeMs`
 * (other instances' views): the dashboard asks on each load.
 */
export async function refreshRollupsIfStale(db: DB, maxAgeMs: number): Promise<void> {
  if (lastPageViewWrite() >= lastRefresh || Date.now() - lastRefresh >= maxAgeMs) await refreshRollups(db);
}
