import type { Lang } from "~/i18n/languages";
import { breadcrumbLd, metaDescription, type Crumb, type PageSeo } from "~/lib/seo";
import { pageUrl } from "../seo/page-seo";
import { detailPath, type ComparableTool } from "./page-data";

/** An alternatives page: its title, description and an `ItemList` of the alternatives in rank order. */
export function alternativesSeo(lang: Lang, path: string, title: string, description: string, items: ComparableTool[], crumbs: Crumb[]): PageSeo {
  return {
    title,
    description: metaDescription(description),
    type: "website",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: title,
        url: pageUrl(lang, path),
        numberOfItems: items.length,
        itemListElement: items.map((tool, i) => ({ "@type": "ListItem", position: i + 1, name: tool.name, url: pageUrl(lang, detailPath(tool.kind, tool.slug)) })),
      },
      breadcrumbLd(crumbs),
    ],
  };
}

/** A comparison page; pairs outside the sitemaps' list and comparisons of three or four are `noindex`. */
export function comparisonSeo(lang: Lang, path: string, title: string, description: string, tools: ComparableTool[], indexable: boolean): PageSeo {
  return {
    title,
    description: metaDescription(description),
    type: "website",
    noindex: !indexable,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: title,
        url: pageUrl(lang, path),
        itemListElement: tools.map((tool, i) => ({ "@type": "ListItem", position: i + 1, name: tool.name, url: pageUrl(lang, detailPath(tool.kind, tool.slug)) })),
      },
    ],
  };
}
