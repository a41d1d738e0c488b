import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reviewSubmission } from "~/.server/admin/submissions";
import { changeCatalog } from "~/.server/catalog/changes";
import { createImageStore, type ImageStore } from "~/.server/catalog/images";
import { importTools } from "~/.server/catalog/import-tools";
import { toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import { setListingState } from "~/.server/reports/moderation";
import { searchIndex, searchIndexWork } from "~/.server/search/current";
import { patchPolicy } from "~/.server/search/overlay";
import { matchQuery, type QueryMatches } from "~/.server/search/query";
import { buildSearchIndex } from "~/.server/search/text-index";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS, invalidateCatalogCache, namedChangesBetween, scopeGeneration } from "~/.server/tools/cache";
import { listTools } from "~/.server/tools/queries";
import { answerAutocomplete, getAutocompleteIndex, indexEntries, queryIndex, suggestionWork } from "~/.server/tools/autocomplete";
import { buildIndex } from "~/.server/tools/autocomplete-index";
import { plainSuggestions } from "~/.server/tools/autocomplete-overlay";
import { createTestDatabase, secondConnection, testDialects, type TestDatabase } from "../support/databases";
import { insertSubmission, insertUpdateSubmission, insertUser, submitPayload } from "../support/submissions";

/**
 * An approval, an approved update, an unpublished tool or a small import names the tools it changed, and the
 * search index takes just those in (decision 0040) instead of being rebuilt, which is seconds of CPU on a large
 * catalogue: the next search shows the change, and finds what a freshly built index finds, ranked the same.
 */
const FIXTURES = "tests/fixtures/catalog";
const WORDS = ["draft", "summary", "grammar", "paraphrase", "outline", "headline", "poster", "portrait", "sketch", "campaign", "newsletter", "caption", "translate", "storyboard", "palette", "slogan"];
const STEMS = ["Zeph", "Nimbo", "Quarto", "Lumen", "Vexa", "Orbi", "Tandem", "Pixel"];
const ZH = ["改写", "海报", "摘要", "营销", "插画"];
const CATEGORIES = ["text-generation-editing", "image-generation-editing", "marketing-advertising"];
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

function syntheticTool(i: number, name = `${STEMS[i % STEMS.length]}${WORDS[i % WORDS.length]}`) {
  const words = [WORDS[i % 16]!, WORDS[(i * 7 + 3) % 16]!, WORDS[(i * 5 + 1) % 16]!];
  const zh = i % 3 === 0 ? { "zh-CN": { name: `${ZH[i % 5]}助手 ${i}`, description: `用于${ZH[(i + 1) % 5]}和${ZH[(i + 2) % 5]}的工具。`, tags: [ZH[i % 5]!] } } : {};
  return {
    slug: `patch-tool-${i}`,
    website_url: `https://patch-tool-${i}.example.com`,
    rating: (i % 5) + 0.5,
    categories: [CATEGORIES[i % 3]!],
    subcategories: i % 6 === 0 ? ["paraphrasing-rewriting"] : [],
    translations: {
      "us-en": { name, description: `${capital(words[0])} and ${words[1]} help for AI teams, with ${words[2]} tools.`, tags: [words[1], `${words[2]} ai`] },
      ...zh,
    },
  };
}

/**
 * Sixty-one words starting with "kelp" (a search completes the last word to its 60 shortest completions): the
 * shortest only in one tool's text, the longest of the six-letter ones only in another's.
 */
const KELP_WORDS = Array.from({ length: 59 }, (_, k) => `kelp${"abc"[Math.floor(k / 26)]}${"abcdefghijklmnopqrstuvwxyz"[k % 26]}`);
function kelpTools() {
  const tool = (i: number, description: string) => ({ ...syntheticTool(i), translations: { "us-en": { name: `Reef ${STEMS[i % 8]}`, description } } });
  return [tool(42, "Sorts kelpa harvests."), tool(43, `Lists ${KELP_WORDS.join(" ")}.`), tool(44, "Tracks kelpzz reefs.")];
}

const QUERIES = ["kelp", "kelpa", "draft", "drafts", "drat", "para", "paraphrase grammar", "ai draft", "ai", "newsletter campaign", "zeph", "zephdraft", "writing", "text generation", "改写", "海报助手", "工具", "quill", "draftsmith", "draftsmth", "zorblat", "zorb", "quexel", "portrait sketch", "headlin", "capton", "image"];

const SUGGEST = ["dra", "draftsmith", "drfatsmith", "quexel", "zorblat", "zorb", "kelp", "reef", "ze", "lumen", "summ", "qxl", "海报", "改写", "助手"];

/** Id -> rank, for comparing two indexes' answers. */
function byTool({ ids, ranks }: QueryMatches): Record<number, number> {
  return Object.fromEntries([...ids].map((id, i) => [id, ranks[i]!]));
}

