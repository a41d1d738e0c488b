import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import { nowIso } from "~/.server/db/values";
import { feedResponse, feedRouteOf, type FeedRoute } from "~/.server/feeds/http";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { FEED_FORMATS, feedPath, type FeedFormat } from "~/lib/feeds";
import type { Lang } from "~/i18n/languages";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Every feed a reader may subscribe to parses, names each entry by its page's address, dates it, lists the
 * newest first, and speaks the feed's language where the catalogue has it. Readers poll: an unchanged feed
 * answers 304 to their ETag or date.
 */
const SITE = "https://directory.example";
const FIXTURES = "tests/fixtures/catalog";

interface ParsedEntry {
  id: string;
  url: string | null;
  title: string | null;
  published: Date | null;
  updated: Date | null;
}

async function fetchFeed(t: TestDatabase, address: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(SITE + address, { headers });
  const { pathname } = new URL(request.url);
  const parts = pathname.split("/").filter(Boolean);
  const lang = parts[0] && !["feed.xml", "feed.atom", "feed.json", "category", "ecommerce", "case-studies"].includes(parts[0]) ? parts[0] : undefined;
  const slug = parts[parts.indexOf("category") + 1];
  const route = feedRouteOf(request, { lang, slug: parts.includes("category") ? slug : undefined });
  if (!route) return new Response(null, { status: 404 });
  return feedResponse(t.db, request, route, SITE);
}

function parsed(format: FeedFormat, body: string): { language: string | null; title: string | null; entries: ParsedEntry[] } {
  if (format === "json") {
    const doc = JSON.parse(body) as { version: string; language: string; title: string; items: Array<{ id: string; url: string; title: string; date_published: string; date_modified: string }> };
    expect(doc.version).toBe("https://jsonfeed.org/version/1.1");
    return {
      language: doc.language,
      title: doc.title,
      entries: doc.items.map((item) => ({ id: item.id, url: item.url, title: item.title, published: new Date(item.date_published), updated: new Date(item.date_modified) })),
    };
  }
  const feed = parseFeed(body);
  return { language: feed.language, title: feed.title, entries: feed.items.map((item) => ({ id: item.id ?? "", url: item.url, title: item.title, published: item.published, updated: item.updated })) };
}

