import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { saveToolsOrder } from "~/.server/admin/tools-order";
import { changeCatalog } from "~/.server/catalog/changes";
import { importCaseStudies } from "~/.server/catalog/import-case-studies";
import { importCategories } from "~/.server/catalog/import-categories";
import { importEcommerce, type EcommerceSections } from "~/.server/catalog/import-ecommerce";
import { importSynonyms } from "~/.server/catalog/import-synonyms";
import { importTools } from "~/.server/catalog/import-tools";
import { createImageStore, type ImageStore } from "~/.server/catalog/images";
import { caseStudySchema, categorySchema, toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import { categoryTree } from "~/.server/categories/queries";
import type { DB } from "~/.server/db";
import { nowIso } from "~/.server/db/values";
import { getSnapshot } from "~/.server/ecommerce/snapshot";
import { rebuildPolicy, searchIndex } from "~/.server/search/current";
import { answerAutocomplete } from "~/.server/tools/autocomplete";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS, invalidateCatalogCache, onCatalogChange } from "~/.server/tools/cache";
import { listTools } from "~/.server/tools/queries";
import { createTestDatabase, secondConnection, testDialects, type TestDatabase } from "../support/databases";

/**
 * Each kind of catalogue write redoes what shows it and nothing else: an e-commerce tool does not rebuild the
 * tools' search index (seconds of CPU at 100k tools), a pinned tool does not rebuild it either, a new synonym
 * does not rebuild the e-commerce facets. Every write empties the page cache (it listens to every change),
 * and another instance notices each change within seconds and redoes the same.
 */
const FIXTURES = "tests/fixtures/catalog";
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, file), "utf8"));

