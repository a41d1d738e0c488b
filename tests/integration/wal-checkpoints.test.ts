import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases";

/**
 * On SQLite the server's own connection never copies the write-ahead log into the database file inside a
 * commit (a rating or an approval would wait for it, and every request with it); a worker does it within
 * about a second after, so the log does not keep growing.
 */
let t: TestDatabase;
let file: string;
const fileSize = () => fs.statSync(file).size;

beforeAll(async () => {
  t = await createTestDatabase("sqlite");
  file = t.url.replace(/^file:/, "");
  await sql`create table wal_probe (id integer primary key, body text not null)`.execute(t.db);
});
afterAll(async () => {
  await t?.destroy();
});

describe("SQLite checkpoints", () => {
  it("happen after the commit that crossed 1,000 pages of log, not inside it, and within seconds", { timeout: 30_000 }, async () => {
    // Let the worker copy what the migrations wrote, so the file's size below is the starting point: the size
    // has stayed the same over more than one of the worker's periods (on a busy machine that takes longer).
    let before = fileSize();
    for (let steadyMs = 0; steadyMs < 1500; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const size = fileSize();
      steadyMs = size === before ? steadyMs + 250 : 0;
      before = size;
    }
    // About 1,500 pages (4 KB each) in one commit.
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 150; i++) await trx.insertInto("wal_probe" as never).values({ body: "x".repeat(40_000) } as never).execute();
    });
    expect(fileSize(), "the commit copied the log into the file itself").toBe(before);
    let after = before;
    // A checkpoint may copy part of the log while a reader still needs the rest; the next one copies that.
    for (let i = 0; i < 50 && after < before + 5_000_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = fileSize();
    }
    expect(after).toBeGreaterThan(before + 5_000_000);
  });
});
