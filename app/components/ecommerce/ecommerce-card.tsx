import type { EcommerceCard as CardData } from "~/.server/ecommerce/queries";
import { CardMark } from "~/components/look/card-mark";
import type { CardText } from "~/components/tools/tool-card";
import { htmlLang, isLang, localizedPath } from "~/i18n/languages";
import { AppLink } from "~/delivery/app-link";
import { RankInfoLink } from "~/components/reviews/rank-info";
import { pricingKey } from "~/lib/tool-display";
import { EcommerceFavoriteSlot } from "./favorite-slot";
import { CompareToggle } from "~/components/compare/compare-toggle";

export type CardLayout = "grid" | "list";

/**
 * E-commerce card (spec 2.4): image, name, stars with review count, pricing,
 * at most six tags then +N, and the favourite heart. The heart sits beside
 * the link, not inside it, so pressing it never opens the product.
 */
export function EcommerceCard({ tool, text, layout, eager = false }: { tool: CardData; text: CardText; layout: CardLayout; eager?: boolean }) {
  const value = Math.max(0, Math.min(5, tool.rating));
  const rating = text.decimal(value);
  const differs = tool.contentLanguage !== text.lang;
  const contentLang = differs ? (isLang(tool.contentLanguage) ? htmlLang(tool.contentLanguage) : tool.contentLanguage) : undefined;
  return (
    <li className={`ecom-card ecom-card-${layout}`} data-testid="ecommerce-card">
      {/* The name's link covers the whole card (`.card-link`); the "?" beside the rating is a link of its own. */}
        <div className="ecom-card-media">
          <CardMark name={tool.name} png={tool.imageUrl} webp={tool.imageWebpUrl} color={tool.brandColor} priority={eager ? "eager" : "lazy"} />
        </div>
        <div className="ecom-card-body" lang={contentLang}>
          <h2 className="tool-card-title">
            <AppLink to={localizedPath(text.lang, `/ecommerce/${tool.slug}`)} className="ecom-card-link card-link">{tool.name}</AppLink>
          </h2>
          <p className="tool-card-rating">
            <span role="img" aria-label={text.rating(rating)} className="tool-card-stars">
              ★★★★★<span style={{ width: `${(value / 5) * 100}%` }}>★★★★★</span>
            </span>
            <span className="font-medium text-slate-800">{rating}</span>
            <span className="tool-card-review-group">
              <span className="tool-card-reviews">{`(${text.reviews(tool.reviewCount)})`}</span>
              <RankInfoLink lang={text.lang} label={text.howWeRank} />
            </span>
          </p>
          {layout === "list" ? <p className="mt-2 line-clamp-2 text-sm text-slate-600">{tool.description}</p> : null}
          <ul className="ecom-card-tags" lang={differs ? text.htmlLang : undefined}>
            {tool.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
            {tool.moreTags > 0 ? <li className="ecom-card-more">{`+${tool.moreTags}`}</li> : null}
          </ul>
          <p className="tool-card-footer" lang={differs ? text.htmlLang : undefined}>
            <span className="tool-card-pricing">{text.pricing(pricingKey(tool.pricing))}</span>
          </p>
        </div>
      <EcommerceFavoriteSlot id={tool.id} slug={tool.slug} title={tool.name} variant="card" />
      <CompareToggle tool={{ kind: "ecommerce", slug: tool.slug, name: tool.name }} className="card-compare" />
    </li>
  );
}

export function CardSkeleton({ layout }: { layout: CardLayout }) {
  return (
    <li className={`ecom-card ecom-card-${layout} ecom-skeleton`} aria-hidden="true" data-testid="ecommerce-skeleton">
      <div className="ecom-card-media ecom-skeleton-block" />
      <div className="ecom-card-body space-y-2">
        <div className="ecom-skeleton-line w-2/3" />
        <div className="ecom-skeleton-line w-1/3" />
        <div className="ecom-skeleton-line w-1/2" />
      </div>
    </li>
  );
}
