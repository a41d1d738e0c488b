import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synthesizeCatalog } from "~/.server/catalog/synth";
import type { DB } from "~/.server/db";
import { nowIso } from "~/.server/db/values";
import { AppError } from "~/.server/errors";
import { mergeLocalCopy, type LocalCopy } from "~/.server/favorites/merge";
import { listFavoriteEntries } from "~/.server/favorites/queries";
import { listUserRatings } from "~/.server/ratings/queries";
import { MAX_MERGE_ENTRIES } from "~/lib/favorites";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Issue 29, items 4 and 6: the merge of a visitor's local copy on sign-in is capped, weighs what it writes
 * against the user's write limit, stays exact, and two merges of the same tools in opposite orders at once
 * queue instead of deadlocking on PostgreSQL.
 */
async function createUsers(db: DB, count: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const now = nowIso();
  await db.insertInto("user").values(ids.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now }))).execute();
  return ids;
}

const limitOf = (user: string, perMinute: number) => ({ key: `merge-test:${user}`, rule: { limit: perMinute, windowMs: 60_000 }, message: "Too many requests." });

describe.each(testDialects())("merging a local copy on %s", (dialect) => {
  let t: TestDatabase;
  let slugs: string[];
  let users: string[];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await synthesizeCatalog(t.db, { tools: 120, seed: 29 });
    slugs = (await t.db.selectFrom("tools").select("slug").where("status", "=", "published").orderBy("id").execute()).map((row) => row.slug);
    users = await createUsers(t.db, 8, `merge-${dialect}`);
  }, 120_000);
  afterAll(async () => {
    await t?.destroy();
  });

  /** Every tool's shown figures equal the formula over its base and the ratings table; favourite counts equal the rows. */
  async function expectExactFigures(): Promise<void> {
    const tools = await t.db.selectFrom("tools").select(["id", "rating", "review_count", "base_rating", "base_review_count", "favorite_count"]).execute();
    const ratings = await t.db.selectFrom("ratings").select(["tool_id", "rating"]).execute();
    const favorites = await t.db.selectFrom("favorites").select("tool_id").execute();
    for (const tool of tools) {
      const own = ratings.filter((r) => r.tool_id === tool.id).map((r) => r.rating);
      const count = Number(tool.base_review_count) + own.length;
      // Tools nobody rated keep the imported figure as it was stored.
      const expected = own.length === 0 ? Number(tool.rating) : (Number(tool.base_rating) * Number(tool.base_review_count) + own.reduce((a, b) => a + b, 0)) / count;
      expect([tool.id, Number(tool.rating), Number(tool.review_count)]).toEqual([tool.id, expected, count]);
      expect([tool.id, Number(tool.favorite_count)]).toEqual([tool.id, favorites.filter((f) => f.tool_id === tool.id).length]);
    }
  }

  it("refuses a merge past the cap with a 413 that names it, and writes nothing", async () => {
    const user = users[0]!;
    const local: LocalCopy = {
      favorites: slugs.slice(0, 60).map((slug) => ({ type: "tool" as const, slug })),
      ratings: slugs.slice(0, MAX_MERGE_ENTRIES - 59).map((slug) => ({ slug, rating: 4 })),
    };
    const refused = await mergeLocalCopy(t.db, user, local).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as AppError).status, (refused as AppError).details]).toEqual([413, { reason: "too_many_entries", maxEntries: MAX_MERGE_ENTRIES, entries: MAX_MERGE_ENTRIES + 1 }]);
    expect((refused as AppError).message).toContain(String(MAX_MERGE_ENTRIES));
    expect(await listFavoriteEntries(t.db, user, "us-en")).toEqual([]);
    expect(await listUserRatings(t.db, user)).toEqual({});
  });

  it("writes a full merge exactly: favourites newest first, the account's ratings win, figures and counts exact", async () => {
    const user = users[1]!;
    const kept = slugs[5]!;
    await mergeLocalCopy(t.db, user, { favorites: [], ratings: [{ slug: kept, rating: 1 }] });
    const favorites = slugs.slice(0, 60).map((slug) => ({ type: "tool" as const, slug }));
    const ratings = [...slugs.slice(0, 39).map((slug) => ({ slug, rating: 1 + (slug.length % 5) })), { slug: "gone-since", rating: 3 }];
    const merged = await mergeLocalCopy(t.db, user, { favorites, ratings });
    expect(merged).toEqual({ favorites: 60, ratings: 38 });
    expect((await listFavoriteEntries(t.db, user, "us-en")).map((entry) => entry.slug)).toEqual(favorites.map((f) => f.slug));
    const own = await listUserRatings(t.db, user);
    expect(Object.keys(own)).toHaveLength(39);
    expect(own[kept]).toBe(1);
    await expectExactFigures();
  });

  it("counts every entry against the user's write limit: a refused merge writes nothing and uses none of it", async () => {
    const user = users[2]!;
    const limit = limitOf(user, 120);
    const first = { favorites: slugs.slice(0, 50).map((slug) => ({ type: "tool" as const, slug })), ratings: slugs.slice(50, 100).map((slug) => ({ slug, rating: 5 })) };
    expect(await mergeLocalCopy(t.db, user, first, { limit })).toEqual({ favorites: 50, ratings: 50 });
    // 100 of 120 used: 30 more entries are refused whole, 20 fit.
    const more = { favorites: slugs.slice(100, 120).map((slug) => ({ type: "tool" as const, slug })), ratings: slugs.slice(0, 10).map((slug) => ({ slug, rating: 2 })) };
    const refused = await mergeLocalCopy(t.db, user, more, { limit }).catch((error: unknown) => error);
    expect((refused as AppError).status).toBe(429);
    expect(await listFavoriteEntries(t.db, user, "us-en")).toHaveLength(50);
    expect(await mergeLocalCopy(t.db, user, { ...more, ratings: [] }, { limit })).toEqual({ favorites: 20, ratings: 0 });
    await expectExactFigures();
  });

  it("lets two users merge the same ratings and favourites in opposite orders at once, every time", { timeout: 120_000 }, async () => {
    const picked = slugs.slice(60, 68);
    for (let round = 0; round < 25; round++) {
      const [a, b] = [`race-a-${round}`, `race-b-${round}`];
      await createUsers(t.db, 1, a);
      await createUsers(t.db, 1, b);
      const copy = (order: string[]): LocalCopy => ({ favorites: order.map((slug) => ({ type: "tool" as const, slug })), ratings: order.map((slug, i) => ({ slug, rating: 1 + (i % 5) })) });
      const results = await Promise.allSettled([mergeLocalCopy(t.db, `${a}-0`, copy(picked)), mergeLocalCopy(t.db, `${b}-0`, copy([...picked].reverse()))]);
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
    }
    await expectExactFigures();
  });
});
