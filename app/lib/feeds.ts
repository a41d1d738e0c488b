import { localizedPath, type Lang } from "~/i18n/languages";

/** The feeds the site offers and their addresses, shared by the server (feeds) and the pages (alternate links). */
export const FEED_FORMATS = ["rss", "atom", "json"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export type FeedKind = "tools" | "category" | "ecommerce" | "case-studies";

export const FEED_EXTENSION: Record<FeedFormat, string> = { rss: "xml", atom: "atom", json: "json" };
export const FEED_MEDIA_TYPE: Record<FeedFormat, string> = { rss: "application/rss+xml", atom: "application/atom+xml", json: "application/feed+json" };

/** Site path of a feed: `/de/feed.xml`, `/de/category/video/feed.atom`, `/de/ecommerce/feed.json`. */
export function feedPath(lang: Lang, kind: FeedKind, format: FeedFormat, categorySlug?: string): string {
  const base = kind === "tools" ? "" : kind === "category" ? `/category/${categorySlug}` : kind === "ecommerce" ? "/ecommerce" : "/case-studies";
  return `${localizedPath(lang, base || "/")}/feed.${FEED_EXTENSION[format]}`;
}

/** The feed a page (path after the language) follows, if any: the tool lists, a category, e-commerce, case studies. */
export function feedOfPage(rest: string): { kind: FeedKind; categorySlug?: string } | null {
  if (rest === "/" || rest === "/tools") return { kind: "tools" };
  const category = /^\/(?:category|tools)\/([a-z0-9][a-z0-9-]*)$/i.exec(rest)?.[1];
  if (category) return { kind: "category", categorySlug: category.toLowerCase() };
  if (rest === "/ecommerce") return { kind: "ecommerce" };
  if (rest === "/case-studies") return { kind: "case-studies" };
  return null;
}
