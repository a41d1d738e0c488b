import { displayCategoryName } from "~/lib/category-name";
import { fieldVariants, languagesShown, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { readIntAndTextColumns } from "../db/int-columns";
import { parseJson, parseStringList } from "../db/values";
import type { CategoryRef, DetailView, FaqItem, ToolSummary } from "../resolve/types";
import { categoryNamesBySlug, resolveCategoryFilter } from "../categories/queries";
import { listTools, type ToolCard } from "./queries";

/** FAQ entries as stored (JSON list of {question, answer}); malformed entries are dropped. */
export function parseFaq(text: string | null | undefined): FaqItem[] {
  const value = parseJson<unknown>(text, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const { question, answer } = item as Record<string, unknown>;
    return typeof question === "string" && typeof answer === "string" && question.trim() ? [{ question, answer }] : [];
  });
}

/**
 * Picks each field on its own (spec 4.7): its language is the best available
 * among rows where that field is filled in, so a tool with a Korean name but
 * only English FAQ shows both.
 */
function pickFieldSet<R extends { language: string }, T>(rows: R[], lang: string, read: (row: R) => T, filled?: (value: T) => boolean) {
  return pickLocalized(fieldVariants(rows, read), lang, filled);
}

type ImageColumns = Record<"screenshot_url" | "screenshot_webp_url" | "image_url" | "image_webp_url" | "preview_url" | "preview_webp_url", string | null>;

/** A tool's images in the detail page's order: the website's screenshot is the preview where there is one; cards keep the mark. */
function detailImages(tool: ImageColumns): Array<{ url: string; webpUrl: string | null }> {
  return [
    tool.screenshot_url ? { url: tool.screenshot_url, webpUrl: tool.screenshot_webp_url } : null,
    tool.image_url ? { url: tool.image_url, webpUrl: tool.image_webp_url } : null,
    tool.preview_url ? { url: tool.preview_url, webpUrl: tool.preview_webp_url } : null,
  ].filter((image): image is NonNullable<typeof image> => image !== null);
}

/** A published tool with every field set resolved for `lang`, or null. */
export async function getToolDetail(db: DB, slug: string, lang: string): Promise<DetailView | null> {
  const tool = await db
    .selectFrom("tools")
    .selectAll()
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!tool) return null;
  const [translations, categories] = await Promise.all([
    db
      .selectFrom("tool_translations")
      .select(["language", "name", "subtitle", "description", "long_description", "features", "use_cases", "faq", "tags", "updated_at"])
      .where("tool_id", "=", tool.id)
      // A stable order makes "the first available language" the same on every read.
      .orderBy("language")
      .execute(),
    listToolCategories(db, tool.id, lang),
  ]);
  const name = pickFieldSet(translations, lang, (r) => r.name);
  const description = pickFieldSet(translations, lang, (r) => r.description);
  const subtitle = pickFieldSet(translations, lang, (r) => r.subtitle);
  const longDescription = pickFieldSet(translations, lang, (r) => r.long_description);
  const text = description ?? name;
  const features = pickFieldSet(translations, lang, (r) => parseStringList(r.features));
  const useCases = pickFieldSet(translations, lang, (r) => parseStringList(r.use_cases));
  const faq = pickFieldSet(translations, lang, (r) => parseFaq(r.faq));
  const tags = pickFieldSet(translations, lang, (r) => parseStringList(r.tags));
  const contentLanguage = text?.language ?? lang;
  const shownLanguages = languagesShown(text, [name, subtitle, longDescription, features, useCases, faq, tags]);
  const images = detailImages(tool);
  const lastTranslation = translations.map((t) => t.updated_at).sort().at(-1);
  return {
    source: "database",
    toolId: tool.id,
    slug: tool.slug,
    name: name?.value || tool.slug,
    subtitle: subtitle?.value ?? "",
    description: description?.value ?? "",
    longDescription: longDescription?.value ?? "",
    features: features?.value ?? [],
    useCases: useCases?.value ?? [],
    faq: faq?.value ?? [],
    tags: tags?.value ?? [],
    benefits: [],
    challenges: [],
    solutions: [],
    results: [],
    pros: [],
    cons: [],
    websiteUrl: tool.website_url,
    images,
    pricing: tool.pricing,
    rating: tool.rating,
    reviewCount: tool.review_count,
    category: categories.top,
    subcategories: categories.subcategories,
    publishDate: tool.created_at,
    readTime: null,
    updatedAt: [tool.updated_at, lastTranslation].filter(Boolean).sort().at(-1) ?? null,
    contentLanguage,
    shownLanguages,
  };
}

interface ToolCategories {
  top: CategoryRef | null;
  subcategories: CategoryRef[];
}

/** First top-level category and all subcategories of a tool, named in the page language where possible. */
async function listToolCategories(db: DB, toolId: number, lang: string): Promise<ToolCategories> {
  return (await toolCategoriesOf(db, [toolId], lang)).get(toolId)!;
}

/**
 * The same for several tools in one read (in each tool's own order: position, then id). Names come from the
 * categories' cached names (a small table, named once per language): the links alone are read per page.
 */
async function toolCategoriesOf(db: DB, toolIds: readonly number[], lang: string): Promise<Map<number, ToolCategories>> {
  const [rows, names] = await Promise.all([
    db
      .selectFrom("tool_categories as tc")
      .innerJoin("categories as c", "c.id", "tc.category_id")
      .select(["tc.tool_id", "c.slug", "c.parent_id"])
      .where("tc.tool_id", "in", [...toolIds])
      .orderBy("tc.position")
      .orderBy("c.id")
      .execute(),
    categoryNamesBySlug(db, lang),
  ]);
  const byTool = new Map<number, ToolCategories>(toolIds.map((id) => [id, { top: null, subcategories: [] }]));
  for (const row of rows) {
    const categories = byTool.get(row.tool_id)!;
    const ref = { slug: row.slug, name: names.get(row.slug) ?? displayCategoryName(row.slug) };
    if (row.parent_id !== null) categories.subcategories.push(ref);
    else categories.top ??= ref;
  }
  return byTool;
}

