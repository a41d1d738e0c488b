import Database from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from "kysely";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEFAULT_POSTGRES_POOL, getConfig, type Config } from "../config";
import { getLogger } from "../logger";
import { DatabaseAvailability, registerAvailability } from "./availability";
import { dialectOf } from "./dialect";
import { registerColumnReader, SqliteColumnReader } from "./int-columns";
import { watchPoolStats } from "../metrics";
import { migrations } from "./migrations";
import { fillWebsiteHosts } from "./migrations/fill-website-hosts";
import type { Database as Schema } from "./schema";
import { ImmediateSqliteDialect, withStatementCache } from "./sqlite-immediate";
import { checkpointInBackground } from "./wal-checkpoints";
import { websiteHostPlugin } from "./website-host";

export type DB = Kysely<Schema>;
export type { Schema };

export interface DatabaseOptions {
  database: Config["database"];
  /** PostgreSQL schema to work in (tests use one per run); default public. */
  pgSchema?: string;
}

/** On every handle: writes of `tools.website_url` carry `website_host` (db/website-host.ts). */
const plugins = [websiteHostPlugin];

/** Opens a Kysely instance on SQLite or PostgreSQL, as configured. */
export function createDatabase({ database, pgSchema }: DatabaseOptions): DB {
  if (database.kind === "postgres") {
    // int8 (count(*), sums) arrives as a string by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const { max, idleSeconds } = database.pool ?? DEFAULT_POSTGRES_POOL;
    const connection = {
      connectionString: database.url,
      // A database that does not answer (a failover, a cut network) fails a request in seconds, not never.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(pgSchema ? { options: `-c search_path=${pgSchema},public` } : {}),
    };
    const pool = new pg.Pool({
      ...connection,
      max,
      // pg closes a connection after 10 s unused by default. A new one is a new PostgreSQL backend: its first
      // queries plan with cold catalogue caches and fault in every shared buffer it reads (2-4 ms for a list
      // page's cards instead of 0.2). A page after a quiet spell paid that; kept connections do not.
      idleTimeoutMillis: idleSeconds * 1000,
      // Kept connections never hold a script's process open once its work is done.
      allowExitOnIdle: true,
    });
    const availability = new DatabaseAvailability(() => probeDatabase(connection), {
      down: (error) => getLogger().warn({ err: error }, "the database does not answer: requests get 503 until it does"),
      up: (ms) => getLogger().warn({ downForMs: ms }, "the database answers again"),
    });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: watchedPool(pool, availability) }), plugins });
    // For /metrics; a pool ended by `db.destroy()` drops out.
    watchPoolStats(() => (pool.ended ? null : { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    registerAvailability(db, availability);
    return db;
  }
  if (database.path !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(database.path)), { recursive: true });
  const sqlite = new Database(database.path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // Reads come from the mapped file and a larger page cache instead of a read call per page: a list
  // page's few short queries touch pages all over a large catalogue's tables and indexes.
  sqlite.pragma("mmap_size = 268435456");
  sqlite.pragma("cache_size = -32768");
  if (database.path === ":memory:") return new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), plugins });
  const reader = new SqliteColumnReader(path.resolve(database.path));
  const background = new SqliteColumnReader(path.resolve(database.path));
  const stopCheckpoints = checkpointInBackground(sqlite, path.resolve(database.path));
  const closeReaders = () => {
    reader.close();
    background.close();
    stopCheckpoints();
  };
  const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite, closeReaders) }), plugins });
  registerColumnReader(db, reader, background);
  return db;
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  // Migration numbers are handed out ahead of time, so a database may already hold a
  // later one when an earlier number lands; apply the missing ones instead of refusing.
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with
  // several schemas in one PostgreSQL database (tests) it would find another schema's.
  const migrationTableSchema =
    dialectOf(db) === "postgres" ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  // Tools without the host column's value (all of them after migration 0027; later, an older instance's additions).
  const filled = await fillWebsiteHosts(db);
  if (filled > 0) getLogger().info({ tools: filled }, "website hosts filled in");
  return result;
}

let instance: DB | undefined;

/** The process-wide database handle. */
export function getDb(): DB {
  const config = getConfig();
  instance ??= createDatabase({ database: config.database, pgSchema: config.DATABASE_SCHEMA });
  return instance;
}

export async function closeDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  await db?.destroy();
}

/** How long a request waits for a new PostgreSQL connection before it fails (and is answered 503). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The pool as Kysely sees it, with every way a connection can break noted (decision 0021). A connection
 * lost while idle is an 'error' event of the pool, which pg drops and replaces; without a listener Node
 * ends the process. A connection lost while a request holds it is an 'error' event of that client (pg
 * rejects its queries, and the pool drops it when it is released); the same. Failed connects and failed
 * queries are noted too, so a request that failed for the database is answered 503, not 500.
 */
function watchedPool(pool: pg.Pool, availability: DatabaseAvailability) {
  const note = (error: unknown) => availability.noteFailure(error);
  pool.on("error", note);
  pool.on("connect", (client) => {
    client.on("error", note);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) result.catch(note);
      return result;
    };
  });
  return {
    connect: () => pool.connect().catch((error: unknown) => {
      note(error);
      throw error;
    }),
    end: () => {
      availability.close();
      return pool.end();
    },
  };
}

/** One `select 1` on a connection of its own (not from the pool, whose connections may all be taken or broken). */
async function probeDatabase(connection: pg.ClientConfig): Promise<void> {
  const client = new pg.Client(connection);
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => undefined);
  }
}
