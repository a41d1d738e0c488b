import { LISTED_ECOMMERCE_SQL } from "../ecommerce/listed";
import { fieldVariants, languagesShown, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import { ECOMMERCE_BASE_LANGUAGE, ecommerceNameAndDescription, ecommerceTextRows } from "../ecommerce/texts";
import type { DetailView } from "./types";

/**
 * An e-commerce tool seen through the tool-detail shape, for slugs that only
 * exist in the e-commerce catalogue (spec 4.7, third source).
 */
export async function getEcommerceDetail(db: DB, slug: string, lang: string): Promise<DetailView | null> {
  const tool = await db.selectFrom("ecommerce_tools").selectAll().where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
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
  const rows = ecommerceTextRows({ name: tool.name, description: tool.description, features: tool.features, pros: tool.pros, cons: tool.cons }, translations);
  const { name, description } = ecommerceNameAndDescription(rows, lang);
  const list = (field: "features" | "pros" | "cons") => pickLocalized(fieldVariants(rows, (r) => parseStringList(r[field])), lang);
  const features = list("features");
  const pros = list("pros");
  const cons = list("cons");
  const firstCategoryId = categories[0]?.id;
  const categoryName = pickLocalized(
    categories.filter((c) => c.id === firstCategoryId).map((c) => ({ language: c.language ?? "", value: c.name ?? "" })),
    lang,
  );
  const main = description ?? name;
  return {
    source: "ecommerce",
    toolId: null,
    slug: tool.slug,
    name: name?.value ?? tool.slug,
    subtitle: "",
    description: description?.value ?? "",
    longDescription: "",
    features: features?.value ?? [],
    useCases: [],
    faq: [],
    tags: tags.map((t) => t.name),
    benefits: [],
    challenges: [],
    solutions: [],
    results: [],
    pros: pros?.value ?? [],
    cons: cons?.value ?? [],
    websiteUrl: tool.website_url,
    images: tool.image_url ? [{ url: tool.image_url, webpUrl: null }] : [],
    pricing: tool.pricing,
    rating: tool.rating,
    reviewCount: tool.review_count,
    category: categories[0]
      ? { slug: categories[0].slug, name: categoryName?.value ?? categories[0].slug }
      : null,
    subcategories: [],
    publishDate: tool.created_at,
    readTime: null,
    updatedAt: tool.updated_at,
    contentLanguage: main?.language ?? ECOMMERCE_BASE_LANGUAGE,
    // The name is the brand's (the tool row's, which a translation may rename): no fallback to note.
    shownLanguages: languagesShown(description, [features, pros, cons]),
  };
}

/** Every e-commerce tool slug with its last change, for the e-commerce sitemap. */
export async function listEcommerceSitemapEntries(db: DB): Promise<Array<{ slug: string; updatedAt: string }>> {
  const rows = await db.selectFrom("ecommerce_tools").select(["slug", "updated_at"]).where(LISTED_ECOMMERCE_SQL).orderBy("id").execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