/**
 * What the alternatives and comparison pages show of each published tool of `ids`, picked as `getToolDetail`
 * picks (same rows, same language choice per field): three reads for the whole page, not three per tool.
 */
export async function readToolSummaries(db: DB, ids: readonly number[], lang: string): Promise<Map<number, ToolSummary>> {
  if (ids.length === 0) return new Map();
  const [tools, translations, categories] = await Promise.all([
    db
      .selectFrom("tools")
      .select(["id", "slug", "pricing", "rating", "review_count", "screenshot_url", "screenshot_webp_url", "image_url", "image_webp_url", "preview_url", "preview_webp_url"])
      .where("id", "in", [...ids])
      .where("status", "=", "published")
      .execute(),
    db
      .selectFrom("tool_translations")
      .select(["tool_id", "language", "name", "description", "features", "use_cases"])
      .where("tool_id", "in", [...ids])
      .orderBy("language")
      .execute(),
    toolCategoriesOf(db, ids, lang),
  ]);
  const translationsOf = new Map<number, typeof translations>();
  for (const row of translations) {
    const rows = translationsOf.get(row.tool_id);
    if (rows) rows.push(row);
    else translationsOf.set(row.tool_id, [row]);
  }
  const summaries = new Map<number, ToolSummary>();
  for (const tool of tools) {
    const rows = translationsOf.get(tool.id) ?? [];
    const name = pickFieldSet(rows, lang, (r) => r.name);
    const description = pickFieldSet(rows, lang, (r) => r.description);
    const features = pickFieldSet(rows, lang, (r) => parseStringList(r.features));
    const useCases = pickFieldSet(rows, lang, (r) => parseStringList(r.use_cases));
    const image = detailImages(tool)[0];
    const { top, subcategories } = categories.get(tool.id)!;
    summaries.set(tool.id, {
      id: tool.id,
      slug: tool.slug,
      name: name?.value || tool.slug,
      description: description?.value ?? "",
      imageUrl: image ? (image.webpUrl ?? image.url) : null,
      pricing: tool.pricing,
      rating: tool.rating,
      reviewCount: tool.review_count,
      categories: subcategories.length ? subcategories.map((c) => c.name) : top ? [top.name] : [],
      features: features?.value ?? [],
      useCases: useCases?.value ?? [],
      contentLanguage: (description ?? name)?.language ?? lang,
    });
  }
  return summaries;
}

/** Cards read for the related block: the category page's first cards, so both share one cached read. */
export const RELATED_LIST_SIZE = 12;

/**
 * Other published tools of the tool's category, in the order of the list the "view more" link opens
 * (the category with its subcategories, listing order). Read from the cached ranking of that list, so
 * a tool page never sorts a category per request; the tool itself is left out.
 */
export async function listRelatedTools(
  db: DB,
  options: { categorySlug: string | null; excludeSlug: string; lang: string; limit?: number },
): Promise<ToolCard[]> {
  if (!options.categorySlug) return [];
  const category = await resolveCategoryFilter(db, options.lang, options.categorySlug);
  if (!category) return [];
  const page = await listTools(db, { lang: options.lang, categoryIds: category.ids, sort: "popular", page: 1, pageSize: RELATED_LIST_SIZE });
  return page.tools.filter((tool) => tool.slug !== options.excludeSlug).slice(0, options.limit ?? 6);
}

/**
 * Every published tool slug with its last change, for sitemaps; a discontinued tool's `noindex` page is left out.
 * Read as columns in the background worker on SQLite: 100k rows on the main connection stopped every request.
 */
export async function listToolSitemapEntries(db: DB): Promise<Array<{ slug: string; updatedAt: string }>> {
  const query = db.selectFrom("tools").select(["slug", "updated_at"]).where("status", "=", "published").where("discontinued_at", "is", null).orderBy("id");
  const {
    texts: [slugs, updatedAt],
  } = await readIntAndTextColumns(db, query, [] as const, ["slug", "updated_at"] as const, { rebuild: true });
  return slugs.map((slug, i) => ({ slug, updatedAt: updatedAt[i]! }));
}

/** Per-language content of a tool as the static data files of spec 7.2 carry it. */
export async function getToolMultilingualData(db: DB, slug: string) {
  const tool = await db.selectFrom("tools").selectAll().where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  if (!tool) return null;
  const [translations, categories] = await Promise.all([
    db.selectFrom("tool_translations").selectAll().where("tool_id", "=", tool.id).orderBy("language").execute(),
    listToolCategories(db, tool.id, "us-en"),
  ]);
  const images = [tool.image_url, tool.preview_url].filter((u): u is string => Boolean(u));
  const content = Object.fromEntries(
    translations.map((t) => [
      t.language,
      {
        title: t.name,
        name: t.name,
        subtitle: t.subtitle ?? "",
        description: t.description ?? "",
        category: categories.top?.slug ?? "",
        features: parseStringList(t.features),
        useCases: parseStringList(t.use_cases),
        faq: parseFaq(t.faq),
        tags: parseStringList(t.tags),
        images,
        lastUpdated: t.updated_at,
        websiteUrl: tool.website_url,
        rating: tool.review_count > 0 ? tool.rating : null,
        reviewCount: tool.review_count,
        pricing: tool.pricing,
      },
    ]),
  );
  return { slug: tool.slug, languages: translations.map((t) => t.language), content };
}
