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
 */
class ImmediateSqliteDriver extends SqliteDriver {
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
