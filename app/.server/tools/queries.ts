import { sql, type SelectQueryBuilder } from "kysely";
import { pickContentLanguage } from "~/lib/language-fallback";
import type { DB, Schema } from "../db";
import { toolMatches } from "../db/search";
import { cachedRead } from "./cache";

/**
 * What a tool card needs, in the page language where the tool has it: only what the card renders, as
 * every card is also inlined in its page for hydration.
 */
export interface ToolCard {
  slug: string;
  name: string;
  description: string;
  /** Language the name/description are actually in (may differ from the page). */
  contentLanguage: string;
  imageUrl: string | null;
  imageWebpUrl: string | null;
  pricing: string;
  rating: number;
  reviewCount: number;
  category: { slug: string; name: string } | null;
}

export const TOOL_SORTS = ["popular", "rating", "newest", "name"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];
export const PAGE_SIZE = 24;

/** The tool columns every card query selects: the one select shape of this domain. */
const CARD_COLUMNS = [
  "t.id",
  "t.slug",
  "t.image_url",
  "t.image_webp_url",
  "t.pricing",
  "t.rating",
  "t.review_count",
  "t.is_featured",
  "t.is_popular",
  "t.is_new",
  "t.verified",
] as const;

type ToolRow = {
  id: number;
  slug: string;
  image_url: string | null;
  image_webp_url: string | null;
  pricing: string;
  rating: number;
  review_count: number;
  is_featured: number;
  is_popular: number;
  is_new: number;
  verified: number;
};

type ToolsQuery = SelectQueryBuilder<Schema & { t: Schema["tools"] }, "t", object>;

function published(db: DB): ToolsQuery {
  return db.selectFrom("tools as t").where("t.status", "=", "published") as unknown as ToolsQuery;
}

/**
 * Listing order (spec 4.6): pinned, manual_priority, slug-based score,
 * rating, review_count, created_at, all descending. Nulls last on both engines.
 */
function inListingOrder<Q extends ToolsQuery>(query: Q): Q {
  return query
    .orderBy("t.pinned", "desc")
    .orderBy(sql`t.manual_priority desc nulls last`)
    .orderBy("t.slug_score", "desc")
    .orderBy("t.rating", "desc")
    .orderBy("t.review_count", "desc")
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc") as Q;
}

function inSortOrder<Q extends ToolsQuery>(query: Q, sort: ToolSort): Q {
  switch (sort) {
    case "rating":
      return query.orderBy("t.rating", "desc").orderBy("t.review_count", "desc").orderBy("t.id", "desc") as Q;
    case "newest":
      return query.orderBy("t.created_at", "desc").orderBy("t.id", "desc") as Q;
    case "name":
      // Needs the `n` join (English name) that listToolsUncached adds for this sort.
      return query.orderBy(sql`n.name`, "asc").orderBy("t.id", "asc") as Q;
    default:
      return inListingOrder(query);
  }
}

/** Tools in the listing order, as cards. */
export async function listLatestTools(db: DB, lang: string, limit: number): Promise<ToolCard[]> {
  const rows = await inListingOrder(published(db).select(CARD_COLUMNS)).limit(limit).execute();
  return toCards(db, lang, rows);
}

