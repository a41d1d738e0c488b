import { LISTED_ECOMMERCE_SQL } from "../ecommerce/listed";
import { fieldVariants, languagesShown, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import { ECOMMERCE_BASE_LANGUAGE, ecommerceNameAndDescription, ecommerceTextRows } from "../ecommerce/texts";
import type { CategoryRef, DetailView, ToolSummary } from "./types";

/**
 * An e-commerce tool seen through the tool-detail shape, for slugs that only
 * exist in the e-commerce catalogue (spec 4.7, third source).
 */
export async function getEcommerceDetail(db: DB, slug: string, lang: string): Promise<DetailView | null> {
  const tool = await db.selectFrom("ecommerce_tools").selectAll().where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  if (!tool) return null;
  const [translations, categories, tags] = await Promise.all([
    db.selectFrom("ecommerce_tool_translations").selectAll().where("tool_id", "=", tool.id).orderBy("language").execute(),
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
  const { name, description, features, pros, cons } = pickTexts(tool, translations, lang);
  const category = firstCategory(categories, lang);
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
    category,
    subcategories: [],
    publishDate: tool.created_at,
    readTime: null,
    updatedAt: tool.updated_at,
    contentLanguage: main?.language ?? ECOMMERCE_BASE_LANGUAGE,
    // The name is the brand's (the tool row's, which a translation may rename): no fallback to note.
    shownLanguages: languagesShown(description, [features, pros, cons]),
  };
}

type TextColumns = { name: string | null; description: string | null; features: string; pros: string; cons?: string };

/** Name, description and lists in the page language's best versions, each field on its own (spec 4.7). */
function pickTexts(tool: TextColumns, translations: ReadonlyArray<TextColumns & { language: string }>, lang: string) {
  const rows = ecommerceTextRows({ name: tool.name, description: tool.description, features: tool.features, pros: tool.pros, cons: tool.cons }, translations);
  const list = (field: "features" | "pros" | "cons") => pickLocalized(fieldVariants(rows, (r) => parseStringList(r[field])), lang);
  return { ...ecommerceNameAndDescription(rows, lang), features: list("features"), pros: list("pros"), cons: list("cons") };
}

/** The first category (rows in category order, one per name), named in the page language where possible. */
function firstCategory(rows: ReadonlyArray<{ id: number; slug: string; language: string | null; name: string | null }>, lang: string): CategoryRef | null {
  const first = rows[0];
  if (!first) return null;
  const name = pickLocalized(rows.filter((c) => c.id === first.id).map((c) => ({ language: c.language ?? "", value: c.name ?? "" })), lang);
  return { slug: first.slug, name: name?.value ?? first.slug };
}

/** What the alternatives and comparison pages show of each published e-commerce tool of `ids`, as the tool's page picks it. */
export async function readEcommerceSummaries(db: DB, ids: readonly number[], lang: string): Promise<Map<number, ToolSummary>> {
  if (ids.length === 0) return new Map();
  const [tools, translations, categories] = await Promise.all([
    db
      .selectFrom("ecommerce_tools")
      .select(["id", "slug", "name", "description", "features", "pros", "image_url", "pricing", "rating", "review_count"])
      .where("id", "in", [...ids])
      .where("status", "=", "published")
      .execute(),
    db.selectFrom("ecommerce_tool_translations").select(["tool_id", "language", "name", "description", "features", "pros"]).where("tool_id", "in", [...ids]).orderBy("language").execute(),
    db
      .selectFrom("ecommerce_tool_categories as tc")
      .innerJoin("ecommerce_categories as c", "c.id", "tc.category_id")
      .leftJoin("ecommerce_category_translations as t", "t.category_id", "c.id")
      .select(["tc.tool_id", "c.id", "c.slug", "t.language", "t.name"])
      .where("tc.tool_id", "in", [...ids])
      .orderBy("c.sort_order")
      .orderBy("c.id")
      .execute(),
  ]);
  const byTool = <R extends { tool_id: number }>(rows: R[]) => {
    const grouped = new Map<number, R[]>();
    for (const row of rows) grouped.set(row.tool_id, [...(grouped.get(row.tool_id) ?? []), row]);
    return grouped;
  };
  const [translationsOf, categoriesOf] = [byTool(translations), byTool(categories)];
  return new Map(
    tools.map((tool) => {
      const { name, description, features, pros } = pickTexts(tool, translationsOf.get(tool.id) ?? [], lang);
      const category = firstCategory(categoriesOf.get(tool.id) ?? [], lang);
      const main = description ?? name;
      const summary: ToolSummary = {
        id: tool.id,
        slug: tool.slug,
        name: name?.value ?? tool.slug,
        description: description?.value ?? "",
        imageUrl: tool.image_url || null,
        pricing: tool.pricing,
        rating: tool.rating,
        reviewCount: tool.review_count,
        categories: category ? [category.name] : [],
        features: features?.value ?? [],
        useCases: pros?.value ?? [],
        contentLanguage: main?.language ?? ECOMMERCE_BASE_LANGUAGE,
      };
      return [tool.id, summary];
    }),
  );
}

/** Every e-commerce tool slug with its last change, for the e-commerce sitemap. */
export async function listEcommerceSitemapEntries(db: DB): Promise<Array<{ slug: string; updatedAt: string }>> {
  const rows = await db.selectFrom("ecommerce_tools").select(["slug", "updated_at"]).where(LISTED_ECOMMERCE_SQL).orderBy("id").execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
