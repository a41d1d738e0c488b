// Admin analytics dashboard latency at a million recorded page views, in process (no HTTP):
//   npx tsx bench/analytics-dashboard.ts [--views 1000000] [--days 90] [--database file:PATH | postgres://...]
// Fills page_views of a fresh database (a temporary SQLite file by default; PostgreSQL with
// DATABASE_SCHEMA set to an empty schema) with synthetic views over the last `days` days: Zipf-like
// popularity over 5,000 tool pages and the static pages, ten languages, referrers and devices, about
// three views per visitor and day. Then times the first full rollup, a routine refresh (yesterday and
// today), the longest event-loop wait while a day is rolled up, and the dashboard reads (30 and 90
// days), the 30-day figure and the site's weekly trend.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql, type Insertable } from "kysely";
import { pageViewsInLastDays, readDashboard, trendingOnSite } from "../app/.server/analytics/queries";
import { refreshRollups, rollUpDay } from "../app/.server/analytics/rollups";
import { addDays } from "../app/.server/analytics/salts";
import { createDatabase, migrateToLatest } from "../app/.server/db";
import type { PageViewsTable } from "../app/.server/db/schema";
import { LANGUAGES } from "../app/i18n/languages";

const { values } = parseArgs({
  options: { views: { type: "string", default: "1000000" }, days: { type: "string", default: "90" }, database: { type: "string" }, "keep-rollups": { type: "boolean", default: false } },
});
const totalViews = Number(values.views);
const days = Number(values.days);
const tmp = values.database ? null : fs.mkdtempSync(path.join(os.tmpdir(), "analytics-bench-"));
const url = values.database ?? `file:${path.join(tmp!, "bench.db")}`;
const database = /^postgres/.test(url) ? ({ kind: "postgres", url } as const) : ({ kind: "sqlite", path: url.replace(/^file:/, "") } as const);
const db = createDatabase({ database, pgSchema: process.env.DATABASE_SCHEMA });
await migrateToLatest(db);

// Deterministic pseudo-random numbers, so runs compare.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
/** 0..n-1, small values far more often (popular pages, the main languages). */
const zipf = (n: number) => Math.min(n - 1, Math.floor(n ** random()) - 1);
const STATIC = ["/", "/tools", "/about", "/trends", "/categories", "/case-studies", "/contact", "/privacy-policy"];
const REFERRERS = [null, null, null, "google.com", "bing.com", "news.ycombinator.com", "reddit.com", "x.com", "producthunt.com", "baidu.com"];
const DEVICES = ["desktop", "desktop", "mobile", "mobile", "tablet"];
const today = new Date().toISOString().slice(0, 10);

let t = performance.now();
const existing = Number((await db.selectFrom("page_views").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
if (existing < totalViews) {
  const perDay = Math.ceil((totalViews - existing) / days);
  let written = 0;
  for (let d = days - 1; d >= 0 && written < totalViews - existing; d--) {
    const day = addDays(today, -d);
    const visitors = Array.from({ length: Math.ceil(perDay / 3) }, () => crypto.randomBytes(16).toString("hex"));
    const rows: Array<Insertable<PageViewsTable>> = [];
    for (let i = 0; i < perDay && written + rows.length < totalViews - existing; i++) {
      const tool = random() < 0.7 ? `tool-${zipf(5000)}` : null;
      const second = Math.floor(random() * 86_400);
      rows.push({
        path: tool ? `/tool/${tool}` : STATIC[zipf(STATIC.length)]!,
        language: LANGUAGES[zipf(LANGUAGES.length)]!,
        tool_slug: tool,
        referrer_host: REFERRERS[Math.floor(random() * REFERRERS.length)]!,
        device: DEVICES[Math.floor(random() * DEVICES.length)]!,
        visitor_hash: visitors[Math.floor(random() * visitors.length)]!,
        created_at: new Date(Date.parse(`${day}T00:00:00.000Z`) + second * 1000).toISOString(),
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto("page_views").values(rows.slice(i, i + 500)).execute();
    });
    written += rows.length;
  }
  console.log(`generated ${written} views over ${days} days in ${((performance.now() - t) / 1000).toFixed(1)} s (${database.kind})`);
}

if (!values["keep-rollups"]) {
  await db.deleteFrom("page_view_daily").execute();
  t = performance.now();
  await refreshRollups(db);
  console.log(`first rollup of all ${days} days: ${((performance.now() - t) / 1000).toFixed(2)} s`);
}
const rollupRows = Number((await db.selectFrom("page_view_daily").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
console.log(`rollup rows: ${rollupRows}`);

/** Wall time and this process's CPU time per run: on a shared machine the CPU time is the steadier figure. */
const time = async (label: string, runs: number, run: () => Promise<unknown>) => {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(startCpu);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!.toFixed(1);
  console.log(`${label}: wall p50 ${at(wall, 50)} ms, p95 ${at(wall, 95)} ms; CPU p50 ${at(cpu, 50)} ms, p95 ${at(cpu, 95)} ms (${runs} runs)`);
};

await time("dashboard, 30 days", 30, () => readDashboard(db, 30));
await time("dashboard, 90 days", 30, () => readDashboard(db, 90));
await time("page views in the last 30 days", 30, () => pageViewsInLastDays(db, 30));
await time("trending on this site (7 days, names)", 30, () => trendingOnSite(db, "us-en"));
// What requests feel while a day is rolled up: the longest gap between the turns of a 5 ms timer (on
// SQLite the grouped counts run in a worker; on the main connection they stopped every request for seconds).
let lastTurn = performance.now();
let longestWait = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  longestWait = Math.max(longestWait, now - lastTurn);
  lastTurn = now;
}, 5);
await time("rollup of one day (today)", 5, () => rollUpDay(db, today));
// One more turn, so a wait that lasted to the end of the last rollup is counted.
await new Promise((resolve) => setTimeout(resolve, 20));
clearInterval(ticker);
console.log(`event loop during those rollups: longest wait ${longestWait.toFixed(1)} ms`);
await time("routine refresh (yesterday + today)", 5, () => refreshRollups(db));
await db.destroy();
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
