import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import { nowIso } from "~/.server/db/values";
import { setFavorite } from "~/.server/favorites/queries";
import { removeRating, setRating } from "~/.server/ratings/queries";
import { searchIndex } from "~/.server/search/current";
import { categoryTree } from "~/.server/categories/queries";
import { TOOL_SEARCH_SCOPES } from "~/.server/catalog/scopes";
import { catalogGeneration, checkCatalogFreshness, invalidateCatalogCache } from "~/.server/tools/cache";
import { listTools } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * A rating or a favourite changes a tool's figures, not the catalogue's text. What shows figures (lists,
 * the rating order) must follow at once, here and in other instances, while what is built from the text
 * (the search index: seconds of CPU at 100k tools, the category tables) is kept.
 */
const FIXTURES = "tests/fixtures/catalog";

async function ratingOrder(t: TestDatabase): Promise<string[]> {
  const page = await listTools(t.db, { lang: "us-en", sort: "rating", page: 1, pageSize: 200 });
  return page.tools.map((tool) => tool.slug);
}

describe.each(testDialects())("figure changes on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  const users = Array.from({ length: 40 }, (_, i) => `figures-user-${i}`);

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "figures-uploads-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    const now = nowIso();
    await t.db
      .insertInto("user")
      .values(users.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
      .execute();
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it("moves a tool in the rating order at once and keeps the search index and the category tables", async () => {
    invalidateCatalogCache();
    const before = await ratingOrder(t);
    const last = before.at(-1)!;
    const index = await searchIndex(t.db);
    const categories = await categoryTree(t.db, "us-en");
    const generation = catalogGeneration(TOOL_SEARCH_SCOPES);

    // Forty five-star ratings lift the lowest-rated tool above its neighbours.
    for (const user of users) await setRating(t.db, user, last, 5);
    const after = await ratingOrder(t);
    expect(after.indexOf(last)).toBeLessThan(before.indexOf(last));
    const card = (await listTools(t.db, { lang: "us-en", sort: "rating", page: 1, pageSize: 200 })).tools.find((tool) => tool.slug === last)!;
    const row = await t.db.selectFrom("tools").select(["rating", "review_count"]).where("slug", "=", last).executeTakeFirstOrThrow();
    expect(card.rating).toBe(Number(row.rating));
    expect(card.reviewCount).toBe(Number(row.review_count));

    expect(await searchIndex(t.db)).toBe(index);
    expect(await categoryTree(t.db, "us-en")).toBe(categories);
    expect(catalogGeneration(TOOL_SEARCH_SCOPES)).toBe(generation);

    for (const user of users) await removeRating(t.db, user, last);
    expect(await ratingOrder(t)).toEqual(before);
    expect(await searchIndex(t.db)).toBe(index);
  });

  it("counts up the shared figures revision with every counted write, and only then", async () => {
    const version = async () => Number((await t.db.selectFrom("shared_revisions").select("revision").where("name", "=", "figures").executeTakeFirst())?.revision ?? 0);
    const start = await version();
    await setFavorite(t.db, users[0]!, { type: "tool", slug: "quillbot", favorited: true, lang: "us-en" });
    await setFavorite(t.db, users[0]!, { type: "tool", slug: "quillbot", favorited: true, lang: "us-en" });
    await setRating(t.db, users[0]!, "quillbot", 4);
    await setRating(t.db, users[0]!, "quillbot", 4);
    // Two real changes; the repeated ones change nothing and move nothing.
    expect(await version()).toBe(start + 2);
  });

  it("shares one count-up among a burst of concurrent writes, each answered only after a count-up that followed it", async () => {
    const version = async () => Number((await t.db.selectFrom("shared_revisions").select("revision").where("name", "=", "figures").executeTakeFirst())?.revision ?? 0);
    const start = await version();
    const seen: number[] = [];
    // Thirty users who have not favourited the tool do so at once; each write, once answered, must already be visible to other instances.
    await Promise.all(
      users.slice(1, 31).map(async (user) => {
        await setFavorite(t.db, user, { type: "tool", slug: "quillbot", favorited: true, lang: "us-en" });
        seen.push(await version());
      }),
    );
    const afterBurst = await version();
    expect(afterBurst).toBeGreaterThan(start);
    expect(afterBurst - start).toBeLessThan(30);
    expect(Math.min(...seen)).toBeGreaterThan(start);
    // A write on its own still counts up once.
    await setFavorite(t.db, users[1]!, { type: "tool", slug: "quillbot", favorited: false, lang: "us-en" });
    expect(await version()).toBe(afterBurst + 1);
    for (const user of users.slice(2, 31)) await setFavorite(t.db, user, { type: "tool", slug: "quillbot", favorited: false, lang: "us-en" });
  });

  it("notices another instance's rating through the fingerprint and keeps its own search index", async () => {
    invalidateCatalogCache();
    const before = await ratingOrder(t);
    const last = before.at(-1)!;
    const index = await searchIndex(t.db);
    checkCatalogFreshness(t.db);
    // Another process rates the tool: its figures and the counter change in the database only.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await t.db.updateTable("tools").set({ rating: 5, review_count: sql<number>`review_count + 1000` }).where("slug", "=", last).execute();
    await t.db
      .insertInto("shared_revisions")
      .values({ name: "figures", revision: 1 })
      .onConflict((oc) => oc.column("name").doUpdateSet({ revision: sql<number>`shared_revisions.revision + 1` }))
      .execute();
    checkCatalogFreshness(t.db);
    await expect.poll(async () => (await ratingOrder(t)).indexOf(last), { timeout: 5_000, interval: 200 }).toBeLessThan(before.indexOf(last));
    expect(await searchIndex(t.db)).toBe(index);
  });
});
