import { LANGUAGES } from "~/i18n/languages";
import { groupBy } from "~/lib/group-by";
import { fieldVariants, isFilled, pickLocalized, preferredLanguages } from "~/lib/language-fallback";
import type { DB } from "../db";
import { readIntAndTextColumns } from "../db/int-columns";
import { topCategoryNames } from "../categories/queries";
import { TOOL_LIST_SCOPES } from "../catalog/scopes";
import { cachedRead } from "./cache";
import { inListingOrder, published, TOOL_SORTS, type ToolSort } from "./order";
import { rankedTools } from "./search-ranking";
import { filterRankedTools, type ToolFacets } from "../offers/tool-facets";
import type { ToolFilterSelection } from "~/lib/tool-filters";

/**
 * What a tool card needs, in the page language where the tool has it: only what the card renders, as
 * every card is also inlined in its page for hydration.
 */
export interface ToolCard {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Language the name/description are actually in (may differ from the page). */
  contentLanguage: string;
  imageUrl: string | null;
  imageWebpUrl: string | null;
  /** The colour the card's picture sits on (a calm tint of it). */
  brandColor: string | null;
  pricing: string;
  rating: number;
  reviewCount: number;
  category: { slug: string; name: string } | null;
  /** Real favourites, added to the slug-hash heart figure. */
  favoriteCount: number;
}

export { TOOL_SORTS, type ToolSort };
export const PAGE_SIZE = 24;

/** The tool columns every card query selects: the one select shape of this domain. */
export const CARD_COLUMNS = [
  "t.id",
  "t.slug",
  "t.image_url",
  "t.image_webp_url",
  "t.brand_color",
  "t.pricing",
  "t.rating",
  "t.review_count",
  "t.is_featured",
  "t.is_popular",
  "t.is_new",
  "t.verified",
  "t.favorite_count",
] as const;

type ToolRow = {
  id: number;
  slug: string;
  image_url: string | null;
  image_webp_url: string | null;
  brand_color: string | null;
  pricing: string;
  rating: number;
  review_count: number;
  is_featured: number;
  is_popular: number;
  is_new: number;
  verified: number;
  favorite_count: number;
};

/** Tools in the listing order, as cards. */
export async function listLatestTools(db: DB, lang: string, limit: number): Promise<ToolCard[]> {
  const rows = await inListingOrder(published(db).select(CARD_COLUMNS)).limit(limit).execute();
  return toCards(db, lang, rows);
}

/** Attaches per-language text and first category to tool rows, two queries for the whole page. */
export async function toCards(db: DB, lang: string, rows: ToolRow[]): Promise<ToolCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [translations, links, categoryNames] = await Promise.all([
    cardTexts(db, lang, ids),
    db.selectFrom("tool_categories").select(["tool_id", "category_id", "position"]).where("tool_id", "in", ids).execute(),
    // Category names come from the cached category table, not from a join per page.
    topCategoryNames(db, lang),
  ]);
  const textsOf = groupBy(translations, (t) => t.tool_id);
  const firstCategoryOf = new Map<number, { slug: string; name: string }>();
  const firstPosition = new Map<number, number>();
  for (const link of links) {
    const category = categoryNames.get(link.category_id);
    if (!category || link.position >= (firstPosition.get(link.tool_id) ?? Infinity)) continue;
    firstPosition.set(link.tool_id, link.position);
    firstCategoryOf.set(link.tool_id, category);
  }
  return rows.map((row) => {
    const { name, description } = cardTextOf(textsOf.get(row.id) ?? [], lang);
    return {
      id: row.id,
      slug: row.slug,
      name: name?.value || row.slug,
      description: description?.value ?? "",
      contentLanguage: (description ?? name)?.language ?? lang,
      imageUrl: row.image_url,
      imageWebpUrl: row.image_webp_url,
      brandColor: row.brand_color,
      pricing: row.pricing,
      rating: Number(row.rating),
      reviewCount: row.review_count,
      category: firstCategoryOf.get(row.id) ?? null,
      favoriteCount: Number(row.favorite_count),
    };
  });
}

