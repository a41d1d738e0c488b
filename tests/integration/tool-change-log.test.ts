import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeCatalog, MAX_NAMED_TOOLS } from "~/.server/catalog/changes";
import { createImageStore } from "~/.server/catalog/images";
import { importTools } from "~/.server/catalog/import-tools";
import { toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS, namedChangesBetween, scopeGeneration } from "~/.server/tools/cache";
import { createTestDatabase, secondConnection, testDialects, type TestDatabase } from "../support/databases";

/**
 * A change of a few tools names them, here and, through the tool change log written with the revision's
 * count-up, on every other instance (decision 0040): there the search index and list orders patch just those
 * tools. A change of many tools names none, and everything built from tools is rebuilt.
 */
describe.each(testDialects())("the tool change log on %s", (dialect) => {
  let t: TestDatabase;
  let other: DB;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "tool-change-log-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir, deferImages: true, imageCacheDir: null });
    other = secondConnection(t);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
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

  it("another instance reads which tool a change named", async () => {
    await otherLooks();
    const tool = await t.db.selectFrom("tools").select("id").where("slug", "=", "midjourney").executeTakeFirstOrThrow();
    const id = Number(tool.id);
    const before = scopeGeneration("tools");
    await changeCatalog(t.db, "tools", async (trx) => trx.updateTable("tools").set({ website_url: "https://midjourney.example.com" }).where("id", "=", id).execute(), { toolsOf: () => [id] });
    const here = scopeGeneration("tools");
    expect(namedChangesBetween("tools", before, here)).toEqual([id]);
    await otherLooks();
    const there = scopeGeneration("tools");
    expect(there).toBe(here + 1);
    expect(namedChangesBetween("tools", here, there)).toEqual([id]);
  });

  it(`an import of more than ${MAX_NAMED_TOOLS} tools names none, here or elsewhere`, async () => {
    await otherLooks();
    const rows = Array.from({ length: MAX_NAMED_TOOLS + 1 }, (_, i) => ({
      slug: `bulk-tool-${i}`,
      website_url: `https://bulk-tool-${i}.example.com`,
      categories: ["text-generation-editing"],
      translations: { "us-en": { name: `Bulk Tool ${i}`, description: "One of many imported at once." } },
    }));
    const before = scopeGeneration("tools");
    const counts = await importTools(t.db, validateRows("bulk.json", rows, toolSchema).valid, { images: createImageStore(uploadDir, { deferred: true, cacheDir: null }) });
    expect(counts.inserted).toBe(MAX_NAMED_TOOLS + 1);
    const here = scopeGeneration("tools");
    expect(here).toBe(before + 1);
    expect(namedChangesBetween("tools", before, here)).toBeNull();
    await otherLooks();
    const there = scopeGeneration("tools");
    expect(there).toBe(here + 1);
    expect(namedChangesBetween("tools", here, there)).toBeNull();
  });
});
