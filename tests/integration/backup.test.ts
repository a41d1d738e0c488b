import Database from "better-sqlite3";
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName, backupSqlite } from "~/.server/db/backup";
import { nowIso } from "~/.server/db/values";
import { createTestDatabase, type TestDatabase } from "../support/databases";

/**
 * `npm run backup` on SQLite: an online copy of a database another process keeps writing to. The copy
 * must open, pass integrity_check, hold every row committed before the backup started, and be one
 * snapshot (the writer's rows in it are an unbroken run from its first). PostgreSQL gets the pg_dump
 * command instead.
 */
let t: TestDatabase;
let dir: string;
let file: string;
const BULK_ROWS = 1500;

beforeAll(async () => {
  t = await createTestDatabase("sqlite");
  file = t.url.replace(/^file:/, "");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-backup-"));
  // Some hundreds of pages, so the copy is more than the one step a tiny database would need.
  const rows = Array.from({ length: BULK_ROWS }, (_, i) => ({
    slug: `bulk-${i}`,
    website_url: `https://bulk-${i}.example/${"x".repeat(200)}`,
    pricing: "free",
    updated_at: nowIso(),
    image_url: null,
    image_webp_url: null,
    preview_url: null,
    preview_webp_url: null,
    manual_priority: null,
  }));
  await t.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 250) await trx.insertInto("tools").values(rows.slice(i, i + 250)).execute();
  });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function slugs(): Promise<string[]> {
  return (await t.db.selectFrom("tools").select("slug").execute()).map((row) => row.slug);
}

async function liveCount(): Promise<number> {
  return (await slugs()).filter((slug) => slug.startsWith("live-")).length;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `npm run backup` as the package script runs it (tsx), from `cwd`, so its default folder lands there. */
function runBackupScript(env: Record<string, string>, args: string[] = [], cwd = dir): Promise<{ code: number; stdout: string; stderr: string }> {
  const loader = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", loader, path.resolve("scripts/backup.ts"), ...args], { cwd, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("SQLite online backup", () => {
  it("copies the database while another process writes to it", async () => {
    const writer = spawn(process.execPath, ["--import", "tsx", "tests/support/sqlite-writer.ts", file, "live", "100000"], {
      env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.json" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => writer.once("exit", resolve));
    try {
      await until(async () => (await liveCount()) >= 20, "the writer's first rows");
      const committed = await slugs();
      const target = path.join(dir, "during-writes.db");
      const result = await backupSqlite(file, target);
      expect(result.path).toBe(target);
      // The writer went on through the backup and after it.
      await until(async () => (await liveCount()) >= committed.filter((s) => s.startsWith("live-")).length + 20, "more rows after the backup");

      const copy = new Database(target, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        // One file: rollback-journal mode, nothing beside it.
        expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
        const copied = new Set(copy.prepare("select slug from tools").pluck().all() as string[]);
        expect(committed.filter((slug) => !copied.has(slug))).toEqual([]);
        const live = [...copied].filter((slug) => slug.startsWith("live-")).map((slug) => Number(slug.slice(5))).sort((a, b) => a - b);
        expect(live).toEqual(live.map((_, i) => i));
      } finally {
        copy.close();
      }
      expect(fs.readdirSync(dir).filter((name) => name.startsWith("during-writes"))).toEqual(["during-writes.db"]);
    } finally {
      writer.kill("SIGTERM");
      await exited;
    }
  }, 60_000);

  it("npm run backup writes data/backups/directory-<UTC time>.db, prints its path and never overwrites", async () => {
    const first = await runBackupScript({ DATABASE_URL: t.url });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const printed = first.stdout.trim();
    expect(printed).toMatch(/^data\/backups\/directory-\d{8}T\d{6}Z\.db$/);
    const copy = new Database(path.join(dir, printed), { readonly: true, fileMustExist: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.prepare("select count(*) from tools where slug like 'bulk-%'").pluck().get()).toBe(BULK_ROWS);
    copy.close();

    const named = path.join(dir, "named", "copy.db");
    expect((await runBackupScript({ DATABASE_URL: t.url }, [named])).stdout.trim()).toBe(named);
    const again = await runBackupScript({ DATABASE_URL: t.url }, [named]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
  });

  it("names backups by UTC time", () => {
    expect(backupFileName(new Date("2026-11-24T15:30:12.345Z"))).toBe("directory-20261124T153012Z.db");
  });
});

describe("npm run backup on PostgreSQL", () => {
  it("prints the pg_dump command, without the password, and exits with status 2", async () => {
    const result = await runBackupScript({ DATABASE_URL: "postgres://directory:hunter2-secret@db.internal:5432/directory", DATABASE_SCHEMA: "directory" });
    expect(result.code).toBe(2);
    expect(result.stdout.trim()).toMatch(/^pg_dump --format=custom --no-owner --schema=directory --file=data\/backups\/directory-\d{8}T\d{6}Z\.dump "\$DATABASE_URL"$/);
    expect(result.stdout + result.stderr).not.toContain("hunter2");
  });
});
