import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/.server/db";
import { nowIso, parseStringList, toJson } from "~/.server/db/values";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { inSortOrder, TOOL_SORTS, type ToolSort, type ToolsQuery } from "~/.server/tools/order";
import { listTools, listToolsUncached, PAGE_SIZE, type ToolListQuery } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Searches rank every match once and page through that ranking: the pages
 * of a search must add up to exactly the relevance tiers of the fixture
 * (written out per query below), each in the order an SQL sort gives, on
 * both engines, and follow catalogue writes.
 */
const TOOLS = 80;
const RATINGS = [4.5, 3, 4.5, 2, 3.5];

async function addCategory(db: DB, slug: string, name: string): Promise<number> {
  const { id } = await db.insertInto("categories").values({ slug, parent_id: null, icon_name: null, color: null, updated_at: nowIso() }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("category_translations").values({ category_id: id, language: "us-en", name, description: null }).execute();
  return id;
}

/** Tool i matches "note" in its name, tags or description (or not at all), with many ties in every sort key. */
async function addTool(db: DB, i: number, categories: number[]): Promise<void> {
  const field = i % 4;
  const { id } = await db
    .insertInto("tools")
    .values({
      slug: `tool-${String(i).padStart(2, "0")}`,
      website_url: `https://tool-${i}.example`,
      image_url: null,
      image_webp_url: null,
      preview_url: null,
      preview_webp_url: null,
      pricing: "free",
      rating: RATINGS[i % RATINGS.length]!,
      review_count: i % 3,
      pinned: i === 41 ? 1 : 0,
      manual_priority: i % 9 === 0 ? 5 : null,
      status: i % 13 === 5 ? "draft" : "published",
      created_at: `2025-03-${String(1 + (i % 7)).padStart(2, "0")}T00:00:00.000Z`,
      updated_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("tool_translations")
    .values({
      tool_id: id,
      language: "us-en",
      name: field === 0 ? `Note Maker ${i % 5}` : `Helper ${String.fromCharCode(65 + (i % 26))}${i % 3}`,
      subtitle: null,
      description: field === 2 ? "Keeps a notebook of ideas." : "Does useful things.",
      long_description: null,
      features: "[]",
      use_cases: "[]",
      faq: "[]",
      tags: toJson(field === 1 ? ["notes", "pro"] : ["pro"]),
      updated_at: nowIso(),
    })
    .execute();
  await db.insertInto("tool_categories").values(categories.map((category_id, position) => ({ tool_id: id, category_id, position }))).execute();
}

describe.each(testDialects())("search paging on %s", (dialect) => {
  let t: TestDatabase;
  let planning: number;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    planning = await addCategory(t.db, "planning", "Planning");
    const other = await addCategory(t.db, "other", "Other");
    for (let i = 0; i < TOOLS; i++) await addTool(t.db, i, i % 3 === 0 ? [planning] : [other]);
    invalidateCatalogCache();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** The English texts a tier is decided on, read afresh (the tests edit them). */
  async function texts(): Promise<Map<string, { name: string; tags: string[]; description: string; categories: number[] }>> {
    const rows = await t.db
      .selectFrom("tools as t")
      .innerJoin("tool_translations as tt", (join) => join.onRef("tt.tool_id", "=", "t.id").on("tt.language", "=", "us-en"))
      .select(["t.slug", "t.id", "tt.name", "tt.tags", "tt.description"])
      .execute();
    const links = await t.db.selectFrom("tool_categories").select(["tool_id", "category_id"]).execute();
    return new Map(
      rows.map((row) => [
        row.slug,
        { name: row.name.toLowerCase(), tags: parseStringList(row.tags), description: (row.description ?? "").toLowerCase(), categories: links.filter((l) => l.tool_id === row.id).map((l) => l.category_id) },
      ]),
    );
  }

  type Texts = Awaited<ReturnType<typeof texts>> extends Map<string, infer T> ? T : never;
  const words = (text: string) => text.split(/[^a-z0-9]+/).filter(Boolean);
  /** Relevance tier of a tool for each query this suite asks (lower first), or null when it does not match. */
  const TIERS: Record<string, (tool: Texts) => number | null> = {
    // The last word also matches as a prefix: name > tag > description.
    note: (tool) =>
      words(tool.name).some((w) => w.startsWith("note")) ? 0 : tool.tags.some((tag) => tag.startsWith("note")) ? 1 : words(tool.description).some((w) => w.startsWith("note")) ? 2 : null,
    // Both words (name + tag) > both words ("notes" is a form of "note" in a tag); "pro", in every tool's tags,
    // is optional and finds nothing alone.
    "note pro": (tool) => (words(tool.name).includes("note") ? 0 : tool.tags.includes("notes") ? 1 : null),
    notebook: (tool) => (words(tool.description).includes("notebook") ? 0 : null),
    planning: (tool) => (tool.categories.includes(planning) ? 0 : null),
    useful: (tool) => (words(tool.description).includes("useful") ? 0 : null),
  };

  /** Every published match, tier by tier, each tier in the order one SQL sort gives. */
  async function expectedOrder(search: string, sort: ToolSort, categoryIds?: number[]): Promise<string[]> {
    const byTier = new Map<string, number>();
    for (const [slug, tool] of await texts()) {
      const tier = TIERS[search]!(tool);
      if (tier !== null && (!categoryIds || tool.categories.some((id) => categoryIds.includes(id)))) byTier.set(slug, tier);
    }
    const listed = await expectedListOrder(sort);
    return listed.filter((slug) => byTier.has(slug)).sort((a, b) => byTier.get(a)! - byTier.get(b)!);
  }

  async function allPages(query: Omit<ToolListQuery, "page" | "lang">): Promise<{ slugs: string[]; total: number; pageCount: number }> {
    const first = await listToolsUncached(t.db, { lang: "us-en", page: 1, ...query });
    const slugs = first.tools.map((tool) => tool.slug);
    for (let page = 2; page <= first.pageCount; page++) {
      const next = await listToolsUncached(t.db, { lang: "us-en", page, ...query });
      expect(next.page).toBe(page);
      expect(next.total).toBe(first.total);
      slugs.push(...next.tools.map((tool) => tool.slug));
    }
    return { slugs, total: first.total, pageCount: first.pageCount };
  }

  it("pages a search without repeats or gaps, in score then sort order, for every sort", async () => {
    for (const sort of TOOL_SORTS) {
      const expected = await expectedOrder("note", sort);
      expect(expected.length).toBeGreaterThan(2 * PAGE_SIZE);
      const { slugs, total, pageCount } = await allPages({ search: "note", sort });
      expect(slugs).toEqual(expected);
      expect(total).toBe(expected.length);
      expect(pageCount).toBe(Math.ceil(expected.length / PAGE_SIZE));
    }
  });

  it("ranks name matches above tag, category and description matches, and adds up the words' scores", async () => {
    const { slugs } = await allPages({ search: "note", sort: "rating" });
    const field = (slug: string) => Number(slug.slice(5)) % 4;
    // Names (field 0), then tags (1), then descriptions (2); the sort only orders within a score.
    const fields = slugs.map(field);
    expect(fields).toEqual([...fields].sort((a, b) => a - b));
    expect((await allPages({ search: "note pro", sort: "popular" })).slugs).toEqual(await expectedOrder("note pro", "popular"));
    expect((await allPages({ search: "notebook", sort: "newest" })).slugs).toEqual(await expectedOrder("notebook", "newest"));
  });

  it("clamps a page past the end to the last page of the search", async () => {
    const expected = await expectedOrder("note", "newest");
    const last = await listToolsUncached(t.db, { lang: "us-en", search: "note", sort: "newest", page: 99 });
    const lastPage = Math.ceil(expected.length / PAGE_SIZE);
    expect(last.page).toBe(lastPage);
    expect(last.tools.map((tool) => tool.slug)).toEqual(expected.slice((lastPage - 1) * PAGE_SIZE));
    const none = await listToolsUncached(t.db, { lang: "us-en", search: "zebra", sort: "newest", page: 3 });
    expect(none).toEqual({ tools: [], total: 0, page: 1, pageCount: 1 });
    // Blanks only are no search at all: the whole list.
    const blank = await listToolsUncached(t.db, { lang: "us-en", search: "   ", sort: "newest", page: 1 });
    expect(blank.total).toBe((await listToolsUncached(t.db, { lang: "us-en", sort: "newest", page: 1 })).total);
  });

  /**
   * Every published tool (of the categories) as one SQL sort gives it, or for the name order the English
   * names in English collation: what lists without a search page through.
   */
  async function expectedListOrder(sort: ToolSort, categoryIds?: number[]): Promise<string[]> {
    let query = t.db.selectFrom("tools as t").where("t.status", "=", "published").select("t.slug") as unknown as ToolsQuery;
    if (categoryIds) query = query.where("t.id", "in", (eb) => eb.selectFrom("tool_categories").select("tool_id").where("category_id", "in", categoryIds));
    if (sort === "name") {
      const named = await query
        .innerJoin("tool_translations as n", (join) => join.onRef("n.tool_id", "=", "t.id").on("n.language", "=", "us-en"))
        .select(["t.id", "n.name"])
        .execute();
      const rows = named as unknown as Array<{ slug: string; id: number; name: string }>;
      const collator = new Intl.Collator("en", { numeric: true });
      return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id).map((row) => row.slug);
    }
    const rows = await inSortOrder(query, sort).execute();
    return rows.map((row) => (row as { slug: string }).slug);
  }

  it("pages a list without a search, whole or filtered by category, in the SQL sort order", async () => {
    for (const sort of TOOL_SORTS) {
      const whole = await allPages({ sort });
      expect(whole.slugs).toEqual(await expectedListOrder(sort));
      expect(whole.total).toBe(whole.slugs.length);
      const filtered = await allPages({ sort, categoryIds: [planning] });
      const expected = await expectedListOrder(sort, [planning]);
      expect(expected.length).toBeGreaterThan(PAGE_SIZE);
      expect(filtered.slugs).toEqual(expected);
      expect(filtered.pageCount).toBe(Math.ceil(expected.length / PAGE_SIZE));
    }
    // A filter naming no category lists nothing, on one empty page.
    expect(await listToolsUncached(t.db, { lang: "us-en", categoryIds: [], sort: "popular", page: 2 })).toEqual({ tools: [], total: 0, page: 1, pageCount: 1 });
  });

  it("searches within a category filter", async () => {
    const expected = await expectedOrder("note", "rating", [planning]);
    expect(expected.length).toBeGreaterThan(0);
    expect((await allPages({ search: "note", sort: "rating", categoryIds: [planning] })).slugs).toEqual(expected);
    // The category's own name matches too (score 2).
    expect((await allPages({ search: "planning", sort: "popular" })).slugs).toEqual(await expectedOrder("planning", "popular"));
  });

  it("shows each card's text in the best language the tool has, even one with no English text", async () => {
    const idOf = t.db.selectFrom("tools").select("id").where("slug", "=", "tool-08");
    const row = (language: string, name: string) => ({ tool_id: idOf, language, name, subtitle: null, description: `${name} text`, long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: "[]", updated_at: nowIso() });
    await t.db.insertInto("tool_translations").values([row("zh-CN", "笔记助手"), row("de", "Notizhelfer")] as never).execute();
    const card = async (lang: string) => (await listToolsUncached(t.db, { lang, sort: "popular", page: 1, pageSize: 200 })).tools.find((tool) => tool.slug === "tool-08");
    expect(await card("zh-TW")).toMatchObject({ name: "笔记助手", contentLanguage: "zh-CN" });
    expect(await card("de")).toMatchObject({ name: "Notizhelfer", contentLanguage: "de" });
    expect(await card("fr")).toMatchObject({ contentLanguage: "us-en" });
    // Without English (only possible by editing the database by hand) the card still shows what the tool has.
    await t.db.deleteFrom("tool_translations").where("tool_id", "=", idOf).where("language", "in", ["us-en", "zh-CN"]).execute();
    invalidateCatalogCache();
    expect(await card("fr")).toMatchObject({ name: "Notizhelfer", contentLanguage: "de" });
  });

  it("shows catalogue writes in the next search: new ratings, unpublished tools, edited and deleted texts", async () => {
    const query = { lang: "us-en", search: "note", sort: "rating" as const, page: 1 };
    const before = await listTools(t.db, query);
    const last = (await expectedOrder("note", "rating")).at(-1)!;
    await t.db.updateTable("tools").set({ rating: 5, review_count: 99 }).where("slug", "=", last).execute();
    await t.db.updateTable("tools").set({ status: "draft" }).where("slug", "=", before.tools[0]!.slug).execute();
    await t.db.updateTable("tool_translations").set({ description: "Writes notebook pages." }).where("tool_id", "=", t.db.selectFrom("tools").select("id").where("slug", "=", "tool-03")).execute();
    await t.db.deleteFrom("tool_translations").where("tool_id", "=", t.db.selectFrom("tools").select("id").where("slug", "=", "tool-06")).execute();
    // Every catalogue writer announces its change (the import does); other processes' writes are noticed within seconds.
    invalidateCatalogCache();
    const after = await allPages({ search: "note", sort: "rating" });
    expect(after.slugs).toEqual(await expectedOrder("note", "rating"));
    expect(after.total).toBe(before.total - 1);
    expect(after.slugs).not.toContain(before.tools[0]!.slug);
    expect(after.slugs).toContain("tool-03");
    expect(after.slugs).not.toContain("tool-06");
    expect((await listTools(t.db, query)).tools.map((tool) => tool.slug)).toEqual(after.slugs.slice(0, PAGE_SIZE));
    expect((await allPages({ search: "useful", sort: "rating" })).slugs).not.toContain("tool-06");
  });
});