/** Attaches per-language text and first category to tool rows, two queries for the whole page. */
export async function toCards(db: DB, lang: string, rows: ToolRow[]): Promise<ToolCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [translations, categories] = await Promise.all([
    db.selectFrom("tool_translations").select(["tool_id", "language", "name", "description"]).where("tool_id", "in", ids).execute(),
    db
      .selectFrom("tool_categories as tc")
      .innerJoin("categories as c", "c.id", "tc.category_id")
      .innerJoin("category_translations as ct", "ct.category_id", "c.id")
      .select(["tc.tool_id", "tc.position", "c.slug", "ct.language", "ct.name"])
      .where("tc.tool_id", "in", ids)
      .where("c.parent_id", "is", null)
      .orderBy("tc.position")
      .execute(),
  ]);
  return rows.map((row) => {
    const own = translations.filter((t) => t.tool_id === row.id);
    const contentLanguage = pickContentLanguage(own.map((t) => t.language), lang) ?? lang;
    const text = own.find((t) => t.language === contentLanguage);
    const english = own.find((t) => t.language === "us-en");
    const cats = categories.filter((c) => c.tool_id === row.id);
    const firstSlug = cats[0]?.slug;
    const catNames = cats.filter((c) => c.slug === firstSlug);
    const catLanguage = pickContentLanguage(catNames.map((c) => c.language), lang);
    return {
      slug: row.slug,
      name: text?.name || english?.name || row.slug,
      description: text?.description || english?.description || "",
      contentLanguage,
      imageUrl: row.image_url,
      imageWebpUrl: row.image_webp_url,
      pricing: row.pricing,
      rating: Number(row.rating),
      reviewCount: row.review_count,
      category: firstSlug ? { slug: firstSlug, name: catNames.find((c) => c.language === catLanguage)?.name ?? firstSlug } : null,
    };
  });
}

export async function countPublishedTools(db: DB): Promise<number> {
  const row = await db
    .selectFrom("tools")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "published")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface ToolListQuery {
  lang: string;
  search?: string;
  /** Tools linked to any of these categories (a top-level category includes its subcategories). */
  categoryIds?: number[];
  sort: ToolSort;
  page: number;
  pageSize?: number;
}

export interface ToolListPage {
  tools: ToolCard[];
  total: number;
  /** The page actually shown (clamped to the last page). */
  page: number;
  pageCount: number;
}

/**
 * One page of the tool list: search in every language (ranked name > tag >
 * category > description, then the chosen sort), category filter, paging.
 */
export async function listTools(db: DB, query: ToolListQuery): Promise<ToolListPage> {
  const key = `list:${JSON.stringify([query.lang, query.search ?? "", query.categoryIds ?? null, query.sort, query.page, query.pageSize ?? PAGE_SIZE])}`;
  return cachedRead(db, key, () => listToolsUncached(db, query));
}

export async function listToolsUncached(db: DB, query: ToolListQuery): Promise<ToolListPage> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const matches = query.search ? toolMatches(db, query.search) : null;
  // With a search, the (usually few) matches drive the join and each is looked up by id; a cross join
  // fixes that order on SQLite, whose planner would otherwise walk every published tool and probe the matches.
  const base0 = matches
    ? (db
        .selectFrom(sql<{ tool_id: number; score: number }>`(${matches})`.as("m"))
        .crossJoin("tools as t")
        .whereRef("t.id", "=", "m.tool_id")
        .where("t.status", "=", "published") as unknown as ToolsQuery)
    : published(db);
  let base = base0;
  if (query.categoryIds) {
    const ids = query.categoryIds.length ? query.categoryIds : [-1];
    base = base.where("t.id", "in", (eb) => eb.selectFrom("tool_categories").select("tool_id").where("category_id", "in", ids));
  }
  if (query.sort === "name") {
    // The English (canonical) name orders the list in every interface language. An inner join (every tool has
    // an English row: the catalogue schema requires it) lets the planner walk the (language, name) index in
    // order and stop after one page, instead of sorting the whole catalogue (1 ms instead of 400 ms at 100k).
    base = base.innerJoin("tool_translations as n", (join) => join.onRef("n.tool_id", "=", "t.id").on("n.language", "=", "us-en")) as unknown as ToolsQuery;
  }
  const count = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow()).count);
  const pageQuery = (page: number) => {
    // With a search, a window count gives the total without evaluating the search twice;
    // without one, a plain count is cheaper than counting alongside the ordered page.
    let ordered = base.select(CARD_COLUMNS).select(matches ? sql<number>`count(*) over ()`.as("total_count") : sql<null>`null`.as("total_count"));
    if (matches) ordered = ordered.orderBy(sql`m.score`, "desc");
    return inSortOrder(ordered, query.sort)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
  };
  let page = Math.max(1, query.page);
  // Every page and sort of one filter shares its count, so paging through a category counts once.
  const sharedCount = () => cachedRead(db, `count:${JSON.stringify(query.categoryIds ?? null)}`, count);
  let [rows, total] = await Promise.all([pageQuery(page), matches ? Promise.resolve(-1) : sharedCount()]);
  if (total < 0) total = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && page > 1) {
    // Past the last page: show the last page instead.
    if (matches) total = await count();
    page = Math.max(1, Math.ceil(total / pageSize));
    rows = total > 0 ? await pageQuery(page) : [];
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { tools: await toCards(db, query.lang, rows as ToolRow[]), total, page, pageCount };
}