/** The content languages a card in `lang` can show (spec 4.7): the page's, its relatives, then English. */
function cardLanguages(lang: string): string[] {
  return preferredLanguages(lang, LANGUAGES);
}

/** Of a tool's texts, the name and description a card in `lang` shows (spec 4.7), each in its best language. */
function cardTextOf(own: Array<{ language: string; name: string; description: string | null }>, lang: string) {
  return { name: pickLocalized(fieldVariants(own, (t) => t.name), lang), description: pickLocalized(fieldVariants(own, (t) => t.description), lang) };
}

/** A tool's name as its card in `lang` shows it (null when it has no name in any language). */
export async function toolCardName(db: DB, lang: string, id: number): Promise<string | null> {
  return cardTextOf(await cardTexts(db, lang, [id]), lang).name?.value ?? null;
}

/**
 * Names and descriptions of the tools in the languages a card may show, instead of every language's
 * (a fully translated tool has ten descriptions). A tool without a name or a description in them (English
 * is required by the catalogue, so only after hand edits) also gets its other rows, in language order as
 * the detail page reads them, so it still shows what it has.
 */
async function cardTexts(db: DB, lang: string, ids: number[]) {
  const columns = ["tool_id", "language", "name", "description"] as const;
  const rows = await db.selectFrom("tool_translations").select(columns).where("tool_id", "in", ids).where("language", "in", cardLanguages(lang)).execute();
  // Covered: a name and a description among the rows read; otherwise the first available language may be needed.
  const named = new Set(rows.filter((row) => isFilled(row.name)).map((row) => row.tool_id));
  const described = new Set(rows.filter((row) => isFilled(row.description)).map((row) => row.tool_id));
  const missing = ids.filter((id) => !named.has(id) || !described.has(id));
  if (missing.length === 0) return rows;
  const languages = cardLanguages(lang);
  const others = await db.selectFrom("tool_translations").select(columns).where("tool_id", "in", missing).where("language", "not in", languages).orderBy("language").execute();
  return [...rows, ...others];
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
  /** Filters by what tools offer (`app/lib/tool-filters.ts`); when given, the page carries their counts. */
  filters?: ToolFilterSelection;
}

export interface ToolListPage {
  tools: ToolCard[];
  total: number;
  /** The page actually shown (clamped to the last page). */
  page: number;
  pageCount: number;
  /** Counts of every filter value under the list's search, category and other filters (with `filters` only). */
  facets?: ToolFacets;
}

/**
 * One page of the tool list: search in every language (ranked name > tag >
 * category > description, then the chosen sort), category filter, paging.
 */
export async function listTools(db: DB, query: ToolListQuery): Promise<ToolListPage> {
  const key = `list:${JSON.stringify([query.lang, query.search ?? "", query.categoryIds ?? null, query.sort, query.page, query.pageSize ?? PAGE_SIZE, query.filters ?? null])}`;
  return cachedRead(db, key, () => listToolsUncached(db, query), TOOL_LIST_SCOPES);
}

export async function listToolsUncached(db: DB, query: ToolListQuery): Promise<ToolListPage> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  // Every page of a list slices one shared ranking (search score, then the sort): only the page's cards are read.
  const all = await rankedTools(db, { search: query.search, categoryIds: query.categoryIds, sort: query.sort, lang: query.lang });
  const filtered = query.filters ? await filterRankedTools(db, all, !query.search && !query.categoryIds, query.filters) : null;
  const ranked = filtered ? filtered.ids : all;
  const pageCount = Math.max(1, Math.ceil(ranked.length / pageSize));
  // Past the last page: show the last page instead.
  const page = Math.min(Math.max(1, query.page), pageCount);
  const ids = [...ranked.subarray((page - 1) * pageSize, page * pageSize)];
  return { tools: await cardsByIds(db, query.lang, ids), total: ranked.length, page, pageCount, ...(filtered ? { facets: filtered.facets } : {}) };
}

/** Cards for tool ids (published ones, from a ranked search), in the order given. */
async function cardsByIds(db: DB, lang: string, ids: number[]): Promise<ToolCard[]> {
  if (ids.length === 0) return [];
  // By primary key only: with a status condition SQLite walks the published tools instead (20 ms at 100k).
  const rows = await db.selectFrom("tools as t").select(CARD_COLUMNS).where("t.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toCards(db, lang, ids.flatMap((id) => byId.get(id) ?? []));
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
  }, TOOL_LIST_SCOPES);
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
  }, ["tools", "taxonomy", "case-studies"]);
}

