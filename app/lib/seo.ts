import { htmlLang, LANGUAGES, localizedPath, splitLangPath, type Lang } from "~/i18n/languages";

/**
 * What a page tells the shared <Seo> head about itself. Loaders return it as
 * `seo`; the root layout renders title, description, canonical, hreflang,
 * Open Graph, Twitter and JSON-LD tags from it (and site defaults without it).
 */
export interface PageSeo {
  title: string;
  description: string;
  /** Absolute or site-relative image for link previews; the site image when absent. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
  jsonLd?: Array<Record<string, unknown>>;
}

/** Default link-preview image (1200x630). */
export const DEFAULT_OG_IMAGE = "/og-image.png";

/** Query parameters that select different content and so stay in the canonical URL. */
const CANONICAL_PARAMS = ["category", "page"];

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function keptQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of CANONICAL_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** The prefixed form of a page in `lang` (unprefixed us-en paths become /us-en/...). */
export function canonicalUrl(publicUrl: string, pathname: string, search = "", lang?: Lang): string {
  const { lang: pathLang, rest } = splitLangPath(pathname);
  return absoluteUrl(publicUrl, localizedPath(lang ?? pathLang, rest) + keptQuery(search));
}

/** One alternate per interface language plus x-default (the unprefixed path). */
export function alternateUrls(publicUrl: string, pathname: string, search = ""): Array<{ hreflang: string; href: string }> {
  const { rest } = splitLangPath(pathname);
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: htmlLang(lang), href: canonicalUrl(publicUrl, pathname, search, lang) })),
    { hreflang: "x-default", href: absoluteUrl(publicUrl, rest + keptQuery(search)) },
  ];
}

export const OG_LOCALES: Record<Lang, string> = {
  "us-en": "en_US",
  "zh-CN": "zh_CN",
  "zh-TW": "zh_TW",
  ko: "ko_KR",
  ja: "ja_JP",
  pt: "pt_BR",
  es: "es_ES",
  de: "de_DE",
  fr: "fr_FR",
  vi: "vi_VN",
};

/** JSON for an inline `application/ld+json` script: `<` escaped so no text can close the tag. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** Trims text to a meta description length on a word boundary. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbLd(crumbs: Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export function faqLd(items: Array<{ question: string; answer: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function websiteLd(publicUrl: string, lang: Lang, name: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name,
    url: absoluteUrl(publicUrl, localizedPath(lang, "/")),
    inLanguage: htmlLang(lang),
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(publicUrl, localizedPath(lang, "/tools"))}?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}
