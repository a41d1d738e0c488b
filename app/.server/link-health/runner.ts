import crypto from "node:crypto";
import type { Config } from "../config";
import type { DB } from "../db";
import { acquireLease, releaseLease } from "../background-lease";
import { databaseAway } from "../db/availability";
import { getLogger } from "../logger";
import { runLinkRound, type CheckerOptions } from "./checker";
import { countJobRun } from "../metrics";

const LEASE = "link-health";
const INSTANCE = crypto.randomUUID();
let running = false;

type LinkConfig = Pick<Config, "LINK_CHECK_INTERVAL_HOURS" | "LINK_CHECK_TICK_MS" | "LINK_CHECK_TIMEOUT_MS" | "CONTACT_EMAIL" | "publicUrl" | "fetchAllowHosts">;

/** The checker's User-Agent: the site's name and address and whom to write to. */
export function checkerUserAgent(config: Pick<Config, "CONTACT_EMAIL" | "publicUrl">): string {
  const host = new URL(config.publicUrl).host;
  return `Mozilla/5.0 (compatible; ${host} link checker; +${config.publicUrl}/; ${config.CONTACT_EMAIL})`;
}

export function checkerOptions(config: LinkConfig): CheckerOptions {
  return {
    intervalMs: config.LINK_CHECK_INTERVAL_HOURS * 3_600_000,
    tickMs: config.LINK_CHECK_TICK_MS,
    timeoutMs: config.LINK_CHECK_TIMEOUT_MS,
    userAgent: checkerUserAgent(config),
    allowHosts: config.fetchAllowHosts,
  };
}

/** One tick under the lease: one instance at a time visits the due slice. */
export async function linkTick(db: DB, options: CheckerOptions, holder = INSTANCE): Promise<"checked" | "busy"> {
  if (running && holder === INSTANCE) return "busy";
  running = true;
  try {
    // The lease outlives a slice of slow sites with room to spare, and frees itself if this process dies.
    if (!(await acquireLease(db, LEASE, holder, options.tickMs + options.timeoutMs * 4 + 60_000))) return "busy";
    try {
      await runLinkRound(db, options);
      return "checked";
    } finally {
      await releaseLease(db, LEASE, holder);
    }
  } finally {
    running = false;
  }
}

/** Checks a slice of the websites every tick, in the background; returns a stop function. */
export function startLinkChecker(getDb: () => DB, config: LinkConfig): () => void {
  const options = checkerOptions(config);
  const timer = setInterval(() => {
    if (databaseAway(getDb())) return;
    countJobRun("link_check", linkTick(getDb(), options)).catch((error: unknown) => getLogger().warn({ err: error }, "link check failed"));
  }, options.tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
