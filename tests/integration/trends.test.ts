import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshTrends } from "~/.server/trends/refresher";
import { readTrendSnapshots } from "~/.server/trends/queries";
import { parseGithubTrending } from "~/.server/trends/github";
import { parseProductHuntFeed } from "~/.server/trends/producthunt";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { githubTrendingHtml, productHuntFeedXml, startFakeTrends, type FakeTrends } from "../support/fake-trends";

describe("trending sources parsed from their real formats", () => {
  it("reads GitHub's trending rows: author/name, description, language or none, stars today else total else 0", () => {
    const repos = parseGithubTrending(githubTrendingHtml(25), "https://github.com");
    expect(repos).toHaveLength(20);
    expect(repos[0]).toEqual({ author: "author1", name: "repo1", url: "https://github.com/author1/repo1", description: "Repository number 1 & friends", language: "TypeScript", stars: 99 });
    expect(repos[1]).toMatchObject({ language: null, stars: 2468 });
    expect(repos[2]).toMatchObject({ language: "TypeScript", stars: 0 });
  });

  it("reads Product Hunt's Atom feed: name, link, first paragraph as the tagline, no votes", () => {
    const products = parseProductHuntFeed(productHuntFeedXml(3));
    expect(products[0]).toEqual({ name: "Product 1", tagline: "Tagline of product 1", url: "https://www.producthunt.com/products/product-1", votes: null });
    expect(products).toHaveLength(3);
    expect(parseProductHuntFeed("<<garbage")).toEqual([]);
  });
});

describe.each(testDialects())("trends refresher on %s", (dialect) => {
  let database: TestDatabase;
  let fake: FakeTrends;
  const config = () => ({
    TRENDS_REFRESH_INTERVAL_MS: 1_800_000,
    TRENDS_FETCH_TIMEOUT_MS: 1500,
    TRENDS_GITHUB_BASE: fake.url,
    TRENDS_PRODUCTHUNT_API_BASE: fake.url,
    TRENDS_PRODUCTHUNT_SITE_BASE: fake.url,
    PRODUCTHUNT_TOKEN: undefined as string | undefined,
  });

  beforeAll(async () => {
    fake = await startFakeTrends();
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await database?.destroy();
    database = await createTestDatabase(dialect);
    fake.mode = "good";
    fake.requests.length = 0;
  });
  afterAll(() => database?.destroy());

  it("shows loading before any attempt and no data after failed attempts", async () => {
    expect(await readTrendSnapshots(database.db)).toEqual({ github: { status: "loading" }, producthunt: { status: "loading" } });
    fake.mode = "error";
    await refreshTrends(database.db, config());
    expect(await readTrendSnapshots(database.db)).toEqual({ github: { status: "empty" }, producthunt: { status: "empty" } });
  });

  it("stores good lists, then keeps them with their time through errors, garbage and a hanging source", async () => {
    await refreshTrends(database.db, config());
    const first = await readTrendSnapshots(database.db);
    expect(first.github.status === "ok" && first.github.items).toHaveLength(20);
    expect(first.producthunt.status === "ok" && first.producthunt.items[0]).toEqual({ name: "Product 1", tagline: "Tagline of product 1", url: "https://www.producthunt.com/products/product-1", votes: null });
    const fetchedAt = first.github.status === "ok" ? first.github.fetchedAt : "";
    expect(Date.now() - Date.parse(fetchedAt)).toBeLessThan(60_000);

    for (const mode of ["error", "garbage", "hanging"] as const) {
      fake.mode = mode;
      await refreshTrends(database.db, config(), { force: true });
      const after = await readTrendSnapshots(database.db);
      expect(after.github).toMatchObject({ status: "ok", fetchedAt, lastAttemptFailed: true });
      expect(after.producthunt).toMatchObject({ status: "ok", lastAttemptFailed: true });
      expect(after.github.status === "ok" && after.github.items).toHaveLength(20);
    }
    fake.mode = "good";
    await refreshTrends(database.db, config(), { force: true });
    expect((await readTrendSnapshots(database.db)).github).toMatchObject({ status: "ok", lastAttemptFailed: false });
  });

  it("uses the GraphQL API with the token, votes included", async () => {
    await refreshTrends(database.db, { ...config(), PRODUCTHUNT_TOKEN: "fake-token" });
    const { producthunt } = await readTrendSnapshots(database.db);
    expect(producthunt.status === "ok" && producthunt.items.slice(0, 2)).toEqual([
      { name: "Launch 1", tagline: "Tagline 1", url: "https://www.producthunt.com/posts/launch-1", votes: 500 },
      { name: "Launch 2", tagline: "Tagline 2", url: "https://www.producthunt.com/posts/launch-2", votes: 493 },
    ]);
    expect(fake.requests).toContainEqual({ path: "POST /v2/api/graphql", authorization: "Bearer fake-token" });
    expect(fake.requests.some((r) => r.path === "GET /feed")).toBe(false);
  });

  it("lets one refresher fetch at a time and skips sources refreshed within the interval", async () => {
    fake.mode = "hanging";
    // Two instances on one database, then two refreshes in this process.
    const instances = await Promise.all([
      refreshTrends(database.db, config(), { instance: "instance-a" }),
      refreshTrends(database.db, config(), { instance: "instance-b" }),
    ]);
    expect(instances.sort()).toEqual(["busy", "refreshed"]);
    const local = await Promise.all([refreshTrends(database.db, config(), { force: true }), refreshTrends(database.db, config(), { force: true })]);
    expect(local.sort()).toEqual(["busy", "refreshed"]);
    expect(fake.requests.filter((r) => r.path === "GET /trending")).toHaveLength(2);
    fake.mode = "good";
    await refreshTrends(database.db, config());
    // Attempted moments ago (the hanging fetch): not due again until the interval has passed.
    expect(fake.requests.filter((r) => r.path === "GET /trending")).toHaveLength(2);
  });
});
