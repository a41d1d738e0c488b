import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ToolCard as ToolCardData } from "~/.server/tools/queries";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang, isLang } from "~/i18n/languages";
import { heartCount, pricingKey } from "~/lib/tool-display";
import { StarRating } from "./star-rating";

export const DEFAULT_TOOL_IMAGE = "/images/tool-default.svg";

/**
 * How a card's image loads: "lazy" below the fold; "eager" for cards in the first screen; "high" for the
 * one card image that is likely the page's largest paint (first card of a list page).
 */
export type CardImagePriority = "lazy" | "eager" | "high";

/** The card image: WebP first, then the original, then the default picture (also when loading fails). */
function CardImage({ tool, priority }: { tool: ToolCardData; priority: CardImagePriority }) {
  const [failed, setFailed] = useState(false);
  const original = tool.imageUrl || tool.imageWebpUrl;
  const className = "h-[180px] w-full object-cover";
  const loading = priority === "lazy" ? "lazy" : "eager";
  const fetchPriority = priority === "high" ? "high" : undefined;
  if (failed || !original) {
    return <img src={DEFAULT_TOOL_IMAGE} alt="" width={640} height={360} loading={loading} className={className} />;
  }
  return (
    <picture>
      {tool.imageWebpUrl ? <source srcSet={tool.imageWebpUrl} type="image/webp" /> : null}
      <img
        src={original}
        alt=""
        width={640}
        height={360}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}

/**
 * Tool card (spec 2.4): image, heart count, name, stars with review count,
 * two-line description, first category and pricing label. The whole card
 * links to the tool's one canonical page.
 */
export function ToolCard({
  tool,
  headingLevel = 3,
  imagePriority = "lazy",
}: {
  tool: ToolCardData;
  /** 2 where the list sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  imagePriority?: CardImagePriority;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation("tools");
  const lang = useLang();
  const to = useLocalizedPath();
  const hearts = heartCount(tool.slug);
  // Text shown in another language than the page is marked, for screen readers and hyphenation.
  const differs = tool.contentLanguage !== lang;
  const contentLang = differs ? (isLang(tool.contentLanguage) ? htmlLang(tool.contentLanguage) : tool.contentLanguage) : undefined;
  return (
    <li className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <Link to={to(`/tool/${tool.slug}`)} className="flex h-full flex-col" data-testid="tool-card">
        <div className="relative bg-slate-100">
          <CardImage tool={tool} priority={imagePriority} />
          <span
            className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-rose-600 shadow-sm"
            aria-label={t("card.hearts", { count: hearts })}
          >
            <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M12 21s-7.5-4.6-10-9.3C.3 8.3 2.4 4 6.3 4c2.2 0 3.9 1.3 5.7 3.3C13.8 5.3 15.5 4 17.7 4c3.9 0 6 4.3 4.3 7.7C19.5 16.4 12 21 12 21z" />
            </svg>
            {hearts.toLocaleString(htmlLang(lang))}
          </span>
        </div>
        <div className="flex flex-1 flex-col p-4" lang={contentLang}>
          <Heading className="truncate font-semibold text-slate-900 group-hover:text-brand-700">{tool.name}</Heading>
          <StarRating rating={tool.rating} reviewCount={tool.reviewCount} />
          <p className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-600">{tool.description}</p>
          <p className="mt-auto flex items-center justify-between gap-2 pt-3 text-xs" lang={htmlLang(lang)}>
            <span className="truncate text-slate-500">{tool.category?.name}</span>
            <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">{t(`pricing.${pricingKey(tool.pricing)}`)}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
