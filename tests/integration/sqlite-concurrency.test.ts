import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
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
});
