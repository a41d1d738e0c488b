import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViewsInLastDays, readDashboard, trendingOnSite } from "~/.server/analytics/queries";
import { flushPageViews, pendingPageViews } from "~/.server/analytics/recorder";
import { refreshRollups } from "~/.server/analytics/rollups";
import { addDays, saltOf } from "~/.server/analytics/salts";
import { pageCache } from "../../app/delivery/page-cache.server";
import { pageViews } from "../../server/page-views";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertTool } from "../support/detail-fixtures";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/**
 * The recording hook in front of a stand-in for React Router (documents and `.data` answers) behind the
 * real page cache, as in server/app.ts: what counts as a view, what is kept of it, and the rollups.
 */
describe.each(testDialects())("page views on %s", (dialect) => {
  let database: TestDatabase;
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", true);
    app.use(pageViews({ enabled: () => true }));
    app.use(pageCache());
    app.get("/{*path}", (req, res) => {
      if (req.path.includes("missing")) return void res.status(404).type("html").send("<p>not found</p>");
      if (req.path.endsWith(".data")) return void res.type("text/x-script").send("[]");
      res.setHeader("Cache-Control", "public, max-age=60");
      res.type("html").send(`<p>${req.path}</p>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.destroy();
  });
  beforeEach(async () => {
    await database?.destroy();
    database = await createTestDatabase(dialect);
  });

  const visit = (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers: { "user-agent": CHROME, "sec-fetch-dest": path.endsWith(".data") ? "empty" : "document", ...headers } });
  const rows = () => database.db.selectFrom("page_views").selectAll().orderBy("id").execute();

  it("records documents, client navigations and page-cache hits, with one visitor hash and no cookie", async () => {
    const answers = [
      await visit("/fr/tool/chat-bot", { referer: "https://www.news.example/story?id=1" }),
      await visit("/fr/tools.data?_routes=routes%2Ftools"),
      await visit("/_root.data"),
      await visit("/about"),
      await visit("/about"),
      await visit("/about"),
    ];
    expect(answers.map((a) => a.headers.get("x-page-cache"))).toEqual([null, null, null, null, null, "hit"]);
    expect(answers.every((a) => a.status === 200 && !a.headers.get("set-cookie"))).toBe(true);
    expect(pendingPageViews()).toBe(6);
    await flushPageViews(database.db);
    const recorded = await rows();
    expect(recorded.map((r) => [r.path, r.language, r.tool_slug, r.referrer_host, r.device])).toEqual([
      ["/tool/chat-bot", "fr", "chat-bot", "news.example", "desktop"],
      ["/tools", "fr", null, null, "desktop"],
      ["/", "us-en", null, null, "desktop"],
      ["/about", "us-en", null, null, "desktop"],
      ["/about", "us-en", null, null, "desktop"],
      ["/about", "us-en", null, null, "desktop"],
    ]);
    expect(new Set(recorded.map((r) => r.visitor_hash)).size).toBe(1);
    expect(recorded[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(recorded)).not.toContain("127.0.0.1");
    expect(JSON.stringify(recorded)).not.toContain("Chrome");
  });

  it("drops bots, prefetches, failures, non-pages and other methods; another browser is another visitor", async () => {
    await visit("/tools", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await visit("/tools", { "user-agent": "" });
    await visit("/tools.data", { "sec-purpose": "prefetch" });
    await visit("/missing-page");
    await visit("/api/autocomplete?q=x");
    await visit("/admin/analytics");
    await visit("/sitemap.xml");
    await fetch(`${base}/tools`, { method: "HEAD", headers: { "user-agent": CHROME } });
    await visit("/tools", { "user-agent": IPHONE });
    await visit("/tools", { "x-forwarded-for": "203.0.113.9" });
    await flushPageViews(database.db);
    const recorded = await rows();
    expect(recorded.map((r) => r.device)).toEqual(["mobile", "desktop"]);
    expect(recorded[0]!.visitor_hash).not.toBe(recorded[1]!.visitor_hash);
  });

  it("keeps one salt per day and deletes the days before yesterday", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = addDays(today, -3);
    await database.db.insertInto("analytics_salts").values({ day: old, salt: "old" }).execute();
    const salt = await saltOf(database.db, today);
    expect(await saltOf(database.db, today)).toBe(salt);
    const days = (await database.db.selectFrom("analytics_salts").select("day").execute()).map((r) => r.day);
    expect(days).toEqual([today]);
  });

  it("rolls views up per day and answers the dashboard, the 30-day figure and the site's weekly trend from the rollups", async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const toolId = await insertTool(database.db, { slug: "chat-bot", translations: { "us-en": { name: "Chat Bot" }, fr: { name: "Robot de discussion" } } });
    await insertTool(database.db, { slug: "painter", translations: { "us-en": { name: "Painter" } } });
    const view = (day: string, path: string, visitor: string, extra: Record<string, string | null> = {}) => ({
      path,
      language: "us-en",
      visitor_hash: visitor,
      tool_slug: path.startsWith("/tool/") ? path.slice(6) : null,
      referrer_host: null,
      device: "desktop",
      created_at: `${day}T10:00:00.000Z`,
      ...extra,
    });
    await database.db
      .insertInto("page_views")
      .values([
        view(addDays(today, -40), "/tools", "v0"),
        view(addDays(today, -2), "/tool/painter", "v1"),
        view(addDays(today, -2), "/tool/painter", "v1"),
        view(addDays(today, -1), "/tool/chat-bot", "v2", { language: "fr", referrer_host: "news.example", device: "mobile" }),
        view(today, "/tool/painter", "v3"),
        view(today, "/", "v3"),
        view(today, "/", "v4"),
      ])
      .execute();
    const { id: userId } = await database.db
      .insertInto("user")
      .values({ id: "u1", name: "U", email: "u@example.com", emailVerified: 0, createdAt: now.toISOString(), updatedAt: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db.insertInto("favorites").values({ user_id: userId, tool_id: toolId }).execute();
    await refreshRollups(database.db, now);

    const dashboard = await readDashboard(database.db, 30, now);
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.slice(-3)).toEqual([
      { day: addDays(today, -2), views: 2, visitors: 1 },
      { day: addDays(today, -1), views: 1, visitors: 1 },
      { day: today, views: 3, visitors: 2 },
    ]);
    expect(dashboard.totals).toEqual({ views: 6, visitors: 4 });
    expect(dashboard.top.path.slice(0, 2)).toEqual([
      { value: "/tool/painter", views: 3, visitors: 2 },
      { value: "/", views: 2, visitors: 2 },
    ]);
    expect(dashboard.top.language).toEqual([{ value: "us-en", views: 5, visitors: 3 }, { value: "fr", views: 1, visitors: 1 }]);
    expect(dashboard.top.referrer).toEqual([{ value: "news.example", views: 1, visitors: 1 }]);
    expect(dashboard.top.device.map((d) => d.value)).toEqual(["desktop", "mobile"]);
    expect((await readDashboard(database.db, 90, now)).totals.views).toBe(7);
    expect(await pageViewsInLastDays(database.db, 30, now)).toBe(6);

    // 1 view + 1 new favourite (worth 5) puts chat-bot above painter's 3 views; names in the page language.
    expect(await trendingOnSite(database.db, "fr", now)).toEqual([
      { slug: "chat-bot", name: "Robot de discussion", views: 1, favourites: 1 },
      { slug: "painter", name: "Painter", views: 3, favourites: 0 },
    ]);

    // A later view of today is counted at the next refresh; earlier days are kept.
    await database.db.insertInto("page_views").values(view(today, "/", "v5")).execute();
    await refreshRollups(database.db, now);
    expect((await readDashboard(database.db, 30, now)).daily.at(-1)).toEqual({ day: today, views: 4, visitors: 3 });
    expect(await pageViewsInLastDays(database.db, 30, now)).toBe(7);
  });
});
