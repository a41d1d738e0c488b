import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeCatalog } from "~/.server/catalog/changes";
import type * as IntColumns from "~/.server/db/int-columns";
import { nowIso } from "~/.server/db/values";
import { removeRating, setRating } from "~/.server/ratings/queries";
import { catalogGeneration, checkCatalogFreshness, FINGERPRINT_EVERY_MS } from "~/.server/tools/cache";
import { inSortOrder, published } from "~/.server/tools/order";
import { sortPositions } from "~/.server/tools/sort-positions";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * A rating moves one tool in the kept popular and rating orders instead of reading 100k ids again (decision
 * 0034). The moved orders must be exactly what the database's ORDER BY says, ties included: equal figures fall
 * back to the creation time (popular) or the review count and id (rating). Each check compares the kept order
 * with a fresh read, and counts the reads of whole orders.
 */
const reads = vi.hoisted(() => ({ orders: 0 }));
vi.mock("~/.server/db/int-columns", async (importOriginal) => {
  const actual = await importOriginal<typeof IntColumns>();
  const readNumberColumns: typeof actual.readNumberColumns = (...args) => {
    reads.orders++;
    return actual.readNumberColumns(...args);
  };
  return { ...actual, readNumberColumns };
});

const FIGURE_SORTS = ["popular", "rating"] as const;
const TOOLS = 90;

