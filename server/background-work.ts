import { startPageViewRecorder } from "../app/.server/analytics/recorder";
import { refreshRollups } from "../app/.server/analytics/rollups";
import type { Config } from "../app/.server/config";
import type { DB } from "../app/.server/db";
import { getLogger } from "../app/.server/logger";
import { startTrendsRefresher } from "../app/.server/trends/refresher";

/** Rollups are brought up to date this often (and whenever the dashboard is opened). */
const ROLLUP_INTERVAL_MS = 60_000;

let stops: Array<() => void | Promise<void>> = [];

/**
 * Work that runs beside the requests: the trends refresher, the page-view batch writer and the daily
 * rollups. Stopped before the database closes, so the last batch of page views is written.
 */
export function startBackgroundWork(config: Config, getDb: () => DB): void {
  if (config.TRENDS_REFRESH === "on") stops.push(startTrendsRefresher(getDb, config));
  if (config.ANALYTICS === "on") {
    stops.push(startPageViewRecorder(getDb, config.ANALYTICS_FLUSH_INTERVAL_MS));
    const timer = setInterval(() => {
      refreshRollups(getDb()).catch((error: unknown) => getLogger().warn({ err: error }, "page-view rollup failed"));
    }, ROLLUP_INTERVAL_MS);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }
}

export async function stopBackgroundWork(): Promise<void> {
  const pending = stops;
  stops = [];
  for (const stop of pending.reverse()) await stop();
}
