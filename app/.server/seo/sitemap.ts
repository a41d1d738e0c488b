import { htmlLang, LANGUAGES, localizedPath } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/seo";
import { listCaseStudySitemapEntries } from "../case-studies/queries";
import { listTopCategories } from "../categories/queries";
import type { DB } from "../db";
import { listEcommerceSitemapEntries } from "../resolve/ecommerce-source";
import { comparePages } from "../offers/sitemap";
import { listToolSitemapEntries } from "../tools/detail";
import { cachedRead } from "../tools/cache";

/** The sitemap protocol's limit of URLs per file; beyond it the sitemap becomes an index. */
export const MAX_URLS_PER_SITEMAP = 50_000;

/**
 * URLs per file we write. Each URL carries its 11 language alternates (about 1-2 KB), so 50,000 of them would
 * pass the protocol's other limit, 50 MB per file; 20,000 stay under it with slugs of 100 characters.
 */
export const URLS_PER_SITEMAP_PART = 20_000;

/** Pages that exist once per language, without an entity behind them. */
export const STATIC_PAGE_PATHS = ["/", "/tools", "/case-studies", "/about", "/contact", "/careers", "/privacy-policy", "/terms-of-service", "/trends", "/how-we-rank"];

/** One page (a path without language prefix); it is listed once per language. */
export interface SitemapPage {
  path: string;
  lastmod?: string | null;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function lastmodOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

const encodePath = (path: string) => path.split("/").map((part) => encodeURIComponent(decodeURIComponent(part))).join("/");

/** Every language version of every page, each with its alternates, as <url> elements. */
export function urlElements(publicUrl: string, pages: readonly SitemapPage[]): string[] {
  return pages.flatMap((page) => {
    const path = encodePath(page.path);
    const alternates = [
      ...LANGUAGES.map((lang) => ({ hreflang: htmlLang(lang), href: absoluteUrl(publicUrl, localizedPath(lang, path)) })),
      { hreflang: "x-default", href: absoluteUrl(publicUrl, path) },
    ]
      .map((alt) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`)
      .join("");
    const lastmod = lastmodOf(page.lastmod);
    return LANGUAGES.map(
      (lang) =>
        `<url><loc>${escapeXml(absoluteUrl(publicUrl, localizedPath(lang, path)))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>`,
    );
  });
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(urls: string[]): string {
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(locations: string[]): string {
  const items = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/** How many URLs the pages make: one per page and language. */
const urlCount = (pages: readonly SitemapPage[]) => pages.length * LANGUAGES.length;

/**
 * The document at the sitemap's main address: a plain urlset while the URLs
 * fit in one file, else an index of numbered parts at `{partBase}/{n}.xml`.
 */
export function sitemapDocument(publicUrl: string, pages: readonly SitemapPage[], partBase: string, limit = URLS_PER_SITEMAP_PART): string {
  const count = urlCount(pages);
  if (count <= limit) return urlset(urlElements(publicUrl, pages));
  const parts = Math.ceil(count / limit);
  return sitemapIndex(Array.from({ length: parts }, (_, i) => absoluteUrl(publicUrl, `${partBase}/${i + 1}.xml`)));
}

/**
 * Part `n` (1-based) of a split sitemap, or null when there is no such part. Only the pages whose URLs fall in
 * the part are written: writing every URL of 100k tools for each part took seconds and hundreds of megabytes.
 */
export function sitemapPart(publicUrl: string, pages: readonly SitemapPage[], part: number, limit = URLS_PER_SITEMAP_PART): string | null {
  const count = urlCount(pages);
  if (count <= limit || !Number.isInteger(part) || part < 1) return null;
  const start = (part - 1) * limit;
  if (start >= count) return null;
  const end = Math.min(count, part * limit);
  const perPage = LANGUAGES.length;
  const firstPage = Math.floor(start / perPage);
  const urls = urlElements(publicUrl, pages.slice(firstPage, Math.ceil(end / perPage)));
  return urlset(urls.slice(start - firstPage * perPage, end - firstPage * perPage));
}

/** Every tool, category, case study and static page of the directory. */
export function directoryPages(db: DB): Promise<SitemapPage[]> {
  // Read once per catalogue state (and at most every few minutes): crawlers fetch the index and every part.
  return cachedRead(db, "sitemap:directory", () => readDirectoryPages(db), ["tools", "taxonomy", "case-studies"]);
}

async function readDirectoryPages(db: DB): Promise<SitemapPage[]> {
  const [tools, categories, caseStudies, compare] = await Promise.all([
    listToolSitemapEntries(db),
    listTopCategories(db, "us-en"),
    listCaseStudySitemapEntries(db),
    comparePages(db, "tool"),
  ]);
  return [
    ...STATIC_PAGE_PATHS.map((path) => ({ path })),
    ...categories.map((c) => ({ path: `/category/${c.slug}` })),
    ...tools.map((t) => ({ path: `/tool/${t.slug}`, lastmod: t.updatedAt })),
    ...caseStudies.map((c) => ({ path: `/case-study/${c.slug}`, lastmod: c.updatedAt })),
    ...compare,
  ];
}

/** The e-commerce list and every e-commerce product page. */
export function ecommercePages(db: DB): Promise<SitemapPage[]> {
  return cachedRead(db, "sitemap:ecommerce", () => readEcommercePages(db), ["ecommerce"]);
}

async function readEcommercePages(db: DB): Promise<SitemapPage[]> {
  const [tools, compare] = await Promise.all([listEcommerceSitemapEntries(db), comparePages(db, "ecommerce")]);
  return [{ path: "/ecommerce" }, ...tools.map((t) => ({ path: `/ecommerce/${t.slug}`, lastmod: t.updatedAt })), ...compare];
}

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /api/",
    "Disallow: /user/",
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap-ecommerce.xml")}`,
    "",
  ].join("\n");
}
