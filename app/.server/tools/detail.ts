import { displayCategoryName } from "~/lib/category-name";
import { fieldVariants, languagesShown, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { readIntAndTextColumns } from "../db/int-columns";
import { parseJson, parseStringList } from "../db/values";
import type { CategoryRef, DetailView, FaqItem } from "../resolve/types";
import { resolveCategoryFilter } from "../categories/queries";
import { listTools, type ToolCard } from "./queries";

type TranslationRow = {
  language: string;
  name: string;
  subtitle: string | null;
  description: string | null;
  long_description: string | null;
  features: string;
  use_cases: string;
  faq: string;
  tags: string;
  updated_at: string;
};

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
function pickFieldSet<T>(rows: TranslationRow[], lang: string, read: (row: TranslationRow) => T, filled?: (value: T) => boolean) {
  return pickLocalized(fieldVariants(rows, read), lang, filled);
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
  const images = [
    // The website's screenshot is the preview where there is one; cards keep the mark.
    tool.screenshot_url ? { url: tool.screenshot_url, webpUrl: tool.screenshot_webp_url } : null,
    tool.image_url ? { url: tool.image_url, webpUrl: tool.image_webp_url } : null,
    tool.preview_url ? { url: tool.preview_url, webpUrl: tool.preview_webp_url } : null,
  ].filter((image): image is NonNullable<typeof image> => image !== null);
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

/** First top-level category and all subcategories of a tool, named in the page language where possible. */
async function listToolCategories(db: DB, toolId: number, lang: string): Promise<{ top: CategoryRef | null; subcategories: CategoryRef[] }> {
  const rows = await db
    .selectFrom("tool_categories as tc")
    .innerJoin("categories as c", "c.id", "tc.category_id")
    .leftJoin("category_translations as ct", "ct.category_id", "c.id")
    .select(["c.id", "c.slug", "c.parent_id", "tc.position", "ct.language", "ct.name"])
    .where("tc.tool_id", "=", toolId)
    .orderBy("tc.position")
    .orderBy("c.id")
    .execute();
  const byId = new Map<number, typeof rows>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  const refs = [...byId.values()].map((names) => {
    const first = names[0]!;
    const name = pickLocalized(names.map((n) => ({ language: n.language ?? "", value: n.name ?? "" })), lang);
    return { top: first.parent_id === null, ref: { slug: first.slug, name: displayCategoryName(name?.value ?? first.slug) } };
  });
  return { top: refs.find((r) => r.top)?.ref ?? null, subcategories: refs.filter((r) => !r.top).map((r) => r.ref) };
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
