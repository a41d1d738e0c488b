import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, migrateToLatest, type DB } from "~/.server/db";

export type TestDialect = "sqlite" | "postgres";

/** Dialects the integration suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase {
  db: DB;
  dialect: TestDialect;
  /** DATABASE_URL that points a server process at this same database. */
  url: string;
  /** Extra environment a server process needs (PostgreSQL schema). */
  env: Record<string, string>;
  destroy(): Promise<void>;
}

/** A second connection to the same test database, as another instance of the site would hold. */
export function secondConnection(t: TestDatabase): DB {
  return t.dialect === "sqlite"
    ? createDatabase({ database: { kind: "sqlite", path: t.url.replace(/^file:/, "") } })
    : createDatabase({ database: { kind: "postgres", url: t.url }, pgSchema: t.env.DATABASE_SCHEMA });
}

/**
 * A fresh, migrated database: a temporary SQLite file, or a new schema in
 * the test PostgreSQL database, dropped afterwards.
 */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-test-"));
    const file = path.join(dir, "test.db");
    const db = createDatabase({ database: { kind: "sqlite", path: file } });
    await migrateToLatest(db);
    return {
      db,
      dialect,
      url: `file:${file}`,
      env: {},
      async destroy() {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const db = createDatabase({ database: { kind: "postgres", url }, pgSchema: schema });
  await underSchemaLock(url, async (admin) => {
    await admin.query(`create schema ${schema}`);
    await migrateToLatest(db);
  });
  return {
    db,
    dialect,
    url,
    env: { DATABASE_SCHEMA: schema },
    async destroy() {
      await db.destroy();
      await underSchemaLock(url, (admin) => admin.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

/**
 * Runs `work`, which migrates `t` itself (down and up again), while no other test file creates or drops a schema:
 * the same turns as below, both ways (an `alter table` here fails another file's introspection as a drop would).
 */
export async function whileMigrating<T>(t: TestDatabase, work: () => Promise<T>): Promise<T> {
  return t.dialect === "postgres" ? underSchemaLock(t.url, () => work()) : work();
}

/**
 * Test files run side by side on one PostgreSQL database, each in a schema of its own. A migration's first
 * look for its bookkeeping tables (Kysely's introspection) reads every schema's tables, and fails with "schema
 * ... does not exist" when another file drops its schema in that moment; so creating (with the migrations)
 * and dropping a test schema take turns, under one advisory lock.
 */
async function underSchemaLock<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('test schemas'))");
    return await work(admin);
  } finally {
    await admin.end();
  }
}
