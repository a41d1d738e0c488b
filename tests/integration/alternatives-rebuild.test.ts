import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RawBuilder } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createImageStore, type ImageStore } from "~/.server/catalog/images";
import { importTools } from "~/.server/catalog/import-tools";
import { toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import type * as IntColumns from "~/.server/db/int-columns";
import { alternativesIndex } from "~/.server/offers/alternatives-index";
import { rebuildPolicy } from "~/.server/search/current";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The index alternatives and comparison pages are computed from, after a catalogue change (decision 0034): it
 * is read in the background worker and built in time slices, and on a large catalogue the previous index
 * answers meanwhile, so no page waits for the rebuild (it stopped the server for seconds at 100k tools); once
 * built, a new tool is in it. On a small catalogue the very next page waits for it.
 */
const FIXTURES = "tests/fixtures/catalog";

/** Holds the index's read of the tools' category links while `hold` is set, so the test sees the rebuild in progress. */
const gate = vi.hoisted(() => ({ hold: null as Promise<void> | null }));
vi.mock("~/.server/db/int-columns", async (importOriginal) => {
  const actual = await importOriginal<typeof IntColumns>();
  const readIntAndTextColumns: typeof actual.readIntAndTextColumns = async (db, query, ints, texts, options) => {
    if (gate.hold && (query as RawBuilder<unknown>).compile(db).sql.includes("tool_categories")) await gate.hold;
    return actual.readIntAndTextColumns(db, query, ints, texts, options);
  };
  return { ...actual, readIntAndTextColumns };
});
const partA = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, "tools/part-a.json"), "utf8"));

describe.each(testDialects())("the alternatives index after a catalogue change on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  let store: ImageStore;
  const policy = rebuildPolicy.answerFromPreviousFromTools;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "alternatives-rebuild-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    store = createImageStore(uploadDir, { deferred: true, cacheDir: null });
  });
  afterEach(() => {
    rebuildPolicy.answerFromPreviousFromTools = policy;
    gate.hold = null;
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** Imports one new tool in the template's categories, with the template's tags. */
  async function importTool(slug: string) {
    const [template] = partA();
    const row = { ...template, slug, website_url: `https://${slug}.example`, translations: { "us-en": { ...template.translations["us-en"], name: `Alternative ${slug}` } } };
    const { valid } = validateRows("part-a.json", [row], toolSchema);
    expect(valid).toHaveLength(1);
    await importTools(t.db, valid, { images: store });
    return template.slug as string;
  }

  it("on a large catalogue, answers from the previous index during the rebuild, then has the new tool in its template's subcategories", async () => {
    rebuildPolicy.answerFromPreviousFromTools = 1;
    vi.useFakeTimers({ toFake: ["Date"] });
    const previous = await alternativesIndex(t.db, "tool");
    let release = () => {};
    gate.hold = new Promise<void>((resolve) => (release = resolve));
    const templateSlug = await importTool("alternative-rebuild-large");

    expect(await alternativesIndex(t.db, "tool")).toBe(previous);
    expect(previous.bySlug.has("alternative-rebuild-large")).toBe(false);
    gate.hold = null;
    release();

    let after = previous;
    for (let attempt = 0; attempt < 300 && after === previous; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      after = await alternativesIndex(t.db, "tool");
    }
    const added = after.bySlug.get("alternative-rebuild-large");
    expect(added).toBeDefined();
    const template = after.bySlug.get(templateSlug)!;
    expect(added!.subcategories.length).toBeGreaterThan(0);
    expect([...added!.subcategories].sort()).toEqual([...template.subcategories].sort());
    expect(added!.tags).toEqual(template.tags);
    for (const subcategory of added!.subcategories) expect(after.members.get(subcategory)).toContain(added!.id);
  });

  it("on a small catalogue, the very next page has the new tool", async () => {
    await alternativesIndex(t.db, "tool");
    await importTool("alternative-rebuild-small");
    expect((await alternativesIndex(t.db, "tool")).bySlug.has("alternative-rebuild-small")).toBe(true);
  });
});
