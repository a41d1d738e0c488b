import { htmlLang, localizedPath, type Lang } from "~/i18n/languages";
import { absoluteUrl, breadcrumbLd, faqLd, metaDescription, type Crumb, type PageSeo } from "~/lib/seo";
import { getConfig } from "../config";
import type { DetailView } from "../resolve/types";

/** Spec pricing values mapped to a schema.org Offer price where one is known. */
function offer(view: DetailView, url: string): Record<string, unknown> {
  const free = view.pricing === "free" || view.pricing === "freemium";
  return {
    "@type": "Offer",
    url,
    price: free ? "0" : undefined,
    priceCurrency: free ? "USD" : undefined,
    category: view.pricing,
    availability: "https://schema.org/OnlineOnly",
  };
}

export function pageUrl(lang: Lang, path: string): string {
  return absoluteUrl(getConfig().publicUrl, localizedPath(lang, path));
}

function imageOf(view: DetailView): string | null {
  const first = view.images[0];
  return first ? absoluteUrl(getConfig().publicUrl, first.url) : null;
}

/** Title, description, preview image and JSON-LD of a tool page. */
export function toolPageSeo(view: DetailView, lang: Lang, crumbs: Crumb[], titleSuffix: string): PageSeo {
  const url = pageUrl(lang, `/tool/${view.slug}`);
  const image = imageOf(view);
  const description = metaDescription(view.description || view.subtitle || view.name);
  const app: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: view.name,
    description,
    url,
    applicationCategory: view.category?.name ?? "BusinessApplication",
    operatingSystem: "Web",
    inLanguage: htmlLang(lang),
    offers: offer(view, view.websiteUrl ?? url),
    ...(image ? { image } : {}),
    ...(view.websiteUrl ? { sameAs: view.websiteUrl } : {}),
    ...(view.tags.length ? { keywords: view.tags.join(", ") } : {}),
  };
  // A rating without reviews behind it is not a rating search engines accept.
  if (view.reviewCount > 0 && view.rating > 0) {
    app.aggregateRating = { "@type": "AggregateRating", ratingValue: view.rating, reviewCount: view.reviewCount, bestRating: 5, worstRating: 1 };
  }
  return {
    title: `${view.name} | ${titleSuffix}`,
    description,
    image,
    imageAlt: view.name,
    type: "website",
    jsonLd: [app, breadcrumbLd(crumbs), ...(view.faq.length ? [faqLd(view.faq)] : [])],
  };
}

/** Title, description, preview image and Article JSON-LD of a case-study page. */
export function caseStudyPageSeo(view: DetailView, lang: Lang, crumbs: Crumb[], titleSuffix: string, publisher: string): PageSeo {
  const url = pageUrl(lang, `/case-study/${view.slug}`);
  const image = imageOf(view);
  const description = metaDescription(view.subtitle || view.description || view.name);
  const article: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: view.name.slice(0, 110),
    description,
    url,
    mainEntityOfPage: url,
    inLanguage: htmlLang(lang),
    author: { "@type": "Organization", name: publisher, url: absoluteUrl(getConfig().publicUrl, "/") },
    publisher: { "@type": "Organization", name: publisher, logo: { "@type": "ImageObject", url: absoluteUrl(getConfig().publicUrl, "/og-image.png") } },
    ...(image ? { image } : {}),
    ...(view.publishDate ? { datePublished: view.publishDate } : {}),
    ...(view.updatedAt ? { dateModified: view.updatedAt } : {}),
    ...(view.tags.length ? { keywords: view.tags.join(", ") } : {}),
  };
  return {
    title: `${view.name} | ${titleSuffix}`,
    description,
    image,
    imageAlt: view.name,
    type: "article",
    jsonLd: [article, breadcrumbLd(crumbs)],
  };
}
