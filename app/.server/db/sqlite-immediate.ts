import type BetterSqlite3 from "better-sqlite3";
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig } from "kysely";
import { getRecent, setBounded } from "~/lib/bounded-map";

const CACHED_STATEMENTS = 500;

/**
 * The better-sqlite3 handle as Kysely uses it (prepare and close), with prepared statements kept by SQL
 * text: Kysely prepares every query anew, and parsing and planning the same few dozen statements was a
 * good part of each short read (a page's card queries take about a quarter of a millisecond each).
 * Statements survive schema changes (SQLite re-prepares them); the least recently used go first.
 */
export function withStatementCache(database: BetterSqlite3.Database, onClose?: () => void): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      return getRecent(statements, sql) ?? setBounded(statements, sql, database.prepare(sql), CACHED_STATEMENTS);
    },
    close() {
      statements.clear();
      onClose?.();
      database.close();
    },
  };
}

/**
 * better-sqlite3 dialect whose transactions start with BEGIN IMMEDIATE: the
 * write lock is taken up front, so concurrent writers wait on busy_timeout
 * instead of failing with SQLITE_BUSY when a read transaction upgrades.
 *
 * Requests for the one connection also wait in a first-come queue here. Kysely's own mutex wakes every
 * waiter each time the connection is released and lets them race for it again: with 200 requests waiting,
 * each query's release cost 200 wake-ups, and a request could lose the race over and over (favourite
 * writes at 50 connections: p50 35 ms, p95 0.8 s). Here a release hands the connection to the oldest
 * waiter only, so Kysely's mutex is always free when it is asked.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #waiting: Array<() => void> = [];
  #held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((handOver) => this.#waiting.push(handOver));
    else this.#held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
