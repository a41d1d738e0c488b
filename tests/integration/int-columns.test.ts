import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import os from "node:os";
import path from "node:path";
import { readIntAndTextColumns, readIntColumns, readNumberColumns, readRowsInBackground, registerColumnReader, SqliteColumnReader } from "~/.server/db/int-columns";
import { nowIso } from "~/.server/db/values";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Large integer reads (search matches, list orders) come back as typed arrays; on SQLite they run in a
 * worker thread so a long read does not stop the server's other requests.
 */
describe.each(testDialects())("integer column reads on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    for (const slug of ["alpha", "beta", "gamma"]) {
      await t.db.insertInto("categories").values({ slug, parent_id: null, icon_name: null, color: null, updated_at: nowIso() }).execute();
    }
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("returns the named columns in the asked order, row for row", async () => {
    const query = t.db.selectFrom("categories").select(["id", sql<number>`id * 10`.as("tenfold")]).orderBy("slug", "desc");
    const rows = await query.execute();
    const [tenfold, ids] = await readIntColumns(t.db, query, ["tenfold", "id"] as const);
    expect(Array.from(ids)).toEqual(rows.map((row) => row.id));
    expect(Array.from(tenfold)).toEqual(rows.map((row) => row.id * 10));
    expect(ids).toBeInstanceOf(Int32Array);
  });

  it("returns text columns beside integer ones, any character kept", async () => {
    const names = ['Quote " and \\ slash', "Line\nbreak", "Ökoplan 笔记 🚀"];
    for (const [i, name] of names.entries()) {
      await t.db.insertInto("categories").values({ slug: `text-${i}`, parent_id: null, icon_name: name, color: null, updated_at: nowIso() }).execute();
    }
    const query = t.db.selectFrom("categories").select(["id", "icon_name", "slug"]).where("slug", "like", "text-%").orderBy("slug");
    const rows = await query.execute();
    const { ints, texts } = await readIntAndTextColumns(t.db, query, ["id"] as const, ["icon_name", "slug"] as const);
    expect(Array.from(ints[0])).toEqual(rows.map((row) => row.id));
    expect(texts).toEqual([names, ["text-0", "text-1", "text-2"]]);
    await t.db.deleteFrom("categories").where("slug", "like", "text-%").execute();
  });

  it("returns real columns beside integer ones exactly as the database computed them, null as NaN", async () => {
    // A third is no double's exact value: only the database's own rounding gives back equal keys.
    const query = t.db
      .selectFrom("categories")
      .select(["id", sql<number>`(id * 1.0 + 1.0) / 3.0`.as("third"), sql<number | null>`case when slug = 'alpha' then null else id * 1.0 end`.as("maybe")])
      .orderBy("id");
    const rows = await query.execute();
    const { ints, floats } = await readNumberColumns(t.db, query, ["id"] as const, ["third", "maybe"] as const);
    expect(Array.from(ints[0])).toEqual(rows.map((row) => row.id));
    expect(floats[0]).toBeInstanceOf(Float64Array);
    expect(Array.from(floats[0])).toEqual(rows.map((row) => Number(row.third)));
    expect(floats[0][0]).not.toBe(Math.trunc(floats[0][0]!));
    expect(Array.from(floats[1])).toEqual(rows.map((row) => (row.maybe === null ? NaN : Number(row.maybe))));
    expect(Number.isNaN(floats[1][0])).toBe(true);
  });

  it("gives empty columns for no rows, and sees a write committed just before", async () => {
    const query = t.db.selectFrom("categories").select("id").where("slug", "=", "delta");
    expect((await readIntColumns(t.db, query, ["id"] as const)).map((column) => column.length)).toEqual([0]);
    const { id } = await t.db.insertInto("categories").values({ slug: "delta", parent_id: null, icon_name: null, color: null, updated_at: nowIso() }).returning("id").executeTakeFirstOrThrow();
    const [ids] = await readIntColumns(t.db, query, ["id"] as const);
    expect(Array.from(ids)).toEqual([id]);
  });

  it("fails a bad read with the database's message and keeps answering", async () => {
    await expect(readIntColumns(t.db, sql`select id from no_such_table`, ["id"] as const)).rejects.toThrow(/no_such_table/);
    const [ids] = await readIntColumns(t.db, t.db.selectFrom("categories").select("id"), ["id"] as const);
    expect(ids.length).toBe(4);
  });

  it.runIf(dialect === "sqlite")("keeps the event loop free while a long read runs", async () => {
    // About half a second of work for SQLite, whichever thread does it.
    const long = sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`;
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    const [n] = await readIntColumns(t.db, long, ["n"] as const);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(Array.from(n)).toEqual([3_000_000]);
    expect(elapsed).toBeGreaterThan(150);
    // Run on the main thread, the read would leave one gap as long as itself.
    const gaps = ticks.slice(1).map((tick, i) => tick - ticks[i]!);
    expect(ticks.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(elapsed / 2);
  });

  it("reads a background job's rows as objects, the same as the main connection gives", async () => {
    const query = t.db
      .selectFrom("categories")
      .select([sql<string>`substr(slug, 1, 1)`.as("initial"), sql<number>`count(*)`.as("n"), sql<string | null>`max(icon_name)`.as("icon")])
      .groupBy(sql`substr(slug, 1, 1)`)
      .orderBy("initial");
    const expected = await query.execute();
    expect(expected.length).toBeGreaterThan(2);
    expect(await readRowsInBackground(t.db, query)).toEqual(expected);
    await expect(readRowsInBackground(t.db, t.db.selectFrom("no_such_table" as "categories").select("id"))).rejects.toThrow(/no_such_table/);
  });

  it.runIf(dialect === "sqlite")("keeps the event loop free while a background job's long read runs", async () => {
    const long = t.db.selectNoFrom(sql<number>`(with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) from c)`.as("n"));
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    const rows = await readRowsInBackground(t.db, long);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(rows).toEqual([{ n: 3_000_000 }]);
    expect(elapsed).toBeGreaterThan(150);
    const gaps = ticks.slice(1).map((tick, i) => tick - ticks[i]!);
    expect(ticks.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(elapsed / 2);
  });
});

describe("integer column reads on SQLite when the worker fails", () => {
  it("answers from the main thread, and refuses reads once the database is closed", async () => {
    const t = await createTestDatabase("sqlite");
    try {
      // A worker that cannot open its file fails at start, like one that cannot load the driver.
      registerColumnReader(t.db, new SqliteColumnReader(path.join(os.tmpdir(), "no-such-directory-here", "missing.db")));
      const query = t.db.selectFrom("categories").select("id").orderBy("id");
      const expected = (await query.execute()).map((row) => row.id);
      for (let i = 0; i < 4; i++) expect(Array.from((await readIntColumns(t.db, query, ["id"] as const))[0])).toEqual(expected);
    } finally {
      await t.destroy();
    }
    await expect(readIntColumns(t.db, t.db.selectFrom("categories").select("id"), ["id"] as const)).rejects.toThrow();
  });
});
