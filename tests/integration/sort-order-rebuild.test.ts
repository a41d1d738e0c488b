import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import type * as IntColumns from "~/.server/db/int-columns";
import { nowIso } from "~/.server/db/values";
import { setRating } from "~/.server/ratings/queries";
import { rebuildPolicy } from "~/.server/search/current";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS } from "~/.server/tools/cache";
import { listTools } from "~/.server/tools/queries";
import { sortPositions } from "~/.server/tools/sort-positions";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Ratings arrive all the time on a busy site, and each one moves the rating order. A rating made here moves
 * the rated tool in the kept order at once, without reading the order again. One made by another instance
 * names no tool: the order is read again, and on a large catalogue (decision 0034) the previous order answers
 * meanwhile, so no list waits for that read; once it is read, the lists ranked meanwhile are dropped and the
 * rated tool moves.
 */
const FIXTURES = "tests/fixtures/catalog";

/** Holds the reads of list orders while `hold` is set, so the test sees the read in progress. */
const gate = vi.hoisted(() => ({ hold: null as Promise<void> | null }));
vi.mock("~/.server/db/int-columns", async (importOriginal) => {
  const actual = await importOriginal<typeof IntColumns>();
  const readIntColumns: typeof actual.readIntColumns = async (db, query, names) => {
    if (gate.hold) await gate.hold;
    return actual.readIntColumns(db, query, names);
  };
  const readNumberColumns: typeof actual.readNumberColumns = async (db, query, ints, floats) => {
    if (gate.hold) await gate.hold;
    return actual.readNumberColumns(db, query, ints, floats);
  };
  return { ...actual, readIntColumns, readNumberColumns };
});

describe.each(testDialects())("the rating order after a rating on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  const users = Array.from({ length: 40 }, (_, i) => `order-rebuild-user-${i}`);
  const policy = rebuildPolicy.answerFromPreviousFromTools;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "order-rebuild-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    const now = nowIso();
    await t.db
      .insertInto("user")
      .values(users.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
      .execute();
  });
  afterEach(() => {
    rebuildPolicy.answerFromPreviousFromTools = policy;
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const ratingOrder = async () => (await listTools(t.db, { lang: "us-en", sort: "rating", page: 1, pageSize: 200 })).tools.map((tool) => tool.slug);

  it("moves a tool rated here at once, without waiting for a read of the whole order", async () => {
    rebuildPolicy.answerFromPreviousFromTools = 1;
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await ratingOrder();
    const last = before.at(-1)!;
    // Reads of whole orders would wait until the end of the test.
    let release = () => {};
    gate.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      for (const user of users) await setRating(t.db, user, last, 5);
      const after = await ratingOrder();
      expect(after.indexOf(last)).toBeLessThan(before.indexOf(last));
      for (const user of users) await setRating(t.db, user, last, 1);
      expect(await ratingOrder()).toEqual(before);
    } finally {
      gate.hold = null;
      release();
    }
  });

  it("on a large catalogue, lists answer from the previous order while another instance's rating is read, then move the rated tool", async () => {
    // As from 10,000 tools on: here every catalogue counts as large.
    rebuildPolicy.answerFromPreviousFromTools = 1;
    // The clock stands still but for the looks: no look for other instances' writes redoes a change behind the test's back.
    let clock = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    const look = async () => {
      clock += FINGERPRINT_EVERY_MS + 1;
      vi.setSystemTime(clock);
      await checkCatalogFreshness(t.db);
    };
    await look();
    const before = await ratingOrder();
    const previous = await sortPositions(t.db, "rating");
    const last = before.at(-1)!;
    let release = () => {};
    gate.hold = new Promise<void>((resolve) => (release = resolve));
    // Another instance lifts the lowest-rated tool above its neighbours and counts up the shared revision.
    await sql`update tools set rating = 5, review_count = 400 where slug = ${last}`.execute(t.db);
    await sql`insert into shared_revisions (name, revision) values ('figures', 1) on conflict (name) do update set revision = shared_revisions.revision + 1`.execute(t.db);
    await look();

    // No wait for the read the rating starts: the previous order answers, the tool has not moved yet.
    expect(await sortPositions(t.db, "rating")).toBe(previous);
    expect(await ratingOrder()).toEqual(before);
    gate.hold = null;
    release();

    // Once read, the list kept from the previous order is dropped: the tool moves up.
    let after = before;
    for (let attempt = 0; attempt < 300 && after.indexOf(last) === before.indexOf(last); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      after = await ratingOrder();
    }
    expect(after.indexOf(last)).toBeLessThan(before.indexOf(last));
    expect(await sortPositions(t.db, "rating")).not.toBe(previous);
  });
});
