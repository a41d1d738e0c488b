import { useContext } from "react";
import { useT, useI18n } from "~/i18n/translator";
import { UNSAFE_DataRouterStateContext, useLocation, useMatches } from "react-router";
import { useLang } from "~/i18n/hooks";
import { LANGUAGES, splitLangPath } from "~/i18n/languages";
import { useNonce } from "~/lib/nonce";
import { FeedLinks } from "~/components/feeds/feed-links";
import {
  absoluteUrl,
  alternateUrls,
  canonicalUrl,
  DEFAULT_OG_IMAGE,
  jsonLdText,
  OG_LOCALES,
  websiteLd,
  type PageSeo,
} from "~/lib/seo";

/** Pages whose loaders return no `seo`: their link-preview title names the page, not only the site. */
const PATH_TITLE_KEYS: Record<string, string> = {
  "/tools": "common:nav.tools",
  "/ecommerce": "common:nav.ecommerce",
  "/about": "common:footer.about",
  "/contact": "common:footer.contact",
  "/careers": "common:footer.careers",
  "/privacy-policy": "common:footer.privacy",
  "/terms-of-service": "common:footer.terms",
  "/case-studies": "common:footer.caseStudies",
};

function usePathTitle(rest: string): string | null {
  const t = useT(["common", "categories"]);
  const i18n = useI18n();
  const key = PATH_TITLE_KEYS[rest];
  if (key) return t(key);
  const category = /^\/(?:category|tools)\/([^/]+)$/.exec(rest)?.[1];
  const categoryKey = category ? `categories:names.${category}` : null;
  return categoryKey && i18n.exists(categoryKey) ? t(categoryKey) : null;
}

/**
 * The `seo` a page's loader returned (deepest route first), if any. On an error screen only routes down to
 * the one showing the error count: a page below it may have loaded (loaders run in parallel) while the
 * language segment above it was refused (`/xx`, which matches the home page).
 */
function usePageSeo(): PageSeo | undefined {
  const all = useMatches();
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const boundary = errors ? all.findIndex((match) => match.id in errors) : -1;
  const matches = boundary >= 0 ? all.slice(0, boundary + 1) : all;
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { seo?: PageSeo } | undefined;
    if (data && typeof data === "object" && data.seo) return data.seo;
  }
  return undefined;
}

/**
 * Head tags every page gets, rendered once by the root layout: canonical
 * (prefixed form), hreflang for the ten languages plus x-default, Open Graph
 * and Twitter cards, and the page's JSON-LD. Pages that return `seo` from
 * their loader also get their title and description from here.
 */
export function Seo({ publicUrl }: { publicUrl: string }) {
  const t = useT("common");
  const lang = useLang();
  const location = useLocation();
  const nonce = useNonce();
  const seo = usePageSeo();
  // Error and not-found screens carry their own noindex; they get no canonical or alternates.
  const isErrorPage = Boolean(useContext(UNSAFE_DataRouterStateContext)?.errors);
  const indexable = !seo?.noindex && !isErrorPage;
  const { rest } = splitLangPath(location.pathname);
  const isHome = rest === "/";
  const siteName = t("site.name");
  const pathTitle = usePathTitle(rest);
  const title = seo?.title ?? (pathTitle ? `${pathTitle} | ${siteName}` : `${siteName} | ${t("site.tagline")}`);
  const description = seo?.description ?? t("site.tagline");
  const image = absoluteUrl(publicUrl, seo?.image || DEFAULT_OG_IMAGE);
  const canonical = canonicalUrl(publicUrl, location.pathname, location.search);
  const jsonLd = [...(seo?.jsonLd ?? []), ...(isHome && indexable ? [websiteLd(publicUrl, lang, siteName)] : [])];
  return (
    <>
      {seo ? <title>{seo.title}</title> : null}
      {seo ? <meta name="description" content={seo.description} /> : null}
      {seo?.noindex ? <meta name="robots" content="noindex" /> : null}
      {indexable ? <link rel="canonical" href={canonical} /> : null}
      {!indexable
        ? null
        : alternateUrls(publicUrl, location.pathname, location.search).map((alt) => (
            <link key={alt.hreflang} rel="alternate" hrefLang={alt.hreflang} href={alt.href} />
          ))}
      {indexable ? <FeedLinks publicUrl={publicUrl} /> : null}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={seo?.type ?? "website"} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={seo?.imageAlt ?? siteName} />
      <meta property="og:locale" content={OG_LOCALES[lang]} />
      {LANGUAGES.filter((l) => l !== lang).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALES[l]} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {jsonLd.map((item, index) => (
        <script
          key={`${String(item["@type"])}-${index}`}
          type="application/ld+json"
          nonce={nonce}
          // JSON-LD must be raw JSON text; jsonLdText escapes "<" so it cannot end the script.
          dangerouslySetInnerHTML={{ __html: jsonLdText(item) }}
        />
      ))}
    </>
  );
}
