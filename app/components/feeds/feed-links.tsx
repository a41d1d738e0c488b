import { useLocation } from "react-router";
import { useLang } from "~/i18n/hooks";
import { splitLangPath } from "~/i18n/languages";
import { useI18n, useT } from "~/i18n/translator";
import { absoluteUrl } from "~/lib/seo";
import { FEED_FORMATS, FEED_MEDIA_TYPE, feedOfPage, feedPath } from "~/lib/feeds";

const FORMAT_NAME = { rss: "RSS", atom: "Atom", json: "JSON Feed" } as const;

/** `<link rel="alternate">` to the RSS, Atom and JSON feeds of the page shown (tool lists, a category, e-commerce, case studies). */
export function FeedLinks({ publicUrl }: { publicUrl: string }) {
  const t = useT(["common", "categories"]);
  const i18n = useI18n();
  const lang = useLang();
  const { rest } = splitLangPath(useLocation().pathname);
  const feed = feedOfPage(rest);
  if (!feed) return null;
  const categoryKey = feed.categorySlug ? `categories:names.${feed.categorySlug}` : null;
  // A category the bundles do not name (or no category at all) has no feed; its page is a 404 too.
  if (categoryKey && !i18n.exists(categoryKey)) return null;
  const key = feed.kind === "case-studies" ? "caseStudies" : feed.kind;
  const title = t(`common:feed.${key}`, { category: categoryKey ? t(categoryKey) : "" });
  return (
    <>
      {FEED_FORMATS.map((format) => (
        <link
          key={format}
          rel="alternate"
          type={FEED_MEDIA_TYPE[format]}
          title={`${title} (${FORMAT_NAME[format]})`}
          href={absoluteUrl(publicUrl, feedPath(lang, feed.kind, format, feed.categorySlug))}
        />
      ))}
    </>
  );
}
