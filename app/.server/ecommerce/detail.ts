import { htmlLang, localizedPath, type Lang } from "~/i18n/languages";
import { absoluteUrl, breadcrumbLd, metaDescription, type PageSeo } from "~/lib/seo";
import { getConfig } from "../config";
import type { DB } from "../db";
import { getEcommerceDetail } from "../resolve/ecommerce-source";
import type { DetailView } from "../resolve/types";
import { pageUrl } from "../seo/page-seo";
import { valueNames } from "./labels";
import { relatedEcommerceTools, type EcommerceCard } from "./queries";
import { getSnapshot } from "./snapshot";

/**
 * An e-commerce product page: the resolver's view of the tool (texts in the
 * best language, spec 4.7), every category and tag named in the page
 * language, its platforms, and related tools.
 */
export interface EcommerceDetail {
  id: number;
  view: DetailView;
  categories: Array<{ slug: string; name: string }>;
  tags: string[];
  platforms: Array<{ slug: string; name: string }>;
  related: EcommerceCard[];
}

/** Whether an administrator unpublished the e-commerce tool at this slug (its page answers 410, not the list). */
export async function isUnpublishedEcommerce(db: DB, slug: string): Promise<boolean> {
  const row = await db.selectFrom("ecommerce_tools").select("status").where("slug", "=", slug).executeTakeFirst();
  return row !== undefined && row.status !== "published";
}

export async function getEcommerceProduct(db: DB, slug: string, lang: Lang): Promise<EcommerceDetail | null> {
  const view = await getEcommerceDetail(db, slug, lang);
  if (!view) return null;
  const snapshot = await getSnapshot(db);
  const tool = await db.selectFrom("ecommerce_tools").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const [names, categoryRows, tagRows, platformRows, related] = await Promise.all([
    valueNames(lang),
    db
      .selectFrom("ecommerce_tool_categories as tc")
      .innerJoin("ecommerce_categories as c", "c.id", "tc.category_id")
      .select(["c.id", "c.slug"])
      .where("tc.tool_id", "=", tool.id)
      .orderBy("c.sort_order")
      .execute(),
    db.selectFrom("ecommerce_tool_tags as tt").innerJoin("ecommerce_tags as g", "g.id", "tt.tag_id").select(["g.slug", "g.name"]).where("tt.tool_id", "=", tool.id).orderBy("g.name").execute(),
    db
      .selectFrom("ecommerce_tool_platforms as tp")
      .innerJoin("ecommerce_platforms as p", "p.id", "tp.platform_id")
      .select(["p.slug", "p.name"])
      .where("tp.tool_id", "=", tool.id)
      .orderBy("p.sort_order")
      .execute(),
    relatedEcommerceTools(db, tool.id, lang),
  ]);
  const storedNames = new Map(snapshot.taxonomy.groups.flatMap((g) => [[g.slug, g.names] as const, ...g.subcategories.map((s) => [s.slug, s.names] as const)]));
  const tags = tagRows.map((t) => names.name("tags", t.slug, t.name));
  return {
    id: tool.id,
    view: { ...view, tags },
    categories: categoryRows.map((c) => ({ slug: c.slug, name: names.name("categories", c.slug, storedNames.get(c.slug)) })),
    tags,
    platforms: platformRows,
    related,
  };
}

/** Title, description, image and JSON-LD (SoftwareApplication + breadcrumbs) of a product page. */
export function ecommerceProductSeo(product: EcommerceDetail, lang: Lang, listName: string, siteName: string): PageSeo {
  const { view } = product;
  const url = pageUrl(lang, `/ecommerce/${view.slug}`);
  const image = view.images[0] ? absoluteUrl(getConfig().publicUrl, view.images[0].url) : null;
  const description = metaDescription(view.description || view.name);
  const free = view.pricing === "free" || view.pricing === "freemium";
  const app: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: view.name,
    description,
    url,
    applicationCategory: "BusinessApplication",
    applicationSubCategory: product.categories[0]?.name,
    operatingSystem: "Web",
    inLanguage: htmlLang(lang),
    offers: { "@type": "Offer", url: view.websiteUrl ?? url, category: view.pricing, ...(free ? { price: "0", priceCurrency: "USD" } : {}) },
    ...(image ? { image } : {}),
    ...(view.websiteUrl ? { sameAs: view.websiteUrl } : {}),
    ...(product.tags.length ? { keywords: product.tags.join(", ") } : {}),
  };
  if (view.reviewCount > 0 && view.rating > 0) {
    app.aggregateRating = { "@type": "AggregateRating", ratingValue: view.rating, reviewCount: view.reviewCount, bestRating: 5, worstRating: 1 };
  }
  const crumbs = [
    { name: siteName, url: pageUrl(lang, "/") },
    { name: listName, url: pageUrl(lang, "/ecommerce") },
    { name: view.name, url },
  ];
  return { title: `${view.name} | ${siteName}`, description, image, imageAlt: view.name, type: "website", jsonLd: [app, breadcrumbLd(crumbs)] };
}

export function ecommerceListPath(lang: Lang, missingSlug?: string): string {
  const path = localizedPath(lang, "/ecommerce");
  return missingSlug ? `${path}?missing=${encodeURIComponent(missingSlug)}` : path;
}