describe.each(testDialects())("catalogue changes by scope on %s", (dialect) => {
  let t: TestDatabase;
  let other: DB;
  let uploadDir: string;
  let store: ImageStore;
  let pageCacheClears = 0;
  let stopListening: () => void;
  const admin = { id: "scope-admin", email: "scope-admin@example.com" };

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-scopes-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    store = createImageStore(uploadDir, { deferred: true, cacheDir: null });
    const now = nowIso();
    await t.db.insertInto("user").values({ id: admin.id, name: "Admin", email: admin.email, emailVerified: 0, createdAt: now, updatedAt: now }).execute();
    other = secondConnection(t);
    // The page cache listens to every catalogue change, as server/page-cache.ts does.
    stopListening = onCatalogChange(() => pageCacheClears++);
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

  /** The derived structures a visitor's pages are served from, as they are now. */
  async function structures(db: DB) {
    return { searchIndex: await searchIndex(db), ecommerceFacets: await getSnapshot(db), categoryTables: await categoryTree(db, "us-en") };
  }

  const SUGGEST = new URLSearchParams({ q: "qu", lang: "us-en" });
  /** Whether the suggestions are built from the catalogue as it is, once a rebuild begun in the background is done. */
  async function suggestionsCurrent(): Promise<boolean> {
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await answerAutocomplete(t.db, SUGGEST)).current) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  /** Which structures `write` made this process rebuild, whether the suggestions went stale, whether pages were dropped. */
  async function afterWrite(write: () => Promise<unknown>) {
    const before = await structures(t.db);
    expect(await suggestionsCurrent()).toBe(true);
    const clears = pageCacheClears;
    await write();
    const suggestionsStale = !(await answerAutocomplete(t.db, SUGGEST)).current;
    const after = await structures(t.db);
    const rebuilt = (Object.keys(before) as Array<keyof typeof before>).filter((name) => before[name] !== after[name]).sort();
    return { rebuilt, suggestionsStale, pagesDropped: pageCacheClears > clears };
  }

  function ecommerceFile(): EcommerceSections {
    const file = readJson("ecommerce.json");
    const template = file.tools[0];
    const added = { ...template, slug: "scope-new-shop-tool", name: "Scope Shop Tool", translations: {} };
    return { ...file, tools: [...file.tools, added] };
  }

  it("an e-commerce tool rebuilds the e-commerce facets only, and leaves the tools' search index", async () => {
    invalidateCatalogCache();
    const change = await afterWrite(() => importEcommerce(t.db, "ecommerce.json", ecommerceFile(), store));
    expect(change).toEqual({ rebuilt: ["ecommerceFacets"], suggestionsStale: false, pagesDropped: true });
    const snapshot = await getSnapshot(t.db);
    expect(snapshot.size).toBe(readJson("ecommerce.json").tools.length + 1);
  });

  it("a changed tool text rebuilds the search index, the category tables and the suggestions, not the e-commerce facets", async () => {
    const rows = readJson("tools/part-a.json");
    const changed = { ...rows[0], translations: { ...rows[0].translations, "us-en": { ...rows[0].translations["us-en"], description: "Rewrites text with a scope-test word: zephyrine." } } };
    const change = await afterWrite(() => importTools(t.db, validateRows("part-a.json", [changed], toolSchema).valid, { images: store }));
    expect(change).toEqual({ rebuilt: ["categoryTables", "searchIndex"], suggestionsStale: true, pagesDropped: true });
  });

  it("on a large catalogue, searches answer from the previous index during a rebuild, then show the change at once", async () => {
    // As from 10,000 tools on: here every catalogue counts as large.
    const policy = rebuildPolicy.answerFromPreviousFromTools;
    rebuildPolicy.answerFromPreviousFromTools = 1;
    // The clock stands still: no look for other instances' writes redoes the change behind the test's back.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const query = { lang: "us-en", search: "xylofrond", sort: "rating" as const, page: 1 };
      const previous = await searchIndex(t.db);
      expect((await listTools(t.db, query)).total).toBe(0);
      const rows = readJson("tools/part-a.json");
      const toolId = Number((await t.db.selectFrom("tools").select("id").where("slug", "=", rows[1].slug).executeTakeFirstOrThrow()).id);
      // A change that does not name its tools is rebuilt (one that does is patched in at once: search-patches.test.ts).
      await changeCatalog(t.db, "tools", (trx) =>
        trx.updateTable("tool_translations").set({ description: "Now also drafts xylofrond field notes." }).where("tool_id", "=", toolId).where("language", "=", "us-en").execute(),
      );
      // The next search does not wait for the rebuild it starts: the previous index answers.
      expect(await searchIndex(t.db)).toBe(previous);
      expect((await listTools(t.db, query)).total).toBe(0);
      // Once the new index is built, the list kept from the previous one is dropped: the change shows.
      let total = 0;
      for (let attempt = 0; attempt < 200 && total === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        total = (await listTools(t.db, query)).total;
      }
      expect(total).toBe(1);
      expect(await searchIndex(t.db)).not.toBe(previous);
    } finally {
      rebuildPolicy.answerFromPreviousFromTools = policy;
    }
  });

  it("pinning a tool moves it to the top of the list without rebuilding the search index or the category tables", async () => {
    const last = (await listTools(t.db, { lang: "us-en", sort: "popular", page: 1, pageSize: 100 })).tools.at(-1)!;
    const id = Number((await t.db.selectFrom("tools").select("id").where("slug", "=", last.slug).executeTakeFirstOrThrow()).id);
    const change = await afterWrite(() => saveToolsOrder(t.db, admin, { updates: [{ id, pinned: true, manual_priority: null }] }));
    expect(change).toEqual({ rebuilt: [], suggestionsStale: true, pagesDropped: true });
    expect((await listTools(t.db, { lang: "us-en", sort: "popular", page: 1, pageSize: 100 })).tools[0]!.slug).toBe(last.slug);
  });

  it("a new synonym group rebuilds the search index only", async () => {
    const change = await afterWrite(() => importSynonyms(t.db, "synonyms.json", [["paraphrase", "reword"]]));
    expect(change).toEqual({ rebuilt: ["searchIndex"], suggestionsStale: false, pagesDropped: true });
  });

  it("a renamed category rebuilds the category tables and the search index, not the e-commerce facets", async () => {
    const rows = readJson("categories.json");
    const renamed = { ...rows[0], translations: { ...rows[0].translations, "us-en": { ...rows[0].translations["us-en"], name: "Writing & Editing" } } };
    const change = await afterWrite(() => importCategories(t.db, validateRows("categories.json", [renamed], categorySchema).valid));
    expect(change).toEqual({ rebuilt: ["categoryTables", "searchIndex"], suggestionsStale: false, pagesDropped: true });
    expect((await categoryTree(t.db, "us-en")).map((c) => c.name)).toContain("Writing & Editing");
  });

  it("a changed case study only drops the pages", async () => {
    const rows = readJson("case-studies.json");
    const changed = { ...rows[0], translations: { ...rows[0].translations, "us-en": { ...rows[0].translations["us-en"], title: "How a Shopify store doubled its return on ads (updated)" } } };
    const change = await afterWrite(() => importCaseStudies(t.db, validateRows("case-studies.json", [changed], caseStudySchema).valid, store));
    expect(change).toEqual({ rebuilt: [], suggestionsStale: false, pagesDropped: true });
  });

  it("another instance notices an e-commerce change within seconds and keeps its tools' search index", async () => {
    let clock = Date.now();
    const otherLooks = async () => {
      clock = Math.max(clock, Date.now()) + FINGERPRINT_EVERY_MS + 1;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(clock);
      await checkCatalogFreshness(other);
      vi.useRealTimers();
    };
    await otherLooks();
    await otherLooks();
    const before = await structures(other);
    const file = ecommerceFile();
    file.tools.push({ ...(file.tools[0] as object), slug: "scope-second-shop-tool", name: "Second Scope Shop Tool", translations: {} });
    // Written by this instance; the other one has only the database in common with it.
    await importEcommerce(t.db, "ecommerce.json", file, store);
    const rebuiltHere = await structures(other);
    await otherLooks();
    const after = await structures(other);
    expect(after.ecommerceFacets).not.toBe(rebuiltHere.ecommerceFacets);
    expect(after.ecommerceFacets.size).toBe(readJson("ecommerce.json").tools.length + 2);
    expect(after.searchIndex).toBe(rebuiltHere.searchIndex);
    expect(after.categoryTables).toBe(rebuiltHere.categoryTables);
    expect(before.ecommerceFacets.size).toBe(readJson("ecommerce.json").tools.length + 1);
  });
});
