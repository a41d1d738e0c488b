import crypto from "node:crypto";
import type { Config } from "../config";
import type { DB } from "../db";
import { databaseAway } from "../db/availability";
import { getLogger } from "../logger";
import { fetchGithubTrending } from "./github";
import { acquireLease, releaseLease } from "../background-lease";
import { fetchProductHunt } from "./producthunt";
import { lastAttempts, noteTrendFailure, saveTrendSnapshot } from "./queries";
import { countJobRun } from "../metrics";

type TrendsConfig = Pick<
  Config,
  "TRENDS_REFRESH_INTERVAL_MS" | "TRENDS_FETCH_TIMEOUT_MS" | "TRENDS_GITHUB_BASE" | "TRENDS_PRODUCTHUNT_API_BASE" | "TRENDS_PRODUCTHUNT_SITE_BASE" | "PRODUCTHUNT_TOKEN"
>;

const LEASE = "trends-refresh";
/** This process, as a lease holder. */
const INSTANCE = crypto.randomUUID();

/** True while this process refreshes: a slow source may outlast the interval. */
let running = false;

/**
 * One refresh of both sources, run only by the instance holding the lease and only for sources not
 * attempted within the interval (another instance may just have done it). Each good list is stored as
 * the source's snapshot; a failure (error, timeout, garbage) keeps the previous one. `instance` names
 * the lease holder (this process unless given: tests play a second instance).
 */
export async function refreshTrends(db: DB, config: TrendsConfig, options: { force?: boolean; instance?: string } = {}): Promise<"refreshed" | "busy"> {
  const ownProcess = options.instance === undefined;
  if (ownProcess) {
    if (running) return "busy";
    running = true;
  }
  try {
    return await refreshUnderLease(db, config, options.instance ?? INSTANCE, options.force ?? false);
  } finally {
    if (ownProcess) running = false;
  }
}

async function refreshUnderLease(db: DB, config: TrendsConfig, holder: string, force: boolean): Promise<"refreshed" | "busy"> {
  const timeoutMs = config.TRENDS_FETCH_TIMEOUT_MS;
  // Both fetches run side by side and end by the timeout; the lease outlives them with room to spare.
  if (!(await acquireLease(db, LEASE, holder, timeoutMs * 2 + 60_000))) return "busy";
  try {
    const attempted = await lastAttempts(db);
    const due = (source: string) => force || Date.now() - (attempted.get(source) ?? 0) >= config.TRENDS_REFRESH_INTERVAL_MS * 0.9;
    await Promise.all([
      due("github") && run(db, "github", () => fetchGithubTrending(config.TRENDS_GITHUB_BASE, timeoutMs)),
      due("producthunt") &&
        run(db, "producthunt", () =>
          fetchProductHunt({ apiBase: config.TRENDS_PRODUCTHUNT_API_BASE, siteBase: config.TRENDS_PRODUCTHUNT_SITE_BASE, token: config.PRODUCTHUNT_TOKEN, timeoutMs }),
        ),
    ]);
    return "refreshed";
  } finally {
    await releaseLease(db, LEASE, holder);
  }
}

async function run(db: DB, source: "github" | "producthunt", fetchList: () => Promise<unknown[]>): Promise<void> {
  try {
    const items = await fetchList();
    await saveTrendSnapshot(db, source, items);
  } catch (error) {
    const message = error instanceof Error ? (error.name === "TimeoutError" ? "timed out" : error.message) : String(error);
    getLogger().warn({ source, err: message }, "trending fetch failed; keeping the last good list");
    await noteTrendFailure(db, source, message);
  }
}

/** Refreshes at start and then every interval, in the background; returns a stop function. */
export function startTrendsRefresher(getDb: () => DB, config: TrendsConfig): () => void {
  const tick = () => {
    // While the database is away a refresh could store nothing; the next tick after it is back runs.
    if (databaseAway(getDb())) return;
    countJobRun("trends_refresh", refreshTrends(getDb(), config)).catch((error: unknown) => getLogger().warn({ err: error }, "trends refresh failed"));
  };
  tick();
  const timer = setInterval(tick, config.TRENDS_REFRESH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
