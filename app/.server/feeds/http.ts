import { DEFAULT_LANG, isLang, type Lang } from "~/i18n/languages";
import type { DB } from "../db";
import { catalogGeneration, checkCatalogFreshness } from "../tools/cache";
import { conditionalResponse } from "../http/conditional";
import type { FeedKind } from "~/lib/feeds";
import { caseStudyEntries, newEcommerceEntries, newToolEntries } from "./items";
import { FEED_CONTENT_TYPE, renderFeed, newestChange, type FeedFormat, type FeedDocument } from "./render";

export interface FeedRoute {
  lang: Lang;
  kind: FeedKind;
  format: FeedFormat;
  categorySlug?: string;
}

const FORMAT_OF_EXTENSION: Record<string, FeedFormat> = { xml: "rss", atom: "atom", json: "json" };
const KIND_OF_SEGMENT: Record<string, FeedKind> = { "": "tools", category: "category", ecommerce: "ecommerce", "case-studies": "case-studies" };

/** Kind, format and language of a feed address; null when the language segment is none of ours. */
export function feedRouteOf(request: Request, params: { lang?: string; slug?: string }): FeedRoute | null {
  const lang = params.lang === undefined ? DEFAULT_LANG : params.lang;
  if (!isLang(lang)) return null;
  const { pathname } = new URL(request.url);
  const match = /(?:^|\/)(category\/[^/]+|ecommerce|case-studies)?\/?feed\.(xml|atom|json)$/.exec(pathname);
  const format = match ? FORMAT_OF_EXTENSION[match[2]!] : undefined;
  const segment = match?.[1]?.startsWith("category/") ? "category" : (match?.[1] ?? "");
  const kind = KIND_OF_SEGMENT[segment];
  if (!format || !kind) return null;
  return { lang, kind, format, categorySlug: kind === "category" ? params.slug : undefined };
}

/** The feed's entries; null when a category feed names no category. */
export async function feedDocument(db: DB, route: FeedRoute): Promise<FeedDocument | null> {
  const base = { lang: route.lang, kind: route.kind, categorySlug: route.categorySlug };
  if (route.kind === "ecommerce") return { ...base, entries: await newEcommerceEntries(db, route.lang) };
  if (route.kind === "case-studies") return { ...base, entries: await caseStudyEntries(db, route.lang) };
  const tools = await newToolEntries(db, route.lang, route.kind === "category" ? (route.categorySlug ?? "") : undefined);
  return tools && { ...base, entries: tools.entries, categoryName: tools.categoryName };
}

interface WrittenFeed {
  body: string;
  lastModified: string | null;
}

/** Feeds written for the current catalogue state, per database and address: readers poll the same few feeds. */
const writtenFeeds = new WeakMap<DB, Map<string, { generation: number; feed: Promise<WrittenFeed | null> }>>();
/** Languages x (categories + 3 kinds) x 3 formats is well under this; only feeds that exist are kept. */
const MAX_WRITTEN_FEEDS = 2_000;

function writtenFeed(db: DB, route: FeedRoute, publicUrl: string): Promise<WrittenFeed | null> {
  void checkCatalogFreshness(db);
  const generation = catalogGeneration();
  const key = `${route.lang}:${route.kind}:${route.format}:${route.categorySlug ?? ""}:${publicUrl}`;
  let written = writtenFeeds.get(db);
  if (!written) writtenFeeds.set(db, (written = new Map()));
  const kept = written.get(key);
  if (kept?.generation === generation) return kept.feed;
  const feed = feedDocument(db, route).then(async (doc) => doc && { body: await renderFeed(doc, route.format, publicUrl), lastModified: newestChange(doc.entries) });
  // An unknown category or a failed read is not kept.
  const feeds = written;
  feed.then((result) => {
    if (!result) return;
    if (feeds.size >= MAX_WRITTEN_FEEDS) feeds.clear();
    feeds.set(key, { generation, feed });
  }, () => undefined);
  return feed;
}

/** A feed with ETag and Last-Modified; 304 when the reader's copy is current, 404 for an unknown category. */
export async function feedResponse(db: DB, request: Request, route: FeedRoute, publicUrl: string): Promise<Response> {
  const feed = await writtenFeed(db, route, publicUrl);
  if (!feed) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return conditionalResponse(request, {
    body: feed.body,
    contentType: FEED_CONTENT_TYPE[route.format],
    lastModified: feed.lastModified,
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=600", "Access-Control-Allow-Origin": "*" },
  });
}