describe.each(testDialects())("feeds on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "feeds-"));
    t = await createTestDatabase(dialect);
    invalidateCatalogCache();
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const someCategory = async () => (await t.db.selectFrom("categories").select("slug").where("parent_id", "is", null).orderBy("sort_order").executeTakeFirstOrThrow()).slug;

  it("parses every feed in every format, with page addresses as ids and the newest first", async () => {
    const category = await someCategory();
    for (const lang of ["us-en", "de", "zh-CN"] as Lang[]) {
      for (const format of FEED_FORMATS) {
        for (const [kind, slug] of [["tools"], ["category", category], ["ecommerce"], ["case-studies"]] as const) {
          const address = feedPath(lang, kind, format, slug);
          const res = await fetchFeed(t, address);
          expect(res.status, address).toBe(200);
          expect(res.headers.get("content-type")).toContain(format === "rss" ? "application/rss+xml" : format === "atom" ? "application/atom+xml" : "application/feed+json");
          const feed = parsed(format, await res.text());
          expect(feed.entries.length, address).toBeGreaterThan(0);
          expect(feed.entries.length).toBeLessThanOrEqual(50);
          expect(feed.language?.toLowerCase()).toBe(lang === "us-en" ? "en" : lang.toLowerCase());
          const ids = feed.entries.map((entry) => entry.id);
          expect(new Set(ids).size, `${address}: unique ids`).toBe(ids.length);
          const prefix = `${SITE}/${lang}/${kind === "tools" || kind === "category" ? "tool" : kind === "ecommerce" ? "ecommerce" : "case-study"}/`;
          for (const entry of feed.entries) {
            expect(entry.id.startsWith(prefix), `${address}: ${entry.id}`).toBe(true);
            expect(entry.url).toBe(entry.id);
            expect(entry.title).toBeTruthy();
            expect(entry.published?.getTime(), `${address}: date of ${entry.id}`).toBeGreaterThan(Date.parse("2000-01-01"));
            expect(entry.updated!.getTime()).toBeGreaterThanOrEqual(entry.published!.getTime());
          }
          const published = feed.entries.map((entry) => entry.published!.getTime());
          expect(published, `${address}: newest first`).toEqual([...published].sort((a, b) => b - a));
        }
      }
    }
  });

  it("shows the newest 50 tools, a new tool on top, and falls back to English where a tool has no German text", async () => {
    const now = nowIso();
    const { id } = await t.db
      .insertInto("tools")
      .values({ slug: "brand-new-helper", website_url: "https://brand-new.example", image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, pricing: "free", pinned: 0, manual_priority: null, status: "published", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("tool_translations")
      .values({ tool_id: id, language: "us-en", name: "Brand New Helper", subtitle: null, description: "Only in English so far.", long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: "[]", updated_at: now })
      .execute();
    invalidateCatalogCache();
    const feed = parsed("rss", await (await fetchFeed(t, "/de/feed.xml")).text());
    expect(feed.entries[0]).toMatchObject({ id: `${SITE}/de/tool/brand-new-helper`, title: "Brand New Helper" });
    const total = Number((await t.db.selectFrom("tools").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "published").executeTakeFirstOrThrow()).n);
    expect(feed.entries.length).toBe(Math.min(50, total));
    const german = await t.db.selectFrom("tool_translations").innerJoin("tools", "tools.id", "tool_translations.tool_id").select(["tools.slug", "tool_translations.name"]).where("language", "=", "de").execute();
    const germanName = new Map(german.map((row) => [row.slug, row.name]));
    const translated = feed.entries.find((entry) => germanName.has(entry.id.split("/").pop()!));
    if (translated) expect(translated.title).toBe(germanName.get(translated.id.split("/").pop()!));
  });

  it("answers 304 to a current ETag or date, and 200 once the feed changes", async () => {
    const first = await fetchFeed(t, "/fr/feed.atom");
    const tag = first.headers.get("etag")!;
    const modified = first.headers.get("last-modified")!;
    expect(tag).toMatch(/^"/);
    expect(new Date(modified).getTime()).toBeGreaterThan(0);
    expect((await fetchFeed(t, "/fr/feed.atom", { "If-None-Match": tag })).status).toBe(304);
    expect((await fetchFeed(t, "/fr/feed.atom", { "If-Modified-Since": modified })).status).toBe(304);
    expect((await fetchFeed(t, "/fr/feed.atom", { "If-None-Match": '"old"' })).status).toBe(200);
    const now = new Date(Date.now() + 5_000).toISOString();
    const { id } = await t.db
      .insertInto("tools")
      .values({ slug: "even-newer", website_url: "https://even-newer.example", image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, pricing: "free", pinned: 0, manual_priority: null, status: "published", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("tool_translations").values({ tool_id: id, language: "fr", name: "Encore plus récent", subtitle: null, description: "Nouveau.", long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: "[]", updated_at: now }).execute();
    invalidateCatalogCache();
    const changed = await fetchFeed(t, "/fr/feed.atom", { "If-None-Match": tag, "If-Modified-Since": modified });
    expect(changed.status).toBe(200);
    expect(parsed("atom", await changed.text()).entries[0]?.title).toBe("Encore plus récent");
  });

  it("answers 404 for a category or language that does not exist", async () => {
    expect((await fetchFeed(t, "/de/category/no-such-category/feed.xml")).status).toBe(404);
    const route: FeedRoute | null = feedRouteOf(new Request(`${SITE}/xx/feed.xml`), { lang: "xx" });
    expect(route).toBeNull();
  });
});
