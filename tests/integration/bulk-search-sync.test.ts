import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synthesizeCatalog } from "~/.server/catalog/synth";
import type { DB } from "~/.server/db";
import { nowIso, toJson } from "~/.server/db/values";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { listToolsUncached } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * A bulk load (synthetic catalogue, catalogue import) fills the search side tables in sets on PostgreSQL
 * instead of per row. Searches afterwards must find exactly what the per-row triggers would have made them find.
 */
const WORDS = ["助手", "聊天", "画", "写作助手", "アシ", "スタジオ", "노트", "어시", "翻訳", "chat", "writer", "studio"];
const LANGS = ["us-en", "zh-CN", "ja", "ko"] as const;

async function searchResults(db: DB): Promise<string[]> {
  invalidateCatalogCache();
  const lines: string[] = [];
  for (const lang of LANGS) {
    for (const search of WORDS) {
      const page = await listToolsUncached(db, { lang, search, sort: "popular", page: 1, pageSize: 100 });
      lines.push(`${lang} ${search} ${page.total}: ${page.tools.map((tool) => tool.slug).join(" ")}`);
    }
  }
  return lines;
}

async function storedGrams(db: DB): Promise<string[]> {
  const { rows } = await sql<{ gram: string; tool_id: number; score: number }>`select gram, tool_id, score from tool_search_grams`.execute(db);
  return rows.map((r) => `${r.gram}|${r.tool_id}|${r.score}`).sort();
}

/** Recomputes every tool's grams through the per-row triggers, as ordinary writes keep them. */
async function rebuildThroughRowTriggers(db: DB): Promise<void> {
  await db.updateTable("tool_translations").set((eb) => ({ name: eb.ref("name") })).execute();
}

describe.each(testDialects())("bulk loads and search on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  }, 60_000);
  afterAll(async () => {
    await t?.destroy();
  });

  it("finds the same tools after a bulk load as after row-by-row indexing", async () => {
    await synthesizeCatalog(t.db, { tools: 400, seed: 7 });
    const afterBulk = { grams: await storedGrams(t.db), results: await searchResults(t.db) };
    expect(afterBulk.grams.length).toBeGreaterThan(1000);
    // The words were chosen to match: a search finding nothing would prove nothing.
    expect(afterBulk.results.filter((line) => !line.includes(" 0: "))).toHaveLength(afterBulk.results.length);

    await rebuildThroughRowTriggers(t.db);
    expect(await storedGrams(t.db)).toEqual(afterBulk.grams);
    expect(await searchResults(t.db)).toEqual(afterBulk.results);
  }, 120_000);

  it("keeps the index in sync for ordinary writes after a bulk load, and drops replaced tools' entries", async () => {
    await synthesizeCatalog(t.db, { tools: 150, seed: 8 });
    const orphans = await sql<{ n: number }>`select count(*) as n from tool_search_grams where tool_id not in (select id from tools)`.execute(t.db);
    expect(Number(orphans.rows[0]!.n)).toBe(0);

    const tool = await t.db
      .selectFrom("tools")
      .select("id")
      .where("id", "not in", (eb) => eb.selectFrom("tool_translations").select("tool_id").where("language", "=", "zh-TW"))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("tool_translations")
      .values({ tool_id: tool.id, language: "zh-TW", name: "鯨魚筆記", subtitle: null, description: null, long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: toJson([]), updated_at: nowIso() })
      .execute();
    invalidateCatalogCache();
    const found = await listToolsUncached(t.db, { lang: "zh-TW", search: "鯨魚", sort: "popular", page: 1 });
    expect(found.total).toBe(1);
  }, 120_000);
});
