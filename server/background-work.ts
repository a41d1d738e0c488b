import { startPageViewRecorder } from "../app/.server/analytics/recorder";
import { refreshRollups, refreshRollupsIfWritten, rollupsResting } from "../app/.server/analytics/rollups";
import type { Config } from "../app/.server/config";
import type { DB } from "../app/.server/db";
import { databaseAway } from "../app/.server/db/availability";
import { getLogger } from "../app/.server/logger";
import { countJobRun } from "../app/.server/metrics";
import { startTrendsRefresher } from "../app/.server/trends/refresher";
import { startLinkChecker } from "../app/.server/link-health/runner";
import { startNewsletterSender } from "../app/.server/newsletter/sender";

let stops: Array<() => void | Promise<void>> = [];

/**
 * Work that runs beside the requests: the trends refresher, the page-view batch writer and the daily
 * rollups. Stopped before the database closes, so the last batch of page views is written.
 */
export function startBackgroundWork(config: Config, getDb: () => DB): void {
  if (config.TRENDS_REFRESH === "on") stops.push(startTrendsRefresher(getDb, config));
  if (config.LINK_CHECK === "on") stops.push(startLinkChecker(getDb, config));
  stops.push(startNewsletterSender(getDb, config));
  if (config.ANALYTICS === "on") {
    stops.push(startPageViewRecorder(getDb, config.ANALYTICS_FLUSH_INTERVAL_MS));
    // Every tick when this process wrote views; at least every ten ticks for other instances' views. A
    // long refresh (a busy site's day) rests the ticks after it (`rollupsResting`).
    let ticks = 0;
    const timer = setInterval(() => {
      if (rollupsResting() || databaseAway(getDb())) return;
      const refresh = ++ticks % 10 === 0 ? refreshRollups : refreshRollupsIfWritten;
      countJobRun("analytics_rollups", refresh(getDb())).catch((error: unknown) => getLogger().warn({ err: error }, "page-view rollup failed"));
    }, config.ANALYTICS_ROLLUP_INTERVAL_MS);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }
}

export async function stopBackgroundWork(): Promise<void> {
  const pending = stops;
  stops = [];
  for (const stop of pending.reverse()) await stop();
}