export interface HomeSections {
  featured: ToolCard[];
  latest: ToolCard[];
}

export const FEATURED_LIMIT = 20;
export const FEATURED_FIRST = 6;
export const LATEST_LIMIT = 9;

/** Home sections: featured (first 6 featured, then popular, then the rest, up to 20) and the 9 newest. */
export async function homeSections(db: DB, lang: string): Promise<HomeSections> {
  return cachedRead(db, `home:${lang}`, async () => {
    const ordered = () => inListingOrder(published(db).select(CARD_COLUMNS));
    const [featured, popular, rest, latest] = await Promise.all([
      ordered().where("t.is_featured", "=", 1).limit(FEATURED_FIRST).execute(),
      ordered().where("t.is_popular", "=", 1).limit(FEATURED_LIMIT).execute(),
      ordered().limit(FEATURED_LIMIT * 2).execute(),
      published(db).select(CARD_COLUMNS).orderBy("t.created_at", "desc").orderBy("t.id", "desc").limit(LATEST_LIMIT).execute(),
    ]);
    const picked = new Map<number, ToolRow>();
    for (const row of [...featured, ...popular, ...rest]) {
      if (picked.size >= FEATURED_LIMIT) break;
      if (!picked.has(row.id)) picked.set(row.id, row);
    }
    const [featuredCards, latestCards] = await Promise.all([toCards(db, lang, [...picked.values()]), toCards(db, lang, latest)]);
    return { featured: featuredCards, latest: latestCards };
  });
}

export interface CatalogStatistics {
  tools: number;
  categories: number;
  caseStudies: number;
  languages: number;
}

/** Real counts for the home statistics block. */
export async function catalogStatistics(db: DB): Promise<CatalogStatistics> {
  return cachedRead(db, "statistics", async () => {
    const [tools, categories, caseStudies, languages] = await Promise.all([
      countPublishedTools(db),
      db.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n")).where("parent_id", "is", null).executeTakeFirstOrThrow(),
      db.selectFrom("case_studies").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      db.selectFrom("tool_translations").select("language").distinct().execute(),
    ]);
    return { tools, categories: Number(categories.n), caseStudies: Number(caseStudies.n), languages: languages.length };
  });
}

export interface AutocompleteSource {
  tools: Array<{ id: number; slug: string; image_url: string | null }>;
  translations: Array<{ tool_id: number; language: string; name: string; tags: string }>;
}

/** Every published tool in listing order with its names and tags in every language (autocomplete index). */
export async function autocompleteSource(db: DB): Promise<AutocompleteSource> {
  const [tools, translations] = await Promise.all([
    inListingOrder(published(db).select(["t.id", "t.slug", "t.image_url"])).execute(),
    db
      .selectFrom("tool_translations as tt")
      .innerJoin("tools as t", "t.id", "tt.tool_id")
      .select(["tt.tool_id", "tt.language", "tt.name", "tt.tags"])
      .where("t.status", "=", "published")
      .execute(),
  ]);
  return { tools, translations };
}
