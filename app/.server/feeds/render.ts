import { Feed } from "feed";
import { htmlLang, isLang, localizedPath, type Lang } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/seo";
import { getFixedT } from "../i18n";
import { FEED_MEDIA_TYPE, feedPath, type FeedFormat, type FeedKind } from "~/lib/feeds";
import type { FeedEntry } from "./items";

export { FEED_FORMATS, feedPath, type FeedFormat } from "~/lib/feeds";

export const FEED_CONTENT_TYPE: Record<FeedFormat, string> = {
  rss: `${FEED_MEDIA_TYPE.rss}; charset=utf-8`,
  atom: `${FEED_MEDIA_TYPE.atom}; charset=utf-8`,
  json: `${FEED_MEDIA_TYPE.json}; charset=utf-8`,
};

/** The page a feed follows: its `<link>`/home page. */
function pagePath(lang: Lang, kind: FeedKind, categorySlug?: string): string {
  return localizedPath(lang, kind === "tools" ? "/tools" : kind === "category" ? `/category/${categorySlug}` : kind === "ecommerce" ? "/ecommerce" : "/case-studies");
}

export interface FeedDocument {
  lang: Lang;
  kind: FeedKind;
  categorySlug?: string;
  categoryName?: string;
  entries: FeedEntry[];
}

/** Title and description of a feed in its language. */
export async function feedTitle(doc: Pick<FeedDocument, "lang" | "kind" | "categoryName">): Promise<{ title: string; description: string }> {
  const [t, common] = await Promise.all([getFixedT(doc.lang, "feeds"), getFixedT(doc.lang, "common")]);
  const key = doc.kind === "case-studies" ? "caseStudies" : doc.kind;
  return {
    title: `${common(`feed.${key}`, { category: doc.categoryName ?? "" })} | ${common("site.name")}`,
    description: t(`description.${key}`, { category: doc.categoryName ?? "" }),
  };
}

/** Newest change a feed shows: its Last-Modified and `updated`. */
export function newestChange(entries: FeedEntry[]): string | null {
  return entries.reduce<string | null>((newest, entry) => (!newest || entry.updated > newest ? entry.updated : newest), null);
}

/**
 * The feed in one format. Entry ids are the absolute page URLs (stable, unique, and what RSS readers use
 * as guid). The package writes JSON Feed 1.0; version 1.1 only renames `author` to `authors` and adds
 * `language`, so the document is upgraded here.
 */
export async function renderFeed(doc: FeedDocument, format: FeedFormat, publicUrl: string): Promise<string> {
  const { title, description } = await feedTitle(doc);
  const updated = newestChange(doc.entries);
  const link = absoluteUrl(publicUrl, pagePath(doc.lang, doc.kind, doc.categorySlug));
  const self = (f: FeedFormat) => absoluteUrl(publicUrl, feedPath(doc.lang, doc.kind, f, doc.categorySlug));
  const feed = new Feed({
    id: self(format),
    title,
    description,
    link,
    language: htmlLang(doc.lang),
    updated: new Date(updated ?? 0),
    generator: false,
    image: absoluteUrl(publicUrl, "/og-image.png"),
    favicon: absoluteUrl(publicUrl, "/favicon.svg"),
    copyright: title,
    feedLinks: { rss: self("rss"), atom: self("atom"), json: self("json") },
    author: { name: title.split(" | ").pop(), link: absoluteUrl(publicUrl, localizedPath(doc.lang, "/")) },
  });
  for (const entry of doc.entries) {
    const url = absoluteUrl(publicUrl, entry.path);
    feed.addItem({
      id: url,
      guid: url,
      title: entry.title,
      link: url,
      description: entry.summary,
      date: new Date(entry.updated),
      published: new Date(entry.published),
      ...(entry.image ? { image: absoluteUrl(publicUrl, entry.image) } : {}),
      ...(entry.category ? { category: [{ name: entry.category }] } : {}),
    });
  }
  if (format === "rss") return feed.rss2();
  // Atom states its language with xml:lang on the root element, which the package does not write.
  if (format === "atom") return feed.atom1().replace(/<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/, `$& xml:lang="${htmlLang(doc.lang)}"`);
  const json = JSON.parse(feed.json1()) as Record<string, unknown> & { author?: unknown; items: Array<Record<string, unknown>> };
  const { author, ...rest } = json;
  return JSON.stringify({
    ...rest,
    version: "https://jsonfeed.org/version/1.1",
    language: htmlLang(doc.lang),
    ...(author ? { authors: [author] } : {}),
    // Each entry says the language its text is really in (a tool without this translation falls back).
    items: json.items.map((item, index) => ({ ...item, language: contentLang(doc.entries[index]?.contentLanguage ?? doc.lang) })),
  });
}

function contentLang(code: string): string {
  return isLang(code) ? htmlLang(code) : code;
}
