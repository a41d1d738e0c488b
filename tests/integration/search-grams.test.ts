import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/.server/db";
import { nowIso, toJson } from "~/.server/db/values";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { listToolsUncached } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The `tool_search_grams` side index (1-2 character words outside ASCII)
 * must follow every write to tool_translations, whoever makes it.
 */
interface Text {
  name: string;
  tags?: string[];
}

async function addTool(db: DB, slug: string, texts: Record<string, Text>): Promise<number> {
  const { id } = await db
    .insertInto("tools")
    .values({ slug, website_url: `https://${slug}.example`, image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, pricing: "free", manual_priority: null, updated_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [language, text] of Object.entries(texts)) await addText(db, id, language, text);
  return id;
}

async function addText(db: DB, toolId: number, language: string, text: Text): Promise<void> {
  await db
    .insertInto("tool_translations")
    .values({ tool_id: toolId, language, name: text.name, subtitle: null, description: "说明文字不进入短词索引", long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: toJson(text.tags ?? []), updated_at: nowIso() })
    .execute();
}

/** What the index should hold, computed from the translations themselves (test texts lower-case the same on both engines). */
async function expectedGrams(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("tool_translations").select(["tool_id", "name", "tags"]).execute();
  const best = new Map<string, number>();
  for (const row of rows) {
    for (const [text, score] of [[row.name, 4], [row.tags, 3]] as const) {
      const chars = [...text.toLowerCase()];
      chars.forEach((char, i) => {
        for (const gram of i + 1 < chars.length ? [char, char + chars[i + 1]] : [char]) {
          if (![...gram].some((c) => c.codePointAt(0)! > 127)) continue;
          const key = `${gram}|${row.tool_id}`;
          best.set(key, Math.max(best.get(key) ?? 0, score));
        }
      });
    }
  }
  return [...best].map(([key, score]) => `${key}|${score}`).sort();
}

async function storedGrams(db: DB): Promise<string[]> {
  const { rows } = await sql<{ gram: string; tool_id: number; score: number }>`select gram, tool_id, score from tool_search_grams`.execute(db);
  return rows.map((r) => `${r.gram}|${r.tool_id}|${r.score}`).sort();
}

describe.each(testDialects())("search gram index on %s", (dialect) => {
  let t: TestDatabase;
  let assistant: number;
  let painter: number;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    assistant = await addTool(t.db, "assistant", { "us-en": { name: "Helper", tags: ["assistant"] }, "zh-CN": { name: "写作助手", tags: ["写作"] } });
    painter = await addTool(t.db, "painter", { "us-en": { name: "Painter" }, "zh-CN": { name: "AI绘画", tags: ["助手", "图像"] } });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  // These tests write straight to the tables, so they announce the change as every catalogue writer must.
  const slugs = async (term: string) => {
    invalidateCatalogCache();
    return (await listToolsUncached(t.db, { lang: "zh-CN", search: term, sort: "popular", page: 1 })).tools.map((tool) => tool.slug);
  };

  it("is filled on insert: a name match ranks above a tag match, mixed pairs are lower-cased", async () => {
    expect(await storedGrams(t.db)).toEqual(await expectedGrams(t.db));
    expect(await slugs("助手")).toEqual(["assistant", "painter"]);
    expect(await slugs("i绘")).toEqual(["painter"]);
    expect(await slugs("绘")).toEqual(["painter"]);
  });

  it("follows renames, tag changes and new languages", async () => {
    await t.db.updateTable("tool_translations").set({ name: "写作伙伴" }).where("tool_id", "=", assistant).where("language", "=", "zh-CN").execute();
    await t.db.updateTable("tool_translations").set({ tags: toJson(["图像"]) }).where("tool_id", "=", painter).where("language", "=", "zh-CN").execute();
    expect(await slugs("助手")).toEqual([]);
    expect(await slugs("伙伴")).toEqual(["assistant"]);
    await addText(t.db, painter, "ja", { name: "お絵かき助手" });
    expect(await slugs("助手")).toEqual(["painter"]);
    expect(await storedGrams(t.db)).toEqual(await expectedGrams(t.db));
  });

  it("covers names longer than 256 characters", async () => {
    const id = await addTool(t.db, "long-name", { "zh-CN": { name: `${"长".repeat(300)}尾巴` } });
    expect(await slugs("尾巴")).toEqual(["long-name"]);
    await t.db.deleteFrom("tools").where("id", "=", id).execute();
  });

  it("forgets deleted translations and tools", async () => {
    await t.db.deleteFrom("tool_translations").where("tool_id", "=", painter).where("language", "=", "ja").execute();
    expect(await slugs("助手")).toEqual([]);
    await t.db.deleteFrom("tools").where("id", "=", assistant).execute();
    expect(await slugs("伙伴")).toEqual([]);
    expect(await storedGrams(t.db)).toEqual(await expectedGrams(t.db));
  });
});
