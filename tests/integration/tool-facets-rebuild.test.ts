import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RawBuilder } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { importTools } from "~/.server/catalog/import-tools";
import type * as IntColumns from "~/.server/db/int-columns";
import { createImageStore, type ImageStore } from "~/.server/catalog/images";
import { toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import { has } from "~/.server/facets/bitset";
import { toolFacetSnapshot, type ToolFacetSnapshot } from "~/.server/offers/tool-facets";
import { setListingState } from "~/.server/reports/moderation";
import { rebuildPolicy } from "~/.server/search/current";
import { invalidateCatalogScopes } from "~/.server/tools/cache";
import { listTools } from "~/.server/tools/queries";
import { emptyToolFilters, TOOL_FILTER_GROUPS } from "~/lib/tool-filters";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The tool list's filter snapshot after a catalogue change. A change that names its tools (an import of a few,
 * an approval, an unpublished tool; decision 0040) patches the kept snapshot for those tools: the very next
 * list counts them, nothing reads every tool again, and the patched snapshot is what a full read gives. A
 * change that names none is read in full (decision 0034): on a large catalogue the previous snapshot answers
 * while the next one is built, so no filtered list waits for the rebuild; once it is built, a new tool is
 * counted and listed under its filters, and the lists kept meanwhile are not served again.
 */
const FIXTURES = "tests/fixtures/catalog";

/** Holds the snapshot's read of the tools' offers while `hold` is set, so the test sees the rebuild in progress. */
const gate = vi.hoisted(() => ({ hold: null as Promise<void> | null, offerReads: 0 }));
vi.mock("~/.server/db/int-columns", async (importOriginal) => {
  const actual = await importOriginal<typeof IntColumns>();
  const readIntAndTextColumns: typeof actual.readIntAndTextColumns = async (db, query, ints, texts, options) => {
    if ((query as RawBuilder<unknown>).compile(db).sql.includes("tool_offers")) {
      gate.offerReads++;
      if (gate.hold) await gate.hold;
    }
    return actual.readIntAndTextColumns(db, query, ints, texts, options);
  };
  return { ...actual, readIntAndTextColumns };
});
const partA = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, "tools/part-a.json"), "utf8"));

