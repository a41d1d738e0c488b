import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedCatalog } from "~/.server/catalog/seed";
import { nowIso } from "~/.server/db/values";
import { listLatestTools } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

describe.each(testDialects())("data layer on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  const seed = () => seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir });
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-uploads-"));
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  async function snapshot() {
    const tables = ["categories", "category_translations", "tools", "tool_translations", "tool_categories"] as const;
    const out: Record<string, unknown[]> = {};
    for (const table of tables) out[table] = await t.db.selectFrom(table).selectAll().orderBy(sql`1`).execute();
    return out;
  }

  it("seeds the catalogue, and a second run changes nothing", async () => {
    const first = await seed();
    expect(first.issues).toEqual([]);
    expect(first.tools.inserted).toBe(4);
    const before = await snapshot();
    expect(before.tools!.length).toBe(4);
    const second = await seed();
    expect(second.tools).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
    expect(await snapshot()).toEqual(before);
  });

  it("lists tools in the listing order with text in the page language", async () => {
    const zh = await listLatestTools(t.db, "zh-CN", 9);
    const quillbot = zh.find((tool) => tool.slug === "quillbot")!;
    expect(quillbot.description).toMatch(/改写句子和段落/);
    expect(quillbot.contentLanguage).toBe("zh-CN");
    const midjourneyInKorean = (await listLatestTools(t.db, "ko", 9)).find((tool) => tool.slug === "midjourney")!;
    expect(midjourneyInKorean.contentLanguage).toBe("us-en");
    await t.db.updateTable("tools").set({ status: "hidden" }).where("slug", "=", "lavender").execute();
    expect((await listLatestTools(t.db, "us-en", 9)).map((tool) => tool.slug)).not.toContain("lavender");
    await t.db.updateTable("tools").set({ status: "published" }).where("slug", "=", "lavender").execute();
    expect((await listLatestTools(t.db, "us-en", 1))[0]!.slug).not.toBe("quillbot");
    await t.db.updateTable("tools").set({ pinned: 1 }).where("slug", "=", "quillbot").execute();
    expect((await listLatestTools(t.db, "us-en", 1))[0]!.slug).toBe("quillbot");
  });

  it("rejects a duplicate tool slug", async () => {
    const insert = () =>
      t.db
        .insertInto("tools")
        .values({ slug: "dup-slug", website_url: "https://a.example", pricing: "free", updated_at: nowIso(), image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, manual_priority: null })
        .execute();
    await insert();
    await expect(insert()).rejects.toThrow();
  });

  it("allows one favourite and one rating per user and tool, ratings 1 to 5", async () => {
    const now = nowIso();
    await t.db
      .insertInto("user")
      .values({ id: "u1", name: "Ada", email: "ada@example.com", emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: now, updatedAt: now })
      .execute();
    const tool = await t.db.selectFrom("tools").select("id").where("slug", "=", "midjourney").executeTakeFirstOrThrow();
    await t.db.insertInto("favorites").values({ user_id: "u1", tool_id: tool.id }).execute();
    await expect(t.db.insertInto("favorites").values({ user_id: "u1", tool_id: tool.id }).execute()).rejects.toThrow();
    await t.db.insertInto("ratings").values({ user_id: "u1", tool_id: tool.id, rating: 5, updated_at: now }).execute();
    await expect(
      t.db.insertInto("ratings").values({ user_id: "u1", tool_id: tool.id, rating: 4, updated_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      t.db.updateTable("ratings").set({ rating: 6 }).where("user_id", "=", "u1").execute(),
    ).rejects.toThrow();
  });

  it("enforces foreign keys", async () => {
    await expect(t.db.insertInto("favorites").values({ user_id: "nobody", tool_id: 1 }).execute()).rejects.toThrow();
  });

  it("rolls back a failed transaction", async () => {
    const count = async () => (await t.db.selectFrom("tools").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("tools")
          .values({ slug: "rolled-back", website_url: "https://b.example", pricing: "free", updated_at: nowIso(), image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, manual_priority: null })
          .execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(Number(await count())).toBe(before);
  });
});
