import { isbot } from "isbot";
import { splitLangPath } from "~/i18n/languages";

/**
 * Turns what a request carried into what a page view records: the page (without its language prefix),
 * the language, the tool it shows, the referring site and the device class. No address, no user agent
 * and no full referrer URL is kept.
 */
export interface PageOfRequest {
  path: string;
  language: string;
  tool: string | null;
}

/** Paths that are no page a visitor reads (APIs, admin screens, feeds, files). */
const NOT_PAGES = /^\/(?:api|admin|dev|auth|assets|uploads|locales|data|sitemap|__manifest|healthz|readyz)(?:[/.-]|$)|^\/(?:robots\.txt|autocomplete-index\.json|sitemap[^/]*\.xml)$/;
// Tool pages only: a case study is no tool (the dashboard ranks case studies from their paths).
const TOOL_PAGE = /^\/tool\/([^/]+)\/?$/;

/**
 * The page a document request or a React Router data request (`/fr/tools.data`, `/_root.data` for the
 * home page) asks for, or null when it is no page.
 */
export function pageOf(pathname: string): PageOfRequest | null {
  let path = pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
  } else if (/\.[^/]+$/.test(path)) {
    return null;
  }
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  const { lang, rest } = splitLangPath(path);
  if (NOT_PAGES.test(rest) || rest.length > 300) return null;
  const slug = TOOL_PAGE.exec(rest)?.[1];
  let tool: string | null = null;
  if (slug) {
    try {
      tool = decodeURIComponent(slug).slice(0, 200);
    } catch {
      tool = null;
    }
  }
  return { path: rest, language: lang, tool };
}

/** Crawlers, monitors and scripts (a maintained list), and requests without a user agent. */
export function isBot(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

export type DeviceClass = "desktop" | "mobile" | "tablet";

export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** Host of the referring site; null for none, our own site, or anything that is no http(s) URL. */
export function referrerHost(referer: string | undefined, ownHost: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    const own = (ownHost ?? "").toLowerCase().replace(/:\d+$/, "").replace(/^www\./, "");
    return host === own ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}