describe.each(testDialects())("moving rated tools in the list orders on %s", (dialect) => {
  let t: TestDatabase;
  let ids: number[] = [];
  const users = Array.from({ length: 3 }, (_, i) => `order-move-user-${i}`);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    // Few distinct values, so most keys tie with others: pinned and ordered tools, shared slug scores,
    // creation times shared by several tools (the id decides), figures of a few kinds.
    const rows = Array.from({ length: TOOLS }, (_, i) => ({
      slug: `move-${i}`,
      website_url: `https://move-${i}.example`,
      pricing: "free",
      pinned: i % 23 === 0 ? 1 : 0,
      manual_priority: i % 7 === 0 ? (i % 3) - 1 : null,
      rating: [0, 3.5, 4, 4.5][i % 4]!,
      review_count: [0, 2, 10][i % 3]!,
      created_at: `2024-01-${String(10 + (i % 9)).padStart(2, "0")}T00:00:00.000Z`,
      updated_at: nowIso(),
    }));
    for (const row of rows) if (row.rating === 0) row.review_count = 0;
    await t.db.insertInto("tools").values(rows).execute();
    // The insert computes each slug's score (its heart count): a few shared ones instead, for ties.
    await sql`update tools set slug_score = id % 4`.execute(t.db);
    // One hidden tool: in no order, whatever its figures.
    await t.db.updateTable("tools").set({ status: "hidden" }).where("slug", "=", "move-5").execute();
    ids = (await t.db.selectFrom("tools").select("id").where("status", "=", "published").orderBy("id").execute()).map((row) => Number(row.id));
    const now = nowIso();
    await t.db
      .insertInto("user")
      .values(users.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
      .execute();
  });
  beforeEach(() => {
    reads.orders = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** The order as the database sorts it now. */
  const freshOrder = async (sort: (typeof FIGURE_SORTS)[number]) =>
    (await inSortOrder(published(t.db).select("t.id"), sort).execute()).map((row) => Number(row.id));

  async function expectKeptOrdersAsRead(): Promise<void> {
    for (const sort of FIGURE_SORTS) {
      const kept = await sortPositions(t.db, sort);
      const fresh = await freshOrder(sort);
      expect([...kept.ids], sort).toEqual(fresh);
      fresh.forEach((id, position) => expect(kept.positionOf[id]).toBe(position));
    }
  }

  /** Sets tools' figures as a rating would, naming the tools (the write path every figure change takes). */
  async function setFigures(changes: Array<{ id: number; rating: number; reviews: number }>): Promise<void> {
    await changeCatalog(
      t.db,
      "tool-figures",
      async (trx) => {
        for (const { id, rating, reviews } of changes) await trx.updateTable("tools").set({ rating, review_count: reviews }).where("id", "=", id).execute();
        return changes.map((change) => change.id);
      },
      { figuresOf: (moved) => moved },
    );
  }

  it("moves a tool to the top, to the bottom and onto another tool's exact figures without reading the orders again", async () => {
    await expectKeptOrdersAsRead();
    expect(reads.orders).toBe(2);
    const [top, bottom, tied] = [ids[10]!, ids[11]!, ids[12]!];
    const other = (await t.db.selectFrom("tools").select(["rating", "review_count"]).where("id", "=", ids[40]!).executeTakeFirstOrThrow()) as { rating: number; review_count: number };

    await setFigures([{ id: top, rating: 5, reviews: 5000 }]);
    await expectKeptOrdersAsRead();
    expect((await sortPositions(t.db, "rating")).ids[0]).toBe(top);
    await setFigures([{ id: bottom, rating: 0.5, reviews: 5000 }]);
    await expectKeptOrdersAsRead();
    expect((await sortPositions(t.db, "rating")).ids.at(-1)).toBe(bottom);
    await setFigures([{ id: tied, rating: Number(other.rating), reviews: Number(other.review_count) }]);
    await expectKeptOrdersAsRead();
    // A score equal to an unrated tool's (3.5 stars over any count is the prior's 3.5).
    await setFigures([{ id: top, rating: 3.5, reviews: 7 }]);
    await expectKeptOrdersAsRead();
    expect(reads.orders).toBe(0 + 2);
  });

  it("moves a tool rated for the first time, and back when the rating goes", async () => {
    await expectKeptOrdersAsRead();
    reads.orders = 0;
    const unrated = await t.db.selectFrom("tools").select(["slug"]).where("status", "=", "published").where("review_count", "=", 0).orderBy("id", "desc").executeTakeFirstOrThrow();
    await setRating(t.db, users[0]!, unrated.slug, 5);
    await expectKeptOrdersAsRead();
    await setRating(t.db, users[1]!, unrated.slug, 1);
    await expectKeptOrdersAsRead();
    await removeRating(t.db, users[0]!, unrated.slug);
    await removeRating(t.db, users[1]!, unrated.slug);
    await expectKeptOrdersAsRead();
    expect(reads.orders).toBe(0);
  });

  it("follows many changes of few values, one tool or several at a time, and ignores a hidden tool's", async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const hidden = Number((await t.db.selectFrom("tools").select("id").where("slug", "=", "move-5").executeTakeFirstOrThrow()).id);
    await expectKeptOrdersAsRead();
    reads.orders = 0;
    for (let round = 0; round < 40; round++) {
      const count = 1 + Math.floor(random() * 4);
      const changes = Array.from({ length: count }, () => ({
        id: random() < 0.1 ? hidden : ids[Math.floor(random() * ids.length)]!,
        rating: [0, 1, 3.5, 4, 5][Math.floor(random() * 5)]!,
        reviews: [0, 1, 2, 10][Math.floor(random() * 4)]!,
      }));
      await setFigures(changes.filter((change, i) => changes.findIndex((c) => c.id === change.id) === i));
      // Some changes pile up before the next list asks.
      if (round % 3 === 0) await expectKeptOrdersAsRead();
    }
    await expectKeptOrdersAsRead();
    expect(reads.orders).toBe(0);
    const kept = await sortPositions(t.db, "popular");
    expect(kept.positionOf[hidden]).toBe(-1);
  });

  it("does not take its own change for another writer's at its next look, and reads the orders again after another writer's", async () => {
    let clock = Date.now();
    const look = async () => {
      clock = Math.max(clock, Date.now()) + FINGERPRINT_EVERY_MS + 1;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(clock);
      await checkCatalogFreshness(t.db);
    };
    await look();
    await expectKeptOrdersAsRead();
    reads.orders = 0;
    await setFigures([{ id: ids[20]!, rating: 4.5, reviews: 3 }]);
    const generation = catalogGeneration(["tool-figures"]);
    await look();
    expect(catalogGeneration(["tool-figures"])).toBe(generation);
    await expectKeptOrdersAsRead();
    expect(reads.orders).toBe(0);

    // Another instance's rating: it writes the figures and counts up the shared revision, naming no tool.
    await sql`update tools set rating = 5, review_count = 900 where id = ${ids[30]!}`.execute(t.db);
    await sql`insert into shared_revisions (name, revision) values ('figures', 1) on conflict (name) do update set revision = shared_revisions.revision + 1`.execute(t.db);
    await look();
    expect(catalogGeneration(["tool-figures"])).toBe(generation + 1);
    await expectKeptOrdersAsRead();
    expect(reads.orders).toBe(2);
    expect((await sortPositions(t.db, "rating")).ids[0]).toBe(ids[30]);
  });
});
