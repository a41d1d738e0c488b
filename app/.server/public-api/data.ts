import crypto from "node:crypto";
import type { z } from "zod";
import { localizedPath, type Lang } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/seo";
import type { DB } from "../db";
import { categoryTree } from "../categories/queries";
import { getEcommerceProduct } from "../ecommerce/detail";
import { ECOMMERCE_PAGE_SIZE, knownSelection, listEcommerceTools } from "../ecommerce/queries";
import { languageCode } from "../ecommerce/offer-facets";
import { OFFER_PARAM_GROUPS, offerSelection } from "./ecommerce-filters";
import { getToolDetail } from "../tools/detail";
import { CARD_COLUMNS, toCards } from "../tools/queries";
import { rankedTools } from "../tools/search-ranking";
import { ApiProblem } from "./problems";
import type { categoryList, ecommerceDetail, ecommerceList, ecommerceListQuery, toolDetail, toolList, toolListQuery } from "./schemas";
import { applyToolFilters, narrowByOffers } from "./tool-filters";

/**
 * What the public API answers, read through the same server domains as the pages (same ranking, same
 * language fallback, same caches), shaped into the API's field names.
 */
type Out<S extends z.ZodType> = z.input<S>;

/** The e-commerce list pages by the directory's fixed page size; deeper than this the pages stop too. */
const MAX_ECOMMERCE_PAGE = 2_500;

/**
 * Opaque cursors: the position in the list and a fingerprint of the query it belongs to, so a cursor sent
 * with other parameters is refused instead of paging a different list.
 */
function fingerprint(query: Record<string, unknown>): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  return crypto.createHash("sha256").update(JSON.stringify(Object.entries(rest).sort())).digest("base64url").slice(0, 10);
}

export function encodeCursor(query: Record<string, unknown>, offset: number): string {
  return Buffer.from(`${offset}.${fingerprint(query)}`).toString("base64url");
}

export function decodeCursor(query: Record<string, unknown>, cursor: string | undefined): number {
  if (!cursor) return 0;
  const [offset, print] = Buffer.from(cursor, "base64url").toString("utf8").split(".");
  const value = Number(offset);
  if (!Number.isSafeInteger(value) || value < 0 || print !== fingerprint(query)) {
    throw new ApiProblem(400, "invalid_cursor", "The cursor does not belong to this list; start again without one.", [{ name: "cursor", reason: "does not belong to this query" }]);
  }
  return value;
}

const pageUrl = (publicUrl: string, lang: Lang, path: string) => absoluteUrl(publicUrl, localizedPath(lang, path));
const imageUrl = (publicUrl: string, url: string | null) => (url ? absoluteUrl(publicUrl, url) : null);

export async function toolListOf(db: DB, query: z.output<typeof toolListQuery>, publicUrl: string): Promise<Out<typeof toolList>> {
  const offset = decodeCursor(query, query.cursor);
  const { lang, q, sort, limit, cursor: _cursor, ...filters } = query;
  const applied = await applyToolFilters(db, lang, filters);
  if (!applied) return { lang, total: 0, data: [], next_cursor: null };
  const ranked = await narrowByOffers(db, await rankedTools(db, { search: q, sort, lang, categoryIds: applied.categoryIds }), applied, !q && !applied.categoryIds);
  const ids = [...ranked.subarray(offset, offset + limit)];
  const rows = ids.length ? await db.selectFrom("tools as t").select([...CARD_COLUMNS, "t.website_url", "t.created_at"]).where("t.id", "in", ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const cards = await toCards(db, lang, ordered);
  const data = cards.map((card, index) => ({
    slug: card.slug,
    name: card.name,
    description: card.description,
    content_language: card.contentLanguage,
    url: pageUrl(publicUrl, lang, `/tool/${card.slug}`),
    website_url: ordered[index]!.website_url || null,
    image_url: imageUrl(publicUrl, card.imageUrl),
    pricing: card.pricing,
    rating: card.rating,
    review_count: card.reviewCount,
    category: card.category,
    added_at: ordered[index]!.created_at,
  }));
  const next = offset + limit < ranked.length ? encodeCursor(query, offset + limit) : null;
  return { lang, total: ranked.length, data, next_cursor: next };
}

export async function toolDetailOf(db: DB, slug: string, lang: Lang, publicUrl: string): Promise<Out<typeof toolDetail> | null> {
  const view = await getToolDetail(db, slug, lang);
  if (!view) return null;
  return {
    slug: view.slug,
    name: view.name,
    subtitle: view.subtitle,
    description: view.description,
    long_description: view.longDescription,
    content_language: view.contentLanguage,
    url: pageUrl(publicUrl, lang, `/tool/${view.slug}`),
    website_url: view.websiteUrl,
    image_url: imageUrl(publicUrl, view.images[0]?.url ?? null),
    pricing: view.pricing,
    rating: view.rating,
    review_count: view.reviewCount,
    category: view.category,
    subcategories: view.subcategories,
    tags: view.tags,
    features: view.features,
    use_cases: view.useCases,
    faq: view.faq,
    updated_at: view.updatedAt,
  };
}

export async function categoryListOf(db: DB, lang: Lang, publicUrl: string): Promise<Out<typeof categoryList>> {
  const tree = await categoryTree(db, lang);
  return {
    lang,
    data: tree.map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      tool_count: c.toolCount,
      url: pageUrl(publicUrl, lang, `/category/${c.slug}`),
      subcategories: c.subcategories.map((s) => ({ slug: s.slug, name: s.name, tool_count: s.toolCount })),
    })),
  };
}

