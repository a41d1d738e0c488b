import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryPage, resolveCategoryFilter } from "~/.server/categories/queries";
import { nowIso, toJson } from "~/.server/db/values";
import { getAutocompleteIndex, queryIndex } from "~/.server/tools/autocomplete";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { homeSections, listToolsUncached, type ToolListQuery } from "~/.server/tools/queries";
import { rankAutocomplete } from "~/lib/autocomplete";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import type { DB } from "~/.server/db";

interface FixtureTool {
  slug: string;
  rating?: number;
  pinned?: boolean;
  featured?: boolean;
  popular?: boolean;
  created?: string;
  categories: string[];
  text: Record<string, { name: string; description?: string; tags?: string[] }>;
}

async function addCategory(db: DB, slug: string, names: Record<string, string>, parentId: number | null = null): Promise<number> {
  const { id } = await db
    .insertInto("categories")
    .values({ slug, parent_id: parentId, icon_name: null, color: null, updated_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("category_translations")
    .values(Object.entries(names).map(([language, name]) => ({ category_id: id, language, name, description: null })))
    .execute();
  return id;
}

async function addTool(db: DB, categoryIds: Map<string, number>, tool: FixtureTool): Promise<void> {
  const { id } = await db
    .insertInto("tools")
    .values({
      slug: tool.slug,
      website_url: `https://${tool.slug}.example`,
      image_url: null,
      image_webp_url: null,
      preview_url: null,
      preview_webp_url: null,
      pricing: "freemium",
      rating: tool.rating ?? 3,
      review_count: 10,
      pinned: tool.pinned ? 1 : 0,
      is_featured: tool.featured ? 1 : 0,
      is_popular: tool.popular ? 1 : 0,
      manual_priority: null,
      created_at: tool.created ?? "2025-01-01T00:00:00.000Z",
      updated_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("tool_translations")
    .values(
      Object.entries(tool.text).map(([language, t]) => ({
        tool_id: id,
        language,
        name: t.name,
        subtitle: null,
        description: t.description ?? null,
        long_description: null,
        features: "[]",
        use_cases: "[]",
        faq: "[]",
        tags: toJson(t.tags ?? []),
        updated_at: nowIso(),
      })),
    )
    .execute();
  await db
    .insertInto("tool_categories")
    .values(tool.categories.map((slug, position) => ({ tool_id: id, category_id: categoryIds.get(slug)!, position })))
    .execute();
}

const FIXTURE: FixtureTool[] = [
  {
    slug: "chatgpt",
    rating: 4.8,
    featured: true,
    popular: true,
    categories: ["chatbot-virtual-companions", "ai-chatbot"],
    text: {
      "us-en": { name: "ChatGPT", description: "Conversational assistant for writing and research.", tags: ["chatbot", "assistant"] },
      "zh-CN": { name: "ChatGPT", description: "对话式助手，可用于写作和研究。", tags: ["聊天机器人", "助手"] },
    },
  },
  {
    slug: "talkbuddy",
    rating: 4.1,
    categories: ["chatbot-virtual-companions", "virtual-companion"],
    text: {
      "us-en": { name: "TalkBuddy", description: "A friendly companion app.", tags: ["companion"] },
      ja: { name: "トークバディ チャット", description: "気軽に話せるAIの相棒。", tags: ["チャット"] },
      "zh-CN": { name: "聊天伙伴", description: "陪你聊天的 AI 伙伴。", tags: ["陪伴"] },
    },
  },
  {
    slug: "wordsmith",
    rating: 4.6,
    categories: ["text-generation-editing"],
    text: { "us-en": { name: "Wordsmith", description: "Drafts blog posts; can also chat about your outline.", tags: ["writing"] } },
  },
  {
    slug: "pixelchat",
    rating: 2.0,
    categories: ["text-generation-editing"],
    text: { "us-en": { name: "Pixel Studio", description: "Image editing.", tags: ["chat-ready"] } },
  },
  ...Array.from({ length: 30 }, (_, i): FixtureTool => ({
    slug: `filler-${String(i).padStart(2, "0")}`,
    rating: 1 + (i % 4),
    created: `2025-02-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00.000Z`,
    categories: ["text-generation-editing"],
    text: { "us-en": { name: `Filler ${i}`, description: "A general writing tool.", tags: ["misc"] } },
  })),
];

describe.each(testDialects())("browsing and search on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const ids = new Map<string, number>();
    const chat = await addCategory(t.db, "chatbot-virtual-companions", { "us-en": "Chatbots & Virtual Companions", "zh-CN": "聊天机器人与虚拟伴侣" });
    ids.set("chatbot-virtual-companions", chat);
    ids.set("ai-chatbot", await addCategory(t.db, "ai-chatbot", { "us-en": "AI Chatbot" }, chat));
    ids.set("virtual-companion", await addCategory(t.db, "virtual-companion", { "us-en": "Virtual Companion" }, chat));
    ids.set("text-generation-editing", await addCategory(t.db, "text-generation-editing", { "us-en": "Text Generation & Editing" }));
    ids.set("story-writing", await addCategory(t.db, "story-writing", { "us-en": "Story Writing" }, ids.get("text-generation-editing")!));
    for (const tool of FIXTURE) await addTool(t.db, ids, tool);
    invalidateCatalogCache();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const search = (term: string, extra: Partial<ToolListQuery> = {}) =>
    listToolsUncached(t.db, { lang: "us-en", search: term, sort: "popular", page: 1, ...extra });

  it("finds ChatGPT by an English search, ranking name matches above tag and description matches", async () => {
    const result = await search("chat");
    const slugs = result.tools.map((tool) => tool.slug);
    expect(slugs).toContain("chatgpt");
    // name (chatgpt) > tag (pixelchat: "chat-ready") > description (wordsmith)
    expect(slugs.indexOf("chatgpt")).toBeLessThan(slugs.indexOf("pixelchat"));
    expect(slugs.indexOf("pixelchat")).toBeLessThan(slugs.indexOf("wordsmith"));
    expect((await search("chatgpt")).tools.map((tool) => tool.slug)).toEqual(["chatgpt"]);
  });

  it("finds chat tools with the two-character Chinese query 聊天 and the Japanese チャット", async () => {
    const zh = await search("聊天", { lang: "zh-CN" });
    expect(zh.tools.map((tool) => tool.slug).sort()).toEqual(["chatgpt", "talkbuddy"]);
    // The tool named 聊天伙伴 in Chinese ranks above the one that only has the tag.
    expect(zh.tools[0]!.slug).toBe("talkbuddy");
    expect(zh.tools[0]!.name).toBe("聊天伙伴");
    const ja = await search("チャット", { lang: "ja" });
    expect(ja.tools.map((tool) => tool.slug)).toEqual(["talkbuddy"]);
  });

  it("ranks tools matching every word of a multi-word query first, and keeps those that miss a word", async () => {
    const both = (await search("friendly companion")).tools.map((tool) => tool.slug);
    expect(both[0]).toBe("talkbuddy");
    // ChatGPT is in the "Chatbots & Virtual Companions" category: one word of two.
    expect(both).toContain("chatgpt");
    expect((await search("friendly zebra")).tools.map((tool) => tool.slug)).toEqual(["talkbuddy"]);
    expect((await search("zebra quokka")).total).toBe(0);
  });

  it("filters by category slug or name, a top-level category including its subcategories", async () => {
    const bySlug = await resolveCategoryFilter(t.db, "us-en", "ai-chatbot");
    expect((await listToolsUncached(t.db, { lang: "us-en", categoryIds: bySlug!.ids, sort: "popular", page: 1 })).tools.map((x) => x.slug)).toEqual(["chatgpt"]);
    const byName = await resolveCategoryFilter(t.db, "us-en", "chatbots & virtual companions");
    expect(byName!.slug).toBe("chatbot-virtual-companions");
    const top = await listToolsUncached(t.db, { lang: "us-en", categoryIds: byName!.ids, sort: "popular", page: 1 });
    expect(top.tools.map((x) => x.slug).sort()).toEqual(["chatgpt", "talkbuddy"]);
    expect(await resolveCategoryFilter(t.db, "us-en", "no-such-category")).toBeNull();
  });

  it("pages 24 at a time and clamps pages past the end", async () => {
    const first = await listToolsUncached(t.db, { lang: "us-en", sort: "popular", page: 1 });
    expect(first.tools).toHaveLength(24);
    expect(first.total).toBe(FIXTURE.length);
    expect(first.pageCount).toBe(2);
    const second = await listToolsUncached(t.db, { lang: "us-en", sort: "popular", page: 2 });
    expect(second.tools).toHaveLength(FIXTURE.length - 24);
    expect(second.tools.some((tool) => first.tools.some((x) => x.slug === tool.slug))).toBe(false);
    expect((await listToolsUncached(t.db, { lang: "us-en", sort: "popular", page: 99 })).page).toBe(2);
  });

  it("orders by the listing rule: pinned first, then slug score, rating, reviews, date", async () => {
    const before = await listToolsUncached(t.db, { lang: "us-en", sort: "popular", page: 1 });
    const scores = await t.db.selectFrom("tools").select(["slug", "slug_score"]).execute();
    const scoreOf = new Map(scores.map((s) => [s.slug, s.slug_score]));
    const shown = before.tools.map((tool) => scoreOf.get(tool.slug)!);
    expect([...shown].sort((a, b) => b - a)).toEqual(shown);
    await t.db.updateTable("tools").set({ pinned: 1 }).where("slug", "=", "filler-07").execute();
    // Catalogue writers announce their changes (other processes' writes are noticed within seconds).
    invalidateCatalogCache();
    const after = await listToolsUncached(t.db, { lang: "us-en", sort: "popular", page: 1 });
    expect(after.tools[0]!.slug).toBe("filler-07");
    const byRating = await listToolsUncached(t.db, { lang: "us-en", sort: "rating", page: 1 });
    expect(byRating.tools[0]!.slug).toBe("chatgpt");
    const byName = await listToolsUncached(t.db, { lang: "us-en", sort: "name", page: 1 });
    expect(byName.tools[0]!.slug).toBe("chatgpt");
    await t.db.updateTable("tools").set({ pinned: 0 }).where("slug", "=", "filler-07").execute();
    invalidateCatalogCache();
  });

  it("builds home sections: featured tools first, then popular, then the rest, up to 20; 9 latest", async () => {
    const home = await homeSections(t.db, "us-en");
    expect(home.featured).toHaveLength(20);
    expect(home.featured[0]!.slug).toBe("chatgpt");
    expect(home.latest).toHaveLength(9);
    expect(home.latest[0]!.slug).toBe("filler-27");
  });

  it("describes a category page with subcategory counts and other categories", async () => {
    const page = await categoryPage(t.db, "us-en", "chatbot-virtual-companions");
    expect(page!.category.subcategories.map((s) => [s.slug, s.toolCount])).toEqual([
      ["ai-chatbot", 1],
      ["virtual-companion", 1],
    ]);
    expect(page!.others.map((c) => c.slug)).toEqual(["text-generation-editing"]);
    expect(await categoryPage(t.db, "us-en", "missing")).toBeNull();
  });

  it("answers autocomplete on the server exactly like the downloaded index does", async () => {
    const index = await getAutocompleteIndex(t.db);
    const { indexEntries } = await import("~/.server/tools/autocomplete");
    const entries = indexEntries(index, "us-en");
    for (const query of ["cha", "c", "聊天", "チャット", "fil", "f1", "ptg", "zzz", "writing"]) {
      expect(queryIndex(index, "us-en", query)).toEqual(rankAutocomplete(entries, query));
    }
    const cha = queryIndex(index, "us-en", "cha");
    expect(cha.items[0]!.slug).toBe("chatgpt");
    expect(queryIndex(index, "zh-CN", "聊天").items.map((i) => i.slug)).toEqual(["talkbuddy", "chatgpt"]);
    expect(queryIndex(index, "us-en", "fil").items).toHaveLength(8);
    expect(queryIndex(index, "us-en", "fil").more).toBe(true);
  });
});
