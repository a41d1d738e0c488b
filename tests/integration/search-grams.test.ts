import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/.server/db";
import { nowIso, toJson } from "~/.server/db/values";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { listToolsUncached } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Short words outside ASCII (1-2 character Chinese, Japanese and Korean queries) find tools after every
 * write to tool_translations, whoever makes it: the in-memory index reads the texts themselves. The SQL
 * side tables that once served these searches (migrations 0005, 0006 and 0003's text indexes) are gone,
 * so tool writes no longer pay for them.
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

/** Tables, triggers and indexes the database keeps for searching tool and category texts in SQL. */
async function sqlSearchStructures(t: TestDatabase): Promise<string[]> {
  if (t.dialect === "postgres") {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like 'tool_search%'
      union all select tgname from pg_trigger where tgrelid = 'tool_translations'::regclass and not tgisinternal
      union all select indexname from pg_indexes where schemaname = current_schema() and tablename in ('tool_translations', 'category_translations') and indexdef like '%gin_trgm_ops%'`.execute(t.db);
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where name like 'tool_search%' or (type = 'trigger' and tbl_name = 'tool_translations')`.execute(t.db);
  return rows.map((r) => r.name).sort();
}

describe.each(testDialects())("short non-ASCII search words on %s", (dialect) => {
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

  it("keeps no SQL side tables, triggers or text indexes for tool search", async () => {
    expect(await sqlSearchStructures(t)).toEqual([]);
  });

  it("finds new tools: a name match ranks above a tag match, mixed pairs are lower-cased", async () => {
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
  });
});