const split = (value: string | undefined) => (value ? [...new Set(value.split(","))] : []);

export async function ecommerceListOf(db: DB, query: z.output<typeof ecommerceListQuery>, publicUrl: string): Promise<Out<typeof ecommerceList>> {
  const offset = decodeCursor(query, query.cursor);
  const page = Math.floor(offset / ECOMMERCE_PAGE_SIZE) + 1;
  if (page > MAX_ECOMMERCE_PAGE) throw new ApiProblem(400, "invalid_cursor", "The list is not paged this deep.", [{ name: "cursor", reason: "past the last page" }]);
  const selection = await knownSelection(db, {
    categories: split(query.categories),
    filters: split(query.filters),
    platforms: split(query.platforms),
    ...offerSelection(query),
  });
  const list = await listEcommerceTools(db, { lang: query.lang, search: query.q ?? "", sort: query.sort, selection, page });
  const { sidebar } = list;
  return {
    lang: query.lang,
    total: list.total,
    data: list.cards.map((card) => ({
      slug: card.slug,
      name: card.name,
      description: card.description,
      content_language: card.contentLanguage,
      url: pageUrl(publicUrl, query.lang, `/ecommerce/${card.slug}`),
      image_url: imageUrl(publicUrl, card.imageUrl),
      pricing: card.pricing,
      rating: card.rating,
      review_count: card.reviewCount,
      tags: card.tags,
    })),
    facets: {
      categories: sidebar.groups.map(({ icon: _icon, color: _color, ...group }) => group),
      filters: sidebar.filters,
      platforms: sidebar.platforms,
      marketplaces: sidebar.marketplaces,
      languages: sidebar.languages.map((value) => ({ ...value, slug: languageCode(value.slug) })),
      checks: sidebar.checks.map(({ group, ...value }) => ({ ...value, parameter: OFFER_PARAM_GROUPS.find(([, g]) => g === group)![0] })),
    },
    next_cursor: list.hasMore && page < MAX_ECOMMERCE_PAGE ? encodeCursor(query, page * ECOMMERCE_PAGE_SIZE) : null,
  };
}

export async function ecommerceDetailOf(db: DB, slug: string, lang: Lang, publicUrl: string): Promise<Out<typeof ecommerceDetail> | null> {
  const product = await getEcommerceProduct(db, slug, lang);
  if (!product) return null;
  const { view } = product;
  return {
    slug: view.slug,
    name: view.name,
    description: view.description,
    content_language: view.contentLanguage,
    url: pageUrl(publicUrl, lang, `/ecommerce/${view.slug}`),
    website_url: view.websiteUrl,
    image_url: imageUrl(publicUrl, view.images[0]?.url ?? null),
    pricing: view.pricing,
    rating: view.rating,
    review_count: view.reviewCount,
    features: view.features,
    pros: view.pros,
    cons: view.cons,
    categories: product.categories,
    platforms: product.platforms.map((p) => ({ slug: p.slug, name: p.name })),
    tags: product.tags,
  };
}
