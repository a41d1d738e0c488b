import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTools } from "~/.server/catalog/export";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import { nowIso } from "~/.server/db/values";
import { AppError } from "~/.server/errors";
import { mergeLocalCopy } from "~/.server/favorites/merge";
import { clearFavorites, listFavoriteCards, setFavorite } from "~/.server/favorites/queries";
import { listUserRatings, removeRating, setRating } from "~/.server/ratings/queries";
import { getToolDetail } from "~/.server/tools/detail";
import { listTools } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const FIXTURES = "tests/fixtures/catalog";
const TOOL = "quillbot";

async function createUsers(db: DB, count: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const now = nowIso();
  await db
    .insertInto("user")
    .values(ids.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
    .execute();
  return ids;
}

async function figures(db: DB, slug: string) {
  return db
    .selectFrom("tools")
    .select(["id", "rating", "review_count", "base_rating", "base_review_count", "user_rating_sum", "user_rating_count", "favorite_count"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
}

/** The formula, computed from the ratings table itself (not from the stored sums). */
async function expectedFigures(db: DB, slug: string) {
  const tool = await figures(db, slug);
  const rows = await db.selectFrom("ratings").select("rating").where("tool_id", "=", tool.id).execute();
  const sum = rows.reduce((total, row) => total + row.rating, 0);
  const count = Number(tool.base_review_count) + rows.length;
  return {
    rating: count === 0 ? Number(tool.base_rating) : (Number(tool.base_rating) * Number(tool.base_review_count) + sum) / count,
    reviewCount: count,
  };
}

async function expectExact(db: DB, slug: string) {
  const tool = await figures(db, slug);
  const expected = await expectedFigures(db, slug);
  expect(Number(tool.rating)).toBe(expected.rating);
  expect(Number(tool.review_count)).toBe(expected.reviewCount);
  return expected;
}

describe.each(testDialects())("favourites and ratings on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  let users: string[];

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "favorites-uploads-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    users = await createUsers(t.db, 30, "u");
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it("keeps the catalogue's figures as the base of every tool", async () => {
    const tool = await figures(t.db, TOOL);
    expect(Number(tool.base_rating)).toBe(4.5);
    expect(Number(tool.base_review_count)).toBe(830);
    expect(Number(tool.rating)).toBe(4.5);
    expect(Number(tool.review_count)).toBe(830);
  });

  it("toggles favourites idempotently, also when the same request races, and counts real favourites once", async () => {
    const [user] = users;
    const before = Number((await figures(t.db, TOOL)).favorite_count);
    const add = () => setFavorite(t.db, user!, { type: "tool", slug: TOOL, favorited: true, lang: "us-en" });
    expect((await add()).changed).toBe(true);
    expect((await add()).changed).toBe(false);
    const raced = await Promise.all(Array.from({ length: 8 }, add));
    expect(raced.every((r) => !r.changed && r.favorited)).toBe(true);
    expect(await t.db.selectFrom("favorites").select("id").where("user_id", "=", user!).execute()).toHaveLength(1);
    expect(Number((await figures(t.db, TOOL)).favorite_count)).toBe(before + 1);

    const remove = () => setFavorite(t.db, user!, { type: "tool", slug: TOOL, favorited: false, lang: "us-en" });
    const removed = await Promise.all(Array.from({ length: 5 }, remove));
    expect(removed.filter((r) => r.changed)).toHaveLength(1);
    expect((await remove()).changed).toBe(false);
    expect(Number((await figures(t.db, TOOL)).favorite_count)).toBe(before);
  });

  it("stores case-study and e-commerce favourites, lists all kinds newest first, and clears one kind", async () => {
    const user = users[1]!;
    const study = await t.db.selectFrom("case_studies").select("slug").executeTakeFirstOrThrow();
    const products = await t.db.selectFrom("ecommerce_tools").select("slug").orderBy("id").execute();
    await setFavorite(t.db, user, { type: "tool", slug: TOOL, favorited: true, lang: "us-en" });
    await setFavorite(t.db, user, { type: "case_study", slug: study.slug, favorited: true, lang: "us-en" });
    for (const product of products) await setFavorite(t.db, user, { type: "ecommerce_tool", slug: product.slug, favorited: true, lang: "us-en" });
    const cards = await listFavoriteCards(t.db, user, "zh-CN");
    expect(cards.map((c) => c.type)).toEqual([...products.map(() => "ecommerce_tool"), "case_study", "tool"]);
    expect(cards.every((c) => c.title.length > 0)).toBe(true);

    expect(await clearFavorites(t.db, user, "ecommerce_tool")).toBe(products.length);
    expect(await clearFavorites(t.db, user, "ecommerce_tool")).toBe(0);
    expect((await listFavoriteCards(t.db, user, "us-en")).map((c) => c.type)).toEqual(["case_study", "tool"]);
  });

  it("answers a favourite with the title its card shows, in the page's language", async () => {
    const user = users[2]!;
    const tools = await t.db.selectFrom("tools").select(["id", "slug"]).where("status", "=", "published").orderBy("id").limit(5).execute();
    const slugs = tools.map((r) => r.slug);
    // One tool named differently in Chinese: its answer must follow the page language (Japanese falls back).
    await t.db
      .insertInto("tool_translations")
      .values({ tool_id: tools[0]!.id, language: "zh-CN", name: "快写助手", description: "", features: "[]", use_cases: "[]", faq: "[]", tags: "[]", updated_at: nowIso() })
      .onConflict((oc) => oc.columns(["tool_id", "language"]).doUpdateSet({ name: "快写助手" }))
      .execute();
    expect((await setFavorite(t.db, user, { type: "tool", slug: slugs[0]!, favorited: true, lang: "zh-CN" })).entry.title).toBe("快写助手");
    expect((await setFavorite(t.db, user, { type: "tool", slug: slugs[0]!, favorited: true, lang: "de" })).entry.title).not.toBe("快写助手");
    await clearFavorites(t.db, user, "tool");
    for (const lang of ["us-en", "zh-CN", "zh-TW", "ja", "de"]) {
      const answered = new Map<string, string>();
      for (const slug of slugs) answered.set(slug, (await setFavorite(t.db, user, { type: "tool", slug, favorited: true, lang })).entry.title);
      const cards = new Map((await listFavoriteCards(t.db, user, lang)).map((c) => [c.slug, c.title]));
      expect(answered, lang).toEqual(new Map(slugs.map((slug) => [slug, cards.get(slug)!])));
      await clearFavorites(t.db, user, "tool");
    }
  });

  it("refuses favourites and ratings of things that do not exist with not_found", async () => {
    await expect(setFavorite(t.db, users[0]!, { type: "tool", slug: "no-such-tool", favorited: true, lang: "us-en" })).rejects.toMatchObject({ code: "not_found" });
    await expect(setFavorite(t.db, users[0]!, { type: "ecommerce_tool", slug: TOOL, favorited: true, lang: "us-en" })).rejects.toBeInstanceOf(AppError);
    await expect(setRating(t.db, users[0]!, "no-such-tool", 4)).rejects.toMatchObject({ code: "not_found" });
  });

  it("counts each write against the user's limit in the write's own transaction, unknown slugs included", async () => {
    const user = users[29]!;
    const limit = { key: `favorites-write:user:${user}`, rule: { limit: 4, windowMs: 60_000 }, message: "Too many requests. Try again in a minute." };
    const before = await figures(t.db, TOOL);
    await setFavorite(t.db, user, { type: "tool", slug: TOOL, favorited: true, lang: "us-en" }, { limit });
    await setRating(t.db, user, TOOL, 4, { limit });
    await expect(setRating(t.db, user, "no-such-tool", 4, { limit })).rejects.toMatchObject({ code: "not_found" });
    await removeRating(t.db, user, TOOL, { limit });
    // The fifth write of the minute is refused with 429 and changes nothing.
    const refused = setFavorite(t.db, user, { type: "tool", slug: TOOL, favorited: false, lang: "us-en" }, { limit });
    await expect(refused).rejects.toMatchObject({ code: "rate_limited", status: 429 });
    await expect(setRating(t.db, user, TOOL, 2, { limit })).rejects.toMatchObject({ code: "rate_limited" });
    const after = await figures(t.db, TOOL);
    expect(Number(after.favorite_count)).toBe(Number(before.favorite_count) + 1);
    expect(Number(after.review_count)).toBe(Number(before.review_count));
    expect(await listUserRatings(t.db, user)).toEqual({});
    // Other users have limits of their own.
    await setRating(t.db, users[28]!, TOOL, 3, { limit: { ...limit, key: `favorites-write:user:${users[28]}` } });
    await removeRating(t.db, users[28]!, TOOL);
    await setFavorite(t.db, user, { type: "tool", slug: TOOL, favorited: false, lang: "us-en" });
  });

  it("keeps the aggregate equal to the formula through ratings, changes and removals, and shows it at once", async () => {
    const [a, b, c] = users;
    // The list is read (and cached) first: the write must make the cached card show the new figure.
    const cardRating = async () => (await listTools(t.db, { lang: "us-en", sort: "rating", page: 1 })).tools.find((tool) => tool.slug === TOOL)!;
    await cardRating();
    const script: Array<[string, number | null]> = [
      [a!, 5], [b!, 1], [a!, 3], [c!, 4], [b!, null], [c!, 2], [a!, null], [a!, 5], [b!, 5], [c!, null], [c!, 1],
    ];
    for (const [user, stars] of script) {
      const answer = stars === null ? await removeRating(t.db, user, TOOL) : await setRating(t.db, user, TOOL, stars);
      const expected = await expectExact(t.db, TOOL);
      expect(answer).toMatchObject({ rating: expected.rating, reviewCount: expected.reviewCount, own: stars });
      const card = await cardRating();
      expect(card.rating).toBe(expected.rating);
      expect(card.reviewCount).toBe(expected.reviewCount);
    }
    // a 5, b 5, c 1 remain.
    expect(Number((await figures(t.db, TOOL)).user_rating_sum)).toBe(11);
    expect((await getToolDetail(t.db, TOOL, "us-en"))!.rating).toBe((4.5 * 830 + 11) / 833);
    expect(await listUserRatings(t.db, a!)).toEqual({ [TOOL]: 5 });
  });

  it("loses no update when many users rate the same tool at the same time", async () => {
    const slug = (await t.db.selectFrom("tools").select("slug").where("slug", "!=", TOOL).orderBy("id").executeTakeFirstOrThrow()).slug;
    const raters = users.slice(5, 30);
    await Promise.all(raters.map((user, i) => setRating(t.db, user, slug, (i % 5) + 1)));
    await Promise.all(raters.map((user, i) => (i % 3 === 0 ? removeRating(t.db, user, slug) : setRating(t.db, user, slug, ((i * 7) % 5) + 1))));
    const expected = await expectExact(t.db, slug);
    const tool = await figures(t.db, slug);
    expect(Number(tool.user_rating_count)).toBe(raters.filter((_, i) => i % 3 !== 0).length);
    expect(expected.reviewCount).toBe(Number(tool.base_review_count) + Number(tool.user_rating_count));
  });

  it("stays exact when one user's own ratings of a tool race (double clicks, two tabs)", async () => {
    const slug = (await t.db.selectFrom("tools").select("slug").where("slug", "!=", TOOL).orderBy("id").executeTakeFirstOrThrow()).slug;
    const user = users[4]!;
    await setRating(t.db, user, slug, 3);
    await Promise.all([5, 1, 4, 2, 5, 3, 1, 4].map((stars) => setRating(t.db, user, slug, stars)));
    await expectExact(t.db, slug);
    await Promise.all([removeRating(t.db, user, slug), setRating(t.db, user, slug, 2), removeRating(t.db, user, slug), setRating(t.db, user, slug, 5)]);
    await expectExact(t.db, slug);
  });

  it("merges a visitor's local copy: favourites united, the account's ratings win, unknown slugs skipped", async () => {
    const user = users[3]!;
    await setRating(t.db, user, TOOL, 2);
    const other = (await t.db.selectFrom("tools").select("slug").where("slug", "!=", TOOL).orderBy("id", "desc").executeTakeFirstOrThrow()).slug;
    const favorites = [
      { type: "tool" as const, slug: TOOL },
      { type: "tool" as const, slug: other },
      { type: "tool" as const, slug: TOOL },
      { type: "tool" as const, slug: "gone-since" },
    ];
    expect((await mergeLocalCopy(t.db, user, { favorites, ratings: [] })).favorites).toBe(2);
    expect((await mergeLocalCopy(t.db, user, { favorites: [{ type: "tool", slug: TOOL }], ratings: [] })).favorites).toBe(0);
    const { ratings: rated } = await mergeLocalCopy(t.db, user, { favorites: [], ratings: [{ slug: TOOL, rating: 5 }, { slug: other, rating: 4 }, { slug: "gone-since", rating: 3 }] });
    expect(rated).toBe(1);
    expect(await listUserRatings(t.db, user)).toEqual({ [TOOL]: 2, [other]: 4 });
    await expectExact(t.db, TOOL);
    await expectExact(t.db, other);
  });

  it("keeps users' ratings through a re-import and exports the catalogue's own figures", async () => {
    const before = await figures(t.db, TOOL);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    const after = await figures(t.db, TOOL);
    expect(after).toEqual(before);
    const exported = (await exportTools(t.db)).find((tool) => tool.slug === TOOL)!;
    expect(exported).toMatchObject({ rating: 4.5, review_count: 830 });
  });
});