describe.each(testDialects())("search index patched with named tool changes on %s", (dialect) => {
  let t: TestDatabase;
  let other: DB;
  let uploadDir: string;
  let store: ImageStore;
  let userId: string;
  const admin = { id: "", email: "patch-admin@example.com" };
  const toolId = async (slug: string) => Number((await t.db.selectFrom("tools").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
  const found = async (db: DB, search: string) => (await listTools(db, { lang: "us-en", search, sort: "rating", page: 1 })).tools.map((tool) => tool.slug);
  const importRows = (rows: unknown[]) => importTools(t.db, validateRows("patch.json", rows, toolSchema).valid, { images: store });

  /** What the search answers now equals what a freshly built index answers, query by query. */
  async function expectSameAsFresh(db: DB): Promise<void> {
    const view = await searchIndex(db);
    const fresh = await buildSearchIndex(db);
    expect(view.liveTools).toBe(fresh.toolIds.length);
    for (const query of QUERIES) expect(byTool(matchQuery(view, query)), query).toEqual(byTool(matchQuery(fresh, query)));
  }

  /** Once the suggestions have taken the change in (in the background): they equal a fresh build's, entry by entry and query by query. */
  async function expectSuggestionsAsFresh(db: DB): Promise<void> {
    await vi.waitFor(async () => expect((await answerAutocomplete(db, new URLSearchParams({ q: "ze", lang: "us-en" }))).current).toBe(true), { timeout: 5000, interval: 10 });
    const view = await getAutocompleteIndex(db);
    const fresh = plainSuggestions(await buildIndex(db));
    expect(view.size).toBe(fresh.size);
    for (const lang of ["us-en", "zh-CN"]) {
      expect(indexEntries(view, lang)).toEqual(indexEntries(fresh, lang));
      for (const query of SUGGEST) expect(queryIndex(view, lang, query), `${lang} ${query}`).toEqual(queryIndex(fresh, lang, query));
    }
  }

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "search-patches-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    store = createImageStore(uploadDir, { deferred: true, cacheDir: null });
    userId = await insertUser(t.db, dialect, `patch-maker-${dialect}@example.invalid`, "Maker");
    admin.id = await insertUser(t.db, dialect, admin.email, "Admin");
    await importRows([...Array.from({ length: 40 }, (_, i) => syntheticTool(i)), syntheticTool(40, "Zorblat Summary"), syntheticTool(41, "Zorblet Sketch"), ...kelpTools()]);
    other = secondConnection(t);
  });
  beforeEach(async () => {
    // Every test starts from a fully built index.
    invalidateCatalogCache();
    await searchIndex(t.db);
    await vi.waitFor(async () => expect((await answerAutocomplete(t.db, new URLSearchParams({ q: "ze", lang: "us-en" }))).current).toBe(true), { timeout: 5000, interval: 10 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it("an approved submission is found by the very next search, without a rebuild, ranked as a fresh build ranks it", async () => {
    expect(await found(t.db, "draftsmith")).toEqual([]);
    const work = searchIndexWork();
    const suggestions = suggestionWork();
    const id = await insertSubmission(t.db, userId, submitPayload({ contact_email: "" }));
    await reviewSubmission(t.db, admin, id, { status: "approved", notes: null });
    expect(await found(t.db, "draftsmith")).toEqual(["quill-draftsmith"]);
    expect(searchIndexWork()).toEqual({ builds: work.builds, patches: work.patches + 1 });
    await expectSameAsFresh(t.db);
    await expectSuggestionsAsFresh(t.db);
    expect(queryIndex(await getAutocompleteIndex(t.db), "us-en", "draftsm").items.map((item) => item.slug)).toEqual(["quill-draftsmith"]);
    expect(suggestionWork()).toEqual({ builds: suggestions.builds, patches: suggestions.patches + 1 });
  });

  it("an approved update is found under the new name at once, no longer under the old one", async () => {
    const slug = "patch-tool-40";
    expect(await found(t.db, "zorblat")).toEqual([slug]);
    const work = searchIndexWork();
    const submission = await insertUpdateSubmission(t.db, userId, await toolId(slug), {
      tool_slug: slug,
      language: "us-en",
      contact_email: "",
      before: { name: "Zorblat Summary" },
      changes: { name: "Quexel Summary", description: "Sketch and storyboard outlines, now for posters too." },
    });
    await reviewSubmission(t.db, admin, submission, { status: "approved", notes: null });
    expect(await found(t.db, "quexel")).toEqual([slug]);
    // The old name is no tool's word any more: its typo finds the tool whose name is one letter off.
    expect(await found(t.db, "zorblat")).toEqual(["patch-tool-41"]);
    expect(searchIndexWork().builds).toBe(work.builds);
    await expectSameAsFresh(t.db);
    await expectSuggestionsAsFresh(t.db);
    expect(queryIndex(await getAutocompleteIndex(t.db), "us-en", "zorbla").items.map((item) => item.slug)).toEqual(["patch-tool-41"]);
  });

  it("a word only a changed tool's old text had takes no place among a word's completions", async () => {
    expect(await found(t.db, "kelp")).not.toContain("patch-tool-44");
    await importRows([{ ...kelpTools()[0], translations: { "us-en": { name: "Reef Zeph", description: "Sorts seaweed harvests." } } }]);
    // The sixty shortest completions of "kelp" are now the six-letter words, the last one in this tool.
    expect(await found(t.db, "kelp")).toContain("patch-tool-44");
    await expectSameAsFresh(t.db);
  });

  it("an unpublished tool disappears from the next search; a re-import moving tools between categories ranks as a fresh build", async () => {
    const work = searchIndexWork();
    expect(await found(t.db, "zephdraft")).toContain("patch-tool-0");
    await setListingState(t.db, admin, "tool", await toolId("patch-tool-0"), "unpublish");
    expect(await found(t.db, "zephdraft")).not.toContain("patch-tool-0");
    await expectSameAsFresh(t.db);

    // Other categories, other texts, a tool's Chinese name gone: members and words move.
    await expectSuggestionsAsFresh(t.db);
    expect(queryIndex(await getAutocompleteIndex(t.db), "us-en", "zephdraft").items.map((item) => item.slug)).not.toContain("patch-tool-0");
    const suggestions = suggestionWork();

    await importRows([1, 2, 3].map((i) => ({ ...syntheticTool(i + 10, `Lumen${WORDS[i]}`), slug: `patch-tool-${i}`, website_url: `https://patch-tool-${i}.example.com` })));
    await expectSameAsFresh(t.db);
    expect(searchIndexWork().builds).toBe(work.builds);
    await expectSuggestionsAsFresh(t.db);
    expect(suggestionWork().builds).toBe(suggestions.builds);
  });

  it("a named change written by another instance is read from the change log and patched in, not rebuilt", async () => {
    let clock = Date.now();
    const otherLooks = async () => {
      clock = Math.max(clock, Date.now()) + FINGERPRINT_EVERY_MS + 1;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(clock);
      await checkCatalogFreshness(other);
    };
    await otherLooks();
    expect(await found(other, "vellichor")).toEqual([]);
    await expectSuggestionsAsFresh(other);
    const suggestions = suggestionWork();
    const work = searchIndexWork();
    const generation = scopeGeneration("tools");
    const id = await toolId("patch-tool-7");
    // What another instance's write does: the row, then the count-up of the revision with the tool it names.
    await sql`update tool_translations set name = ${"Vellichor Pixel"} where tool_id = ${id} and language = ${"us-en"}`.execute(t.db);
    await t.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("shared_revisions")
        .values({ name: "catalog", revision: 1 })
        .onConflict((oc) => oc.column("name").doUpdateSet({ revision: sql<number>`shared_revisions.revision + 1` }))
        .returning("revision")
        .executeTakeFirstOrThrow();
      await trx.insertInto("tool_changes").values({ revision: Number(row.revision), tool_id: id }).execute();
    });
    await otherLooks();
    expect(scopeGeneration("tools")).toBeGreaterThan(generation);
    expect(namedChangesBetween("tools", generation, scopeGeneration("tools"))).toEqual([id]);
    expect(await found(other, "vellichor")).toEqual(["patch-tool-7"]);
    expect(searchIndexWork().builds).toBe(work.builds);
    expect(searchIndexWork().patches).toBeGreaterThan(work.patches);
    await expectSameAsFresh(other);
    await expectSuggestionsAsFresh(other);
    expect(queryIndex(await getAutocompleteIndex(other), "us-en", "vellich").items.map((item) => item.slug)).toEqual(["patch-tool-7"]);
    expect(suggestionWork().builds).toBe(suggestions.builds);
  });

  it("a change that names no tools, or more than the patch takes, rebuilds the index", async () => {
    let work = searchIndexWork();
    const suggestions = suggestionWork();
    const id = await toolId("patch-tool-4");
    await changeCatalog(t.db, "tools", async (trx) => {
      await sql`update tool_translations set name = ${"Brightmere Outline"} where tool_id = ${id} and language = ${"us-en"}`.execute(trx);
    });
    expect(await found(t.db, "brightmere")).toEqual(["patch-tool-4"]);
    expect(searchIndexWork().builds).toBe(work.builds + 1);
    await expectSuggestionsAsFresh(t.db);
    expect(suggestionWork().builds).toBe(suggestions.builds + 1);

    const { minTools, maxTools } = patchPolicy;
    patchPolicy.minTools = 2;
    patchPolicy.maxTools = 2;
    try {
      work = searchIndexWork();
      await importRows([syntheticTool(50, "Halcyra Notes"), syntheticTool(51, "Brindle Notes")]);
      expect(await found(t.db, "halcyra")).toEqual(["patch-tool-50"]);
      expect(searchIndexWork()).toEqual({ builds: work.builds, patches: work.patches + 1 });
      // A third tool would make the overlay hold more than two: rebuilt instead.
      await importRows([syntheticTool(52, "Corvane Notes")]);
      expect(await found(t.db, "corvane")).toEqual(["patch-tool-52"]);
      expect(searchIndexWork().builds).toBe(work.builds + 1);
      await expectSameAsFresh(t.db);
    } finally {
      Object.assign(patchPolicy, { minTools, maxTools });
    }
  });
});