describe.each(testDialects())("the tool list's filters after a catalogue change on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  let store: ImageStore;
  const policy = rebuildPolicy.answerFromPreviousFromTools;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "tool-facets-rebuild-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    store = createImageStore(uploadDir, { deferred: true, cacheDir: null });
  });
  afterEach(() => {
    rebuildPolicy.answerFromPreviousFromTools = policy;
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const free = { ...emptyToolFilters(), pricing: ["free"] };
  const freeList = () => listTools(t.db, { lang: "us-en", sort: "newest", page: 1, pageSize: 100, filters: free });

  /** Imports one new free tool, as an administrator's import does. */
  async function importFreeTool(slug: string) {
    const [template] = partA();
    const row = { ...template, slug, website_url: `https://${slug}.example`, pricing: "free", translations: { "us-en": { ...template.translations["us-en"], name: `Facet ${slug}` } } };
    const { valid } = validateRows("part-a.json", [row], toolSchema);
    expect(valid).toHaveLength(1);
    await importTools(t.db, valid, { images: store });
  }

  it("on a large catalogue, a filtered list answers from the previous snapshot during the rebuild, then counts and lists the new tool", async () => {
    // As from 10,000 tools on: here every catalogue counts as large.
    rebuildPolicy.answerFromPreviousFromTools = 1;
    // The clock stands still: no look for other instances' writes redoes the change behind the test's back.
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await freeList();
    const previous = await toolFacetSnapshot(t.db);
    let release = () => {};
    gate.hold = new Promise<void>((resolve) => (release = resolve));
    await importFreeTool("facet-rebuild-large");
    // As a change that names no tool (a large import, an instance of an older release) signals it.
    invalidateCatalogScopes(["tools"]);

    // No wait for the rebuild the change starts: the previous snapshot answers, without the new tool.
    expect(await toolFacetSnapshot(t.db)).toBe(previous);
    const during = await freeList();
    expect(during.total).toBe(before.total);
    expect(during.tools.map((tool) => tool.slug)).not.toContain("facet-rebuild-large");
    gate.hold = null;
    release();

    // Once built, what was kept from the previous snapshot is dropped: the new tool is listed and counted.
    let after = during;
    for (let attempt = 0; attempt < 300 && after.total === before.total; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      after = await freeList();
    }
    expect(after.total).toBe(before.total + 1);
    expect(after.tools.map((tool) => tool.slug)).toContain("facet-rebuild-large");
    expect(after.facets?.counts.pricing.free).toBe((before.facets?.counts.pricing.free ?? 0) + 1);
    expect(await toolFacetSnapshot(t.db)).not.toBe(previous);
  });

  it("on a small catalogue, the very next filtered list counts and lists a new tool", async () => {
    const before = await freeList();
    await importFreeTool("facet-rebuild-small");
    invalidateCatalogScopes(["tools"]);
    const after = await freeList();
    expect(after.total).toBe(before.total + 1);
    expect(after.tools.map((tool) => tool.slug)).toContain("facet-rebuild-small");
    expect(after.facets?.counts.pricing.free).toBe((before.facets?.counts.pricing.free ?? 0) + 1);
  });

  /** Each filter value's tools, by id: positions may differ between a patched snapshot and a full read. */
  const members = (snapshot: ToolFacetSnapshot) =>
    Object.fromEntries(
      TOOL_FILTER_GROUPS.flatMap((group) =>
        [...snapshot.values[group]].map(([value, set]) => [`${group}:${value}`, [...snapshot.ids].filter((id) => has(set, snapshot.positionById[id]!)).sort((a, b) => a - b)]),
      ),
    );

  /** The kept snapshot is what a full read gives now. */
  async function expectSnapshotAsRead(): Promise<void> {
    const kept = await toolFacetSnapshot(t.db);
    const answerFromPrevious = rebuildPolicy.answerFromPreviousFromTools;
    rebuildPolicy.answerFromPreviousFromTools = Number.POSITIVE_INFINITY;
    invalidateCatalogScopes(["tools"]);
    const fresh = await toolFacetSnapshot(t.db);
    rebuildPolicy.answerFromPreviousFromTools = answerFromPrevious;
    expect(fresh).not.toBe(kept);
    expect(kept.size).toBe(fresh.size);
    expect([...kept.ids].sort((a, b) => a - b)).toEqual([...fresh.ids].sort((a, b) => a - b));
    for (const id of fresh.ids) expect(kept.ids[kept.positionById[id]!]).toBe(id);
    expect(members(kept)).toEqual(members(fresh));
    expect(kept.valueSizes).toEqual(fresh.valueSizes);
  }

  it("patches the snapshot for a few named tools: the next list counts them and nothing reads every tool again", async () => {
    // Everything read first; then as on a large catalogue: a rebuild would answer from the previous snapshot, a patch does not.
    const before = await freeList();
    rebuildPolicy.answerFromPreviousFromTools = 1;
    gate.offerReads = 0;
    await importFreeTool("facet-patched");
    const after = await freeList();
    expect(after.total).toBe(before.total + 1);
    expect(after.tools.map((tool) => tool.slug)).toContain("facet-patched");
    expect(after.facets?.counts.pricing.free).toBe((before.facets?.counts.pricing.free ?? 0) + 1);
    expect(gate.offerReads).toBe(0);
    await expectSnapshotAsRead();

    // An unpublished tool leaves the counts, its place taken by the last tool's.
    const first = await t.db.selectFrom("tools").select("id").where("status", "=", "published").orderBy("id").executeTakeFirstOrThrow();
    gate.offerReads = 0;
    await setListingState(t.db, { id: "facet-admin", email: null }, "tool", Number(first.id), "unpublish");
    const unpublished = await toolFacetSnapshot(t.db);
    expect(unpublished.positionById[Number(first.id)]).toBe(-1);
    expect(gate.offerReads).toBe(0);
    await expectSnapshotAsRead();
  });
});
