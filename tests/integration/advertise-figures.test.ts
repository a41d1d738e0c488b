import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audienceFigures, audienceThresholds } from "~/.server/ads/requests";
import { addDays } from "~/.server/analytics/salts";
import { parseConfig } from "~/.server/config";
import { nowIso } from "~/.server/db/values";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertEcommerceTool, insertTool } from "../support/detail-fixtures";

/**
 * The advertise page's audience banner: the site's own figures (users, favourites of tools and e-commerce
 * tools, page views of the last 30 days), shown only once each reaches its configured threshold.
 */
describe.each(testDialects())("the advertise banner's figures on %s", (dialect) => {
  let t: TestDatabase;
  const thresholds = { users: 3, favorites: 2, pageViews: 100 };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("reads its thresholds from the configuration, with defaults worth showing", () => {
    expect(audienceThresholds(parseConfig({}))).toEqual({ users: 200, favorites: 200, pageViews: 10_000 });
    expect(audienceThresholds(parseConfig({ ADVERTISE_MIN_USERS: "5", ADVERTISE_MIN_FAVORITES: "0", ADVERTISE_MIN_PAGE_VIEWS_30D: "50" }))).toEqual({ users: 5, favorites: 0, pageViews: 50 });
    expect(() => parseConfig({ ADVERTISE_MIN_USERS: "-1" })).toThrow(/ADVERTISE_MIN_USERS/);
  });

  it("shows nothing while the audience is small, and the real figures once every threshold is reached", async () => {
    const now = nowIso();
    await t.db
      .insertInto("user")
      .values(["u1", "u2"].map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
      .execute();
    const toolId = await insertTool(t.db, { slug: "alpha", translations: { en: { name: "Alpha" } } });
    await t.db.insertInto("favorites").values({ user_id: "u1", tool_id: toolId, created_at: now }).execute();
    const today = now.slice(0, 10);
    await t.db
      .insertInto("page_view_daily")
      .values([
        { day: today, dimension: "total", value: "", views: 60, visitors: 10 },
        // Older than 30 days: not part of the figure.
        { day: addDays(today, -40), dimension: "total", value: "", views: 5000, visitors: 900 },
      ])
      .execute();
    // Two users of three, one favourite of two, 60 views of 100.
    expect(await audienceFigures(t.db, thresholds)).toBeNull();

    await t.db.insertInto("user").values({ id: "u3", name: "u3", email: "u3@example.com", emailVerified: 0, createdAt: now, updatedAt: now }).execute();
    await insertEcommerceTool(t.db, "listing-sync", "Listing Sync");
    const shop = await t.db.selectFrom("ecommerce_tools").select("id").where("slug", "=", "listing-sync").executeTakeFirstOrThrow();
    await t.db.insertInto("ecommerce_favorites").values({ user_id: "u2", tool_id: Number(shop.id), created_at: now }).execute();
    expect(await audienceFigures(t.db, thresholds)).toBeNull();

    await t.db.insertInto("page_view_daily").values({ day: addDays(today, -3), dimension: "total", value: "", views: 40, visitors: 7 }).execute();
    expect(await audienceFigures(t.db, thresholds)).toEqual({ tools: 1, users: 3, favorites: 2, pageViews: 100 });
  });
});
