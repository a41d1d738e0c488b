import crypto from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db";
import { acquireLease, releaseLease } from "../background-lease";
import { readRowsInBackground } from "../db/int-columns";
import { lastPageViewWrite } from "./recorder";
import { addDays } from "./salts";

/**
 * Daily rollups (`page_view_daily`): per day, views and distinct visitors in total and per page, tool,
 * language, referring site and device. The dashboard reads only these, so it costs the same at a
 * thousand or a million recorded views. A day keeps the 50 biggest values of each dimension (the
 * dashboard lists the top 10 of a range); its totals are a row of their own, so they stay exact.
 */
export const DIMENSIONS = ["path", "tool", "language", "referrer", "device"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
const KEEP_PER_DAY = 50;

const LEASE = "analytics-rollup";
const INSTANCE = crypto.randomUUID();

const COLUMN = { path: "path", tool: "tool_slug", language: "language", referrer: "referrer_host", device: "device" } as const;

type RollupRow = { day: string; dimension: string; value: string; views: number; visitors: number };

/**
 * Recomputes one UTC day from the raw views: one grouped count per dimension, then one write. The counts
 * are read in the background (`readRowsInBackground`): at a million views a day they take seconds, which
 * on SQLite's main connection would stop every request for that long.
 */
export async function rollUpDay(db: DB, day: string): Promise<void> {
  const inDay = db
    .selectFrom("page_views")
    .where("created_at", ">=", `${day}T00:00:00.000Z`)
    .where("created_at", "<", `${addDays(day, 1)}T00:00:00.000Z`);
  const [total] = await readRowsInBackground(db, inDay.select([sql<number>`count(*)`.as("views"), sql<number>`count(distinct visitor_hash)`.as("visitors")]));
  const rows: RollupRow[] = [{ day, dimension: "total", value: "", views: Number(total?.views ?? 0), visitors: Number(total?.visitors ?? 0) }];
  if (rows[0]!.views > 0) {
    for (const dimension of DIMENSIONS) {
      const column = COLUMN[dimension];
      const top = await readRowsInBackground(
        db,
        inDay
          .select([sql<string>`${sql.ref(column)}`.as("value"), sql<number>`count(*)`.as("views"), sql<number>`count(distinct visitor_hash)`.as("visitors")])
          .where(column, "is not", null)
          .groupBy(column)
          .orderBy(sql`count(*)`, "desc")
          .orderBy(column)
          .limit(KEEP_PER_DAY),
      );
      for (const row of top) rows.push({ day, dimension, value: row.value, views: Number(row.views), visitors: Number(row.visitors) });
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("page_view_daily").where("day", "=", day).execute();
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto("page_view_daily").values(rows.slice(i, i + 200)).execute();
  });
}

let lastRefresh = 0;
/** How long the last refresh of this process took, when it ended, and whether one is running. */
let lastDurationMs = 0;
let lastFinishedAt = 0;
let running = false;
/** A refresh that took d waits REST_FACTOR x d before the next tick's: a busy site's rollups stay a small share of a core. */
const REST_FACTOR = 9;

/** True while the background tick should leave the rollups alone: one is running, or the last one was long and recent. */
export function rollupsResting(now = Date.now()): boolean {
  return running || now - lastFinishedAt < REST_FACTOR * lastDurationMs;
}

/**
 * Brings the rollups up to date: from the day before the last rolled-up one (views written just after
 * midnight belong to it) through today; on a first run, from the oldest recorded view. One instance at
 * a time (a lease); another instance's refresh counts as done.
 */
export async function refreshRollups(db: DB, now = new Date()): Promise<void> {
  if (!(await acquireLease(db, LEASE, INSTANCE, 5 * 60_000))) return;
  running = true;
  const began = Date.now();
  try {
    const today = now.toISOString().slice(0, 10);
    const last = await db.selectFrom("page_view_daily").select(sql<string | null>`max(day)`.as("day")).where("dimension", "=", "total").executeTakeFirst();
    let from = last?.day ? addDays(last.day, -1) : null;
    if (!from) {
      const first = await db.selectFrom("page_views").select(sql<string | null>`min(created_at)`.as("at")).executeTakeFirst();
      from = first?.at ? first.at.slice(0, 10) : today;
    }
    for (let day = from; day <= today; day = addDays(day, 1)) await rollUpDay(db, day);
    lastRefresh = began;
  } finally {
    running = false;
    lastFinishedAt = Date.now();
    lastDurationMs = lastFinishedAt - began;
    await releaseLease(db, LEASE, INSTANCE);
  }
}

/** Refreshes when this process wrote views since its last refresh (the background job's tick). */
export async function refreshRollupsIfWritten(db: DB): Promise<void> {
  if (lastPageViewWrite() >= lastRefresh) await refreshRollups(db);
}
