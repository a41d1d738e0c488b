import * as cheerio from "cheerio";
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { TREND_ROWS, type TrendingProduct } from "~/lib/trends";
import { fetchText } from "./fetch";

export interface ProductHuntOptions {
  apiBase: string;
  siteBase: string;
  token: string | undefined;
  timeoutMs: number;
  now?: Date;
}

/** With a token, today's launches by votes from the GraphQL API v2; without one, the public Atom feed (no votes). */
export function fetchProductHunt(options: ProductHuntOptions): Promise<TrendingProduct[]> {
  return options.token ? fetchFromApi(options, options.token) : fetchFromFeed(options);
}

const POSTS_QUERY = `query Trending($first: Int!, $postedAfter: DateTime!) {
  posts(first: $first, order: VOTES, postedAfter: $postedAfter) {
    edges { node { name tagline url website votesCount } }
  }
}`;

const apiAnswer = z.object({
  data: z.object({
    posts: z.object({
      edges: z.array(
        z.object({
          node: z.object({ name: z.string(), tagline: z.string().nullish(), url: z.string().nullish(), website: z.string().nullish(), votesCount: z.number().nullish() }),
        }),
      ),
    }),
  }),
});

async function fetchFromApi(options: ProductHuntOptions, token: string): Promise<TrendingProduct[]> {
  const now = options.now ?? new Date();
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const text = await fetchText(new URL("/v2/api/graphql", options.apiBase), {
    timeoutMs: options.timeoutMs,
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: POSTS_QUERY, variables: { first: TREND_ROWS, postedAfter: startOfDay.toISOString() } }),
  });
  const parsed = apiAnswer.safeParse(safeJson(text));
  if (!parsed.success) throw new Error("Product Hunt API answered an unexpected shape");
  return parsed.data.data.posts.edges.flatMap(({ node }) => {
    const url = httpUrl(node.url) ?? httpUrl(node.website);
    return url ? [{ name: node.name.trim(), tagline: node.tagline?.trim() ?? "", url, votes: node.votesCount ?? null }] : [];
  }).slice(0, TREND_ROWS);
}

async function fetchFromFeed(options: ProductHuntOptions): Promise<TrendingProduct[]> {
  const xml = await fetchText(new URL("/feed", options.siteBase), { timeoutMs: options.timeoutMs, headers: { accept: "application/atom+xml, application/xml" } });
  const products = parseProductHuntFeed(xml);
  if (products.length === 0) throw new Error("no products found in the Product Hunt feed");
  return products;
}

type Node = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const textOf = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : value && typeof value === "object" ? textOf((value as Node)["#text"]) : "";

/** Atom entries (title, alternate link, HTML content whose first paragraph is the tagline); RSS items too. */
export function parseProductHuntFeed(xml: string): TrendingProduct[] {
  let document: Node;
  try {
    document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", processEntities: true }).parse(xml) as Node;
  } catch {
    return [];
  }
  const feed = (document.feed ?? (document.rss as Node | undefined)?.channel) as Node | undefined;
  if (!feed || typeof feed !== "object") return [];
  const entries = [...asArray(feed.entry), ...asArray(feed.item)] as Node[];
  const products: TrendingProduct[] = [];
  for (const entry of entries) {
    if (products.length >= TREND_ROWS || !entry || typeof entry !== "object") break;
    const name = textOf(entry.title).trim();
    const links = asArray(entry.link) as Array<Node | string>;
    const alternate = links.find((l) => typeof l === "object" && (l["@_rel"] ?? "alternate") === "alternate");
    const url = httpUrl(typeof alternate === "object" ? String(alternate["@_href"] ?? "") : textOf(links[0]));
    const html = textOf(entry.content ?? entry.description);
    const tagline = html ? cheerio.load(html)("p").first().text().replace(/\s+/g, " ").trim() || cheerio.load(html).text().trim() : "";
    if (name && url) products.push({ name, tagline, url, votes: null });
  }
  return products;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Only http(s) links reach the page. */
function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
