import { pickContentLanguage } from "~/lib/language-fallback";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import type { DetailView } from "./types";

/**
 * An e-commerce tool seen through the tool-detail shape, for slugs that only
 * exist in the e-commerce catalogue (spec 4.7, third source).
 */
export async function getEcommerceDetail(db: DB, slug: string, lang: string): Promise<DetailView | null> {
  const tool = await db.selectFrom("ecommerce_tools").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!tool) return null;
  const [translations, categories, tags] = await Promise.all([
    db.selectFrom("ecommerce_tool_translations").selectAll().where("tool_id", "=", tool.id).execute(),
    db
      .selectFrom("ecommerce_tool_categories as tc")
      .innerJoin("ecommerce_categories as c", "c.id", "tc.category_id")
      .leftJoin("ecommerce_category_translations as t", "t.category_id", "c.id")
      .select(["c.id", "c.slug", "t.language", "t.name"])
      .where("tc.tool_id", "=", tool.id)
      .orderBy("c.sort_order")
      .orderBy("c.id")
      .execute(),
    db
      .selectFrom("ecommerce_tool_tags as tt")
      .innerJoin("ecommerce_tags as g", "g.id", "tt.tag_id")
      .select("g.name")
      .where("tt.tool_id", "=", tool.id)
      .orderBy("g.name")
      .execute(),
  ]);
  const textRows = translations.filter((t) => t.name || t.description);
  const language = pickContentLanguage(textRows.map((t) => t.language), lang);
  const text = textRows.find((t) => t.language === language);
  const pickList = (field: "features" | "pros" | "cons", base: string) => {
    const filled = translations.filter((t) => parseStringList(t[field]).length > 0);
    const chosen = pickContentLanguage(filled.map((t) => t.language), lang);
    const row = filled.find((t) => t.language === chosen);
    return row ? { language: row.language, value: parseStringList(row[field]) } : { language: null, value: parseStringList(base) };
  };
  const features = pickList("features", tool.features);
  const pros = pickList("pros", tool.pros);
  const cons = pickList("cons", tool.cons);
  // The base row is written in English; translations override it.
  const contentLanguage = text?.language ?? "us-en";
  const firstCategoryId = categories[0]?.id;
  const categoryNames = categories.filter((c) => c.id === firstCategoryId && c.language && c.name);
  const categoryLanguage = pickContentLanguage(categoryNames.map((c) => c.language!), lang);
  const shown = new Set([contentLanguage, ...[features, pros, cons].map((s) => s.language ?? "us-en")]);
  return {
    source: "ecommerce",
    toolId: null,
    slug: tool.slug,
    name: text?.name || tool.name,
    subtitle: "",
    description: text?.description || tool.description || "",
    longDescription: "",
    features: features.value,
    useCases: [],
    faq: [],
    tags: tags.map((t) => t.name),
    benefits: [],
    challenges: [],
    solutions: [],
    results: [],
    pros: pros.value,
    cons: cons.value,
    websiteUrl: tool.website_url,
    images: tool.image_url ? [{ url: tool.image_url, webpUrl: null }] : [],
    pricing: tool.pricing,
    rating: tool.rating,
    reviewCount: tool.review_count,
    category: categories[0]
      ? { slug: categories[0].slug, name: categoryNames.find((c) => c.language === categoryLanguage)?.name ?? categories[0].slug }
      : null,
    subcategories: [],
    publishDate: tool.created_at,
    readTime: null,
    updatedAt: tool.updated_at,
    contentLanguage,
    shownLanguages: [...shown],
  };
}

/** Every e-commerce tool slug with its last change, for the e-commerce sitemap. */
export async function listEcommerceSitemapEntries(db: DB): Promise<Array<{ slug: string; updatedAt: string }>> {
  const rows = await db.selectFrom("ecommerce_tools").select(["slug", "updated_at"]).orderBy("id").execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