export interface AutocompleteTool {
  id: number;
  slug: string;
  image_url: string | null;
}

export interface AutocompleteTranslation {
  tool_id: number;
  language: string;
  name: string;
  tags: string;
}

/** Every published tool in listing order (autocomplete index); read off the main thread where the engine allows. */
export async function autocompleteTools(db: DB): Promise<AutocompleteTool[]> {
  const { ints, texts } = await readIntAndTextColumns(db, inListingOrder(published(db).select(["t.id", "t.slug", "t.image_url"])), ["id"] as const, ["slug", "image_url"] as const, {
    rebuild: true,
  });
  const [ids] = ints;
  const [slugs, images] = texts;
  return Array.from(ids, (id, i) => ({ id, slug: slugs[i]!, image_url: images[i] || null }));
}

/** Rows per read: one read is a few milliseconds of the event loop on SQLite (its reads are synchronous). */
const TRANSLATION_SLICE = 2_000;

/**
 * The tools' names and tags in every language, read in slices of tool ids: `onSlice` runs between reads, so
 * the caller can index each slice and let other requests run.
 */
export async function autocompleteTranslations(db: DB, tools: readonly AutocompleteTool[], onSlice: (rows: AutocompleteTranslation[]) => Promise<void>): Promise<void> {
  const ids = Int32Array.from(tools, (tool) => tool.id).sort();
  for (let start = 0; start < ids.length; start += TRANSLATION_SLICE) {
    // Off the main thread on SQLite (the read worker), as columns.
    const {
      ints: [toolIds],
      texts: [languages, names, tags],
    } = await readIntAndTextColumns(
      db,
      db
        .selectFrom("tool_translations")
        .select(["tool_id", "language", "name", "tags"])
        .where("tool_id", ">=", ids[start]!)
        .where("tool_id", "<=", ids[Math.min(ids.length, start + TRANSLATION_SLICE) - 1]!)
        // In key order (free on both engines): a tool's names are kept in the order read, the same in a patch.
        .orderBy("tool_id")
        .orderBy("language"),
      ["tool_id"] as const,
      ["language", "name", "tags"] as const,
      { rebuild: true },
    );
    await onSlice(Array.from(toolIds, (id, i) => ({ tool_id: id, language: languages[i]!, name: names[i]!, tags: tags[i] ?? "" })));
  }
}

/** Every published tool's id in listing order, off the main thread: where changed tools go among the suggestions. */
export async function listingOrderIds(db: DB): Promise<Int32Array> {
  const { ints } = await readIntAndTextColumns(db, inListingOrder(published(db).select("t.id")), ["id"] as const, [] as const, { rebuild: true });
  return ints[0];
}

/** Ids per read of a few named tools. */
const NAMED_SLICE = 500;

/** These tools, those published, and their names and tags (a patch of the suggestions with changed tools). */
export async function autocompleteToolsOf(db: DB, ids: readonly number[]): Promise<{ tools: AutocompleteTool[]; translations: AutocompleteTranslation[] }> {
  const tools: AutocompleteTool[] = [];
  const translations: AutocompleteTranslation[] = [];
  for (let start = 0; start < ids.length; start += NAMED_SLICE) {
    const slice = ids.slice(start, start + NAMED_SLICE);
    const [toolRows, textRows] = await Promise.all([
      published(db).select(["t.id", "t.slug", "t.image_url"]).where("t.id", "in", slice).execute(),
      db.selectFrom("tool_translations").select(["tool_id", "language", "name", "tags"]).where("tool_id", "in", slice).orderBy("tool_id").orderBy("language").execute(),
    ]);
    for (const row of toolRows) tools.push({ id: Number(row.id), slug: row.slug, image_url: row.image_url || null });
    for (const row of textRows) translations.push({ tool_id: Number(row.tool_id), language: row.language, name: row.name, tags: row.tags ?? "" });
  }
  return { tools, translations };
}
