import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDatabase, migrateToLatest } from "~/.server/db";

const run = promisify(execFile);

describe("SQLite write transactions", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-wal-"));
  const file = path.join(dir, "wal.db");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("lets two processes run read-then-write transactions side by side without SQLITE_BUSY", async () => {
    const db = createDatabase({ database: { kind: "sqlite", path: file } });
    await migrateToLatest(db);
    const writer = (label: string) =>
      run(process.execPath, ["--import", "tsx", "tests/support/sqlite-writer.ts", file, label, "40"], {
        env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.json" },
      });
    await Promise.all([writer("a"), writer("b")]);
    const rows = await db.selectFrom("tools").select("slug").execute();
    expect(rows).toHaveLength(80);
    const [{ journal_mode }] = (await import("better-sqlite3")).default(file).pragma("journal_mode") as Array<{ journal_mode: string }>;
    expect(journal_mode).toBe("wal");
    await db.destroy();
  });

  it("reuses prepared statements yet sees schema changes and new rows", async () => {
    const db = createDatabase({ database: { kind: "sqlite", path: path.join(dir, "statements.db") } });
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    const insert = (id: number) => db.insertInto("notes" as never).values({ id, body: `note ${id}` } as never).execute();
    const all = () => sql<Record<string, unknown>>`select * from notes order by id`.execute(db).then((r) => r.rows);
    await insert(1);
    expect(await all()).toEqual([{ id: 1, body: "note 1" }]);
    await insert(2);
    await sql`alter table notes add column pinned integer default 0`.execute(db);
    expect(await all()).toEqual([
      { id: 1, body: "note 1", pinned: 0 },
      { id: 2, body: "note 2", pinned: 0 },
    ]);
    await db.destroy();
  });
});
