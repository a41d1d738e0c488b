import { sql } from "kysely";
import type { DB } from "./db";
import { AppError } from "./errors";

/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so every
 * instance on one PostgreSQL counts together and a restart forgets nothing.
 * One statement per check: an upsert that starts a new window when the old
 * one has passed, else adds one, and returns the count. Atomic on both
 * engines (SQLite writes are serialised; PostgreSQL locks the row).
 *
 * Keys name what is limited and for whom, e.g. `favorites:user:<id>`,
 * `sign-in:account:<email>`, `submit:address:<ip>`.
 */
export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/** Old windows are deleted now and then, on roughly one call in this many. */
const CLEANUP_EVERY = 500;
const KEEP_MS = 24 * 60 * 60 * 1000;

/** `weight`: how many requests this one counts as (a merge of 40 favourites counts 40). */
export async function consumeRateLimit(db: DB, key: string, rule: RateLimitRule, now = Date.now(), weight = 1): Promise<RateLimitResult> {
  const expired = now - rule.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: weight, window_start: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${expired} then ${weight} else rate_limits.count + ${weight} end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  if (Math.random() * CLEANUP_EVERY < 1) {
    await db.deleteFrom("rate_limits").where("window_start", "<", now - Math.max(KEEP_MS, rule.windowMs)).execute();
  }
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.window_start) + rule.windowMs - now) / 1000));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** Throws a 429 AppError (with `retryAfterSeconds` in its details) when the limit is used up. */
export async function enforceRateLimit(db: DB, key: string, rule: RateLimitRule, message = "Too many requests. Try again later.", weight = 1): Promise<void> {
  const result = await consumeRateLimit(db, key, rule, Date.now(), weight);
  if (!result.allowed) throw new AppError("rate_limited", message, { retryAfterSeconds: result.retryAfterSeconds });
}

/**
 * A limit a write counts against inside its own transaction (`enforceRateLimit(trx, ...)` as the transaction's
 * first statement): one commit for the count and the write instead of two. A refused write rolls back, count
 * included; the window is full then anyway, so it stays refused until the window resets.
 */
export interface WriteLimit {
  key: string;
  rule: RateLimitRule;
  message: string;
}

/** Counts a write (`weight` writes: a merge's entries) against its limit inside the caller's transaction; 429 when used up. */
export async function enforceWriteLimit(trx: DB, limit: WriteLimit | undefined, weight = 1): Promise<void> {
  if (limit) await enforceRateLimit(trx, limit.key, limit.rule, limit.message, weight);
}

/** Forgets a key's window (e.g. per-account sign-in failures after a successful sign-in). */
export async function resetRateLimit(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
