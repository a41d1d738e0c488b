import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synthesizeCatalog } from "~/.server/catalog/synth";
import type { DB } from "~/.server/db";
import { nowIso, toJson } from "~/.server/db/values";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { listToolsUncached } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * A bulk load (synthetic catalogue, catalogue import) writes tools in multi-row batches. Searches afterwards
 * must find exactly what they find after the same texts are written row by row.
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

/** Writes every translation again, one row's update at a time as ordinary writers do. */
async function rewriteRowByRow(db: DB): Promise<void> {
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

  it("finds the same tools after a bulk load as after row-by-row writes", async () => {
    await synthesizeCatalog(t.db, { tools: 400, seed: 7 });
    const afterBulk = await searchResults(t.db);
    // The words were chosen to match: a search finding nothing would prove nothing.
    expect(afterBulk.filter((line) => !line.includes(" 0: "))).toHaveLength(afterBulk.length);

    await rewriteRowByRow(t.db);
    expect(await searchResults(t.db)).toEqual(afterBulk);
  }, 120_000);

  it("finds ordinary writes after a bulk load, and no replaced tool", async () => {
    await synthesizeCatalog(t.db, { tools: 150, seed: 8 });
    invalidateCatalogCache();
    const total = (await listToolsUncached(t.db, { lang: "us-en", sort: "popular", page: 1 })).total;
    expect(total).toBe(150);

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
