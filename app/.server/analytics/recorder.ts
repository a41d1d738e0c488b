import type { Insertable } from "kysely";
import type { DB } from "../db";
import { databaseAway } from "../db/availability";
import type { PageViewsTable } from "../db/schema";
import { getLogger } from "../logger";
import { countJobRun } from "../metrics";
import { deviceClass, isBot, pageOf, referrerHost } from "./classify";
import { dayOf, saltOf, visitorHash } from "./salts";

/**
 * Page views are noted in memory on the request (a few field copies) and written in batches by a timer,
 * so a page view pays for no database write and no hashing; a graceful shutdown writes what is left.
 * Classification (bots, page, device, referrer) and hashing happen at flush time.
 */
export interface RawPageView {
  /** Request path, e.g. `/fr/tool/chatgpt` or `/fr/tools.data`. */
  pathname: string;
  userAgent: string;
  address: string;
  referer: string | undefined;
  host: string | undefined;
  /** ISO time of the request. */
  at: string;
}

/** Views kept while the database is unreachable; older ones are dropped past this. */
const MAX_PENDING = 50_000;
const INSERT_CHUNK = 200;
/** A batch this large is written without waiting for the timer. */
const EAGER_FLUSH = 1000;

let pending: RawPageView[] = [];
let flushing: Promise<void> = Promise.resolve();
let database: (() => DB) | null = null;
let timer: NodeJS.Timeout | null = null;
let lastWrite = 0;

/** When this process last wrote views (ms), so the dashboard knows its rollups miss some. */
export const lastPageViewWrite = (): number => lastWrite;

export function recordPageView(view: RawPageView): void {
  pending.push(view);
  if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING);
  if (pending.length === EAGER_FLUSH && database) void flushPageViews();
}

/** Writes every noted view; concurrent calls wait for the same writes. */
export function flushPageViews(db: DB | undefined = database?.()): Promise<void> {
  // While the database is away the views wait here; the first flush after it is back writes them.
  if (!db || databaseAway(db)) return flushing;
  flushing = flushing.then(() => countJobRun("page_view_writes", writeBatch(db))).catch((error: unknown) => getLogger().warn({ err: error }, "writing page views failed; kept for the next flush"));
  return flushing;
}

async function writeBatch(db: DB): Promise<void> {
  if (pending.length === 0) return;
  const batch = pending;
  pending = [];
  try {
    const rows: Array<Insertable<PageViewsTable>> = [];
    for (const view of batch) {
      if (isBot(view.userAgent)) continue;
      const page = pageOf(view.pathname);
      if (!page) continue;
      const salt = await saltOf(db, dayOf(view.at));
      rows.push({
        path: page.path,
        language: page.language,
        tool_slug: page.tool,
        user_id: null,
        referrer: null,
        referrer_host: referrerHost(view.referer, view.host),
        device: deviceClass(view.userAgent),
        visitor_hash: visitorHash(salt, view.address, view.userAgent),
        created_at: view.at,
      });
    }
    if (rows.length === 0) return;
    // One transaction: a failed batch is retried whole, never written twice in part.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto("page_views").values(rows.slice(i, i + INSERT_CHUNK)).execute();
    });
    lastWrite = Date.now();
  } catch (error) {
    // Kept for the next attempt (a busy or restarting database), ahead of the views noted since.
    pending = [...batch, ...pending].slice(-MAX_PENDING);
    throw error;
  }
}

/** Starts the batch timer; the returned function stops it and writes what is left. */
export function startPageViewRecorder(getDb: () => DB, intervalMs: number): () => Promise<void> {
  database = getDb;
  timer = setInterval(() => void flushPageViews(), intervalMs);
  timer.unref();
  return async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await flushPageViews(getDb());
    database = null;
  };
}

/** Views noted and not yet written (tests, shutdown logs). */
export const pendingPageViews = (): number => pending.length;
