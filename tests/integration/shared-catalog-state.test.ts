import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import { nowIso } from "~/.server/db/values";
import { setFavorite } from "~/.server/favorites/queries";
import { setRating } from "~/.server/ratings/queries";
import { changeCatalog } from "~/.server/catalog/changes";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS, onCatalogChange } from "~/.server/tools/cache";
import { createTestDatabase, secondConnection, testDialects, type TestDatabase } from "../support/databases";

/**
 * Another instance's catalogue caches hear of a change through the database alone: the fingerprint
 * (index maxima and the shared revision) that each instance reads every 2 s. Ratings and favourite
 * counts move without touching `updated_at`, so without the revision another instance would show the
 * old figures until its cache expired (5 minutes). A second handle on the same database plays the
 * other instance: its fingerprint is its own.
 */
describe.each(testDialects())("catalogue changes seen by another instance on %s", (dialect) => {
  let t: TestDatabase;
  let other: DB;
  let uploadDir: string;
  const userId = "shared-state-user";
  let changes = 0;
  let stopListening: () => void;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-state-uploads-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir, deferImages: true, imageCacheDir: null });
    const now = nowIso();
    await t.db.insertInto("user").values({ id: userId, name: "Rater", email: "rater@example.com", emailVerified: 0, createdAt: now, updatedAt: now }).execute();
    other = secondConnection(t);
    stopListening = onCatalogChange(() => changes++);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    stopListening?.();
    await other?.destroy();
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** The other instance's next look, as if the 2 s between looks had passed (only the clock is faked). */
  let clock = Date.now();
  async function otherLooks(): Promise<void> {
    clock = Math.max(clock, Date.now()) + FINGERPRINT_EVERY_MS + 1;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(clock);
    await checkCatalogFreshness(other);
  }

  it("counts up the shared revision on every catalogue write", async () => {
    const revision = async () => Number((await t.db.selectFrom("shared_revisions").select("revision").where("name", "=", "catalog").executeTakeFirst())?.revision ?? 0);
    const before = await revision();
    await changeCatalog(t.db, "tools", async () => undefined);
    await changeCatalog(t.db, "tools", async () => undefined);
    expect(await revision()).toBe(before + 2);
  });

  it("notices a rating made through another instance, which the index maxima alone miss", async () => {
    await otherLooks();
    await otherLooks();
    const quiet = changes;
    // What a rating does to the tool row, written without telling anyone: the maxima do not move.
    await sql`update tools set user_rating_count = user_rating_count + 1, review_count = review_count + 1 where slug = ${"quillbot"}`.execute(t.db);
    await otherLooks();
    expect(changes).toBe(quiet);

    await setRating(t.db, userId, "quillbot", 4);
    expect(changes).toBe(quiet + 1);
    await otherLooks();
    expect(changes).toBe(quiet + 2);
    await otherLooks();
    expect(changes).toBe(quiet + 2);
  });

  it("notices a favourite counted on another instance", async () => {
    await otherLooks();
    const before = changes;
    await setFavorite(t.db, userId, { type: "tool", slug: "quillbot", favorited: true, lang: "us-en" });
    await otherLooks();
    expect(changes).toBe(before + 2);
  });
});
