import type { Kysely } from "kysely";

/**
 * Whether the database answers, as this process sees it (decision 0021). A lost connection (a terminated
 * backend, a PostgreSQL restart or failover, a network cut) is noted by the pool wrapper in `index.ts`; a
 * probe on a connection of its own then asks the server once a second until it answers. While it does not,
 * the HTTP edge answers 503 with Retry-After instead of running requests that would fail one by one.
 * SQLite has no connection to lose: its handle has no availability and always counts as available.
 */

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** How often the probe asks an unreachable database again. */
const PROBE_EVERY_MS = 1000;
/** The second probe after a first one failed, before the database counts as away. */
const SECOND_PROBE_AFTER_MS = 200;

/** Network errors of a socket to the database, and PostgreSQL's own "this connection is gone" codes. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // admin_shutdown (pg_terminate_backend, a fast shutdown), crash_shutdown, cannot_connect_now (starting up,
  // a standby being promoted), too_many_connections, idle_session_timeout.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57P05",
]);
/** What pg says without a code when a socket closes under it or a connection cannot be had in time. */
const CONNECTION_MESSAGES = /connection terminated|not queryable|timeout exceeded when trying to connect|connection timeout|the database system is (starting up|shutting down|in recovery)/i;

/** True for errors that mean "no connection to the database" rather than "this statement failed". */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^08/.test(code))) return true;
  if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  // Node's connection attempts to several addresses fail as one AggregateError; wrappers keep a cause.
  if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(cause, depth + 1);
}

export interface AvailabilityEvents {
  down(error: unknown): void;
  up(downForMs: number): void;
}

export class DatabaseAvailability {
  #down = false;
  #downSince = 0;
  #lastFailureAt = 0;
  #probing = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;

  /** `probe` opens a connection of its own, asks `select 1` and closes it; it rejects when the server does not answer. */
  constructor(
    private readonly probe: () => Promise<void>,
    private readonly events: AvailabilityEvents,
  ) {}

  /** False from the second failed probe in a row until one succeeds. */
  get available(): boolean {
    return !this.#down;
  }

  /** Whether a connection was lost at or after `since` (ms): a request that began then and failed, failed for it. */
  failedSince(since: number): boolean {
    return this.#down || this.#lastFailureAt >= since;
  }

  /** Notes an error from a connection or a query; a lost connection starts the probe. Other errors are ignored. */
  noteFailure(error: unknown): void {
    if (this.#closed || !isConnectionFailure(error)) return;
    this.#lastFailureAt = Date.now();
    if (!this.#probing) void this.#probeUntilUp();
  }

  /** Stops probing (the database handle is being closed). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  async #probeUntilUp(): Promise<void> {
    this.#probing = true;
    try {
      // A terminated backend does not mean the server is gone: the probe runs at once, and only when it fails
      // twice in a row (the second time a moment later: a probe caught by the same termination) does the site
      // answer 503. Requests that lost their connection meanwhile are answered 503 anyway.
      let failures = 0;
      while (!this.#closed) {
        try {
          await this.probe();
          if (this.#down) {
            this.#down = false;
            this.events.up(Date.now() - this.#downSince);
          }
          return;
        } catch (error) {
          if (++failures >= 2 && !this.#down) {
            this.#down = true;
            this.#downSince = Date.now();
            this.events.down(error);
          }
        }
        await new Promise<void>((resolve) => {
          this.#timer = setTimeout(resolve, failures < 2 ? SECOND_PROBE_AFTER_MS : PROBE_EVERY_MS);
          this.#timer.unref();
        });
      }
    } finally {
      this.#probing = false;
    }
  }
}

const registry = new WeakMap<Kysely<any>, DatabaseAvailability>();

export function registerAvailability(db: Kysely<any>, availability: DatabaseAvailability): void {
  registry.set(db, availability);
}

/** The availability of a PostgreSQL handle; undefined for SQLite (always there). */
export function availabilityOf(db: Kysely<any>): DatabaseAvailability | undefined {
  return registry.get(db);
}

/** True while the probe finds the database away: background work skips its tick instead of failing it (and logging so). */
export function databaseAway(db: Kysely<any>): boolean {
  return registry.get(db)?.available === false;
}
