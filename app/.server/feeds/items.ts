import { LISTED_ECOMMERCE_SQL } from "../ecommerce/listed";
import { localizedPath, type Lang } from "~/i18n/languages";
import type { DB } from "../db";
import { resolveCategoryFilter } from "../categories/queries";
import { listCaseStudies } from "../case-studies/queries";
import { ecommerceNameAndDescription, ecommerceTextRows } from "../ecommerce/texts";
import { CARD_COLUMNS, toCards } from "../tools/queries";
import { rankedTools } from "../tools/search-ranking";

/** Every feed carries the newest 50 entries. */
export const FEED_SIZE = 50;

/** One entry of a feed, in the feed's language where the entity has it (spec 4.7 fallback). */
export interface FeedEntry {
  /** Site path of the page the entry links to (prefixed with the feed's language); also the entry's id. */
  path: string;
  title: string;
  summary: string;
  /** Language the title/summary are actually in. */
  contentLanguage: string;
  published: string;
  updated: string;
  image: string | null;
  category: string | null;
}

import type { FeedKind } from "~/lib/feeds";

export interface FeedSource {
  kind: FeedKind;
  lang: Lang;
  /** Name of the category a category feed follows. */
  categoryName?: string;
  entries: FeedEntry[];
}

/** The newest tools, optionally of one category (top-level ones include their subcategories); null for an unknown category. */
export async function newToolEntries(db: DB, lang: Lang, categorySlug?: string): Promise<{ entries: FeedEntry[]; categoryName?: string } | null> {
  const category = categorySlug ? await resolveCategoryFilter(db, lang, categorySlug) : undefined;
  if (category === null || (category && category.slug !== categorySlug?.toLowerCase())) return null;
  // The newest order of the list pages, shared with them (cached per catalogue generation).
  const ranked = await rankedTools(db, { sort: "newest", lang, categoryIds: category?.ids });
  const ids = [...ranked.subarray(0, FEED_SIZE)];
  if (ids.length === 0) return { entries: [], categoryName: category?.name };
  const rows = await db.selectFrom("tools as t").select([...CARD_COLUMNS, "t.created_at", "t.updated_at"]).where("t.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const cards = await toCards(db, lang, ordered);
  const entries = cards.map((card, index) => {
    const row = ordered[index]!;
    return {
      path: localizedPath(lang, `/tool/${card.slug}`),
      title: card.name,
      summary: card.description,
      contentLanguage: card.contentLanguage,
      published: row.created_at,
      updated: row.updated_at > row.created_at ? row.updated_at : row.created_at,
      image: card.imageUrl,
      category: card.category?.name ?? null,
    };
  });
  return { entries, categoryName: category?.name };
}

/** The newest e-commerce tools, named in the feed's language where they have it. */
export async function newEcommerceEntries(db: DB, lang: Lang): Promise<FeedEntry[]> {
  const rows = await db
    .selectFrom("ecommerce_tools")
    .select(["id", "slug", "name", "description", "image_url", "created_at", "updated_at"])
    .where(LISTED_ECOMMERCE_SQL)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(FEED_SIZE)
    .execute();
  if (rows.length === 0) return [];
  const translations = await db
    .selectFrom("ecommerce_tool_translations")
    .select(["tool_id", "language", "name", "description"])
    .where("tool_id", "in", rows.map((r) => r.id))
    .execute();
  return rows.map((row) => {
    const own = translations.filter((t) => t.tool_id === row.id);
    const { name, description } = ecommerceNameAndDescription(ecommerceTextRows({ name: row.name, description: row.description }, own), lang);
    return {
      path: localizedPath(lang, `/ecommerce/${row.slug}`),
      title: name?.value ?? row.name,
      summary: description?.value ?? "",
      contentLanguage: (name ?? description)?.language ?? lang,
      published: row.created_at,
      updated: row.updated_at > row.created_at ? row.updated_at : row.created_at,
      image: row.image_url,
      category: null,
    };
  });
}

/** The newest case studies (by publication date), titled in the feed's language where they have it. */
export async function caseStudyEntries(db: DB, lang: Lang): Promise<FeedEntry[]> {
  const summaries = (await listCaseStudies(db, lang)).slice(0, FEED_SIZE);
  if (summaries.length === 0) return [];
  const rows = await db.selectFrom("case_studies").select(["slug", "created_at", "updated_at"]).where("slug", "in", summaries.map((s) => s.slug)).execute();
  const datesOf = new Map(rows.map((row) => [row.slug, row]));
  return summaries.map((study) => {
    const dates = datesOf.get(study.slug);
    const published = toIsoDate(study.publishDate) ?? dates?.created_at ?? new Date(0).toISOString();
    const updated = dates && dates.updated_at > published ? dates.updated_at : published;
    return {
      path: localizedPath(lang, `/case-study/${study.slug}`),
      title: study.title,
      summary: study.subtitle,
      contentLanguage: study.contentLanguage,
      published,
      updated,
      image: study.coverImage,
      category: null,
    };
  });
}

/** A stored publication date (`2025-03-01` or a full timestamp) as an ISO timestamp; null when it does not parse. */
function toIsoDate(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
