import type { TFunction } from "i18next";
import { CardHeart } from "~/components/favorites/card-heart";
import { AppLink } from "~/delivery/app-link";
import { useMarkupText } from "~/delivery/markup-data";
import { RankInfoLink } from "~/components/reviews/rank-info";
import type { ToolCard as ToolCardData } from "~/.server/tools/queries";
import { useLang } from "~/i18n/hooks";
import { translatorFor, useI18n } from "~/i18n/translator";
import { bundleFolder, htmlLang, isLang, localizedPath, type Lang } from "~/i18n/languages";
import { CardMark } from "~/components/look/card-mark";
import { perPluralForm } from "~/lib/plural-labels";
import { CompareToggle } from "~/components/compare/compare-toggle";
import { formatDecimalFor, formatNumberFor, heartCount, pricingKey, type PricingKey } from "~/lib/tool-display";

export const DEFAULT_TOOL_IMAGE = "/images/tool-default.svg";

/** Prefix of the cards' descriptions a document carries in its markup only (`markupCarriedField`, decision 0042). */
export const CARD_DESCRIPTION_KEY = "tool-description:";

/** A card's description as the server wrote it into the page, found by the card's link. */
function descriptionInPage(href: string): string | null | undefined {
  const link = document.querySelector(`a.card-link[href="${CSS.escape(href)}"]`);
  return link?.closest("li")?.querySelector(".tool-card-description")?.textContent;
}

/**
 * How a card's image loads: "lazy" below the fold; "eager" for cards in the first screen; "high" for the
 * one card image that is likely the page's largest paint (first card of a list page).
 */
export type CardImagePriority = "lazy" | "eager" | "high";

/**
 * What the cards of a page share: the page language and their labels. A grid gets it once and hands it
 * to every card, instead of each card asking for hooks and translations; labels that repeat across cards
 * (pricing, rating, each plural form of the counts) are translated once.
 */
export interface CardText {
  lang: Lang;
  htmlLang: string;
  /** A number as the page language writes it (`4,977`). */
  number: (value: number) => string;
  /** A rating with one decimal as the page language writes it (`4.5`, `4,5`). */
  decimal: (value: number) => string;
  hearts: (count: number) => string;
  rating: (value: string) => string;
  /** Accessible name of the "?" beside every rating, which opens /how-we-rank. */
  howWeRank: string;
  reviews: (count: number) => string;
  pricing: (key: PricingKey) => string;
}

/**
 * Labels per i18next instance and language. Server renders share one instance per language, so the labels
 * (and the plural rules and number formatter, which are slow to build) are made once per language, not
 * once per request; in the browser once per page load. Keyed by the instance itself.
 */
const cardTexts = new WeakMap<object, Map<Lang, CardText>>();

export function useCardText(): CardText {
  const i18n = useI18n();
  const lang = useLang();
  let byLang = cardTexts.get(i18n);
  if (!byLang) cardTexts.set(i18n, (byLang = new Map()));
  let text = byLang.get(lang);
  if (!text) byLang.set(lang, (text = createCardText(translatorFor(i18n, "tools") as TFunction<"tools">, lang)));
  return text;
}

function createCardText(t: TFunction<"tools">, lang: Lang): CardText {
  const once = <K,>(translate: (key: K) => string) => {
    const seen = new Map<K, string>();
    return (key: K) => {
      let text = seen.get(key);
      if (text === undefined) seen.set(key, (text = translate(key)));
      return text;
    };
  };
  // The plural rules i18next applies to this language (it is initialised with the bundle folder's code).
  const rules = new Intl.PluralRules(bundleFolder(lang));
  const number = formatNumberFor(htmlLang(lang));
  return {
    lang,
    htmlLang: htmlLang(lang),
    number,
    decimal: formatDecimalFor(htmlLang(lang)),
    hearts: perPluralForm(rules, (count) => t("card.hearts", { count }), number),
    rating: once((rating: string) => t("card.rating", { rating })),
    howWeRank: t("card.howWeRank"),
    reviews: perPluralForm(rules, (count) => t("reviews", { count }), number),
    pricing: once((key: PricingKey) => t(`pricing.${key}`)),
  };
}

/**
 * Tool card (spec 2.4): image, heart count, name, stars with review count,
 * two-line description, first category and pricing label. The whole card
 * links to the tool's one canonical page. Styles: `.tool-card*` in app.css.
 */
export function ToolCard({
  tool,
  text,
  headingLevel = 3,
  imagePriority = "lazy",
}: {
  tool: ToolCardData;
  text: CardText;
  /** 2 where the list sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  imagePriority?: CardImagePriority;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const hearts = heartCount(tool.slug) + tool.favoriteCount;
  const value = Math.max(0, Math.min(5, tool.rating));
  const rating = text.decimal(value);
  // Text shown in another language than the page is marked, for screen readers and hyphenation.
  const differs = tool.contentLanguage !== text.lang;
  const contentLang = differs ? (isLang(tool.contentLanguage) ? htmlLang(tool.contentLanguage) : tool.contentLanguage) : undefined;
  const href = localizedPath(text.lang, `/tool/${tool.slug}`);
  // A document's loader data leaves the descriptions out: the page shows them (decision 0042).
  const description = useMarkupText(CARD_DESCRIPTION_KEY + tool.slug, tool.description, () => descriptionInPage(href));
  return (
    <li className="tool-card relative">
      {/* The link holds the picture and the name and covers the whole card (`.card-link`), so the "?" beside the
          rating can be a link of its own without nesting one link in another. */}
      <AppLink to={href} className="card-link flex flex-col" data-testid="tool-card">
        <div className="relative">
          <CardMark name={tool.name} png={tool.imageUrl} webp={tool.imageWebpUrl} color={tool.brandColor} priority={imagePriority} />
          <span role="img" className="tool-card-hearts" aria-label={text.hearts(hearts)}>
            <span aria-hidden="true" className="tool-card-heart" />
            {text.number(hearts)}
          </span>
        </div>
        <Heading className="tool-card-title px-4 pt-4" lang={contentLang}>{tool.name}</Heading>
      </AppLink>
        <div className="tool-card-body" lang={contentLang}>
          <p className="tool-card-rating">
            {/* Five grey stars with the gold ones laid over them, cut to the rating. */}
            <span role="img" aria-label={text.rating(rating)} className="tool-card-stars">
              ★★★★★<span style={{ width: `${(value / 5) * 100}%` }}>★★★★★</span>
            </span>
            <span className="tool-card-score">{rating}</span>
            <span className="tool-card-review-group">
              <span className="tool-card-reviews">{`(${text.reviews(tool.reviewCount)})`}</span>
              <RankInfoLink lang={text.lang} label={text.howWeRank} />
            </span>
          </p>
          <p className="tool-card-description">{description}</p>
          <p className="tool-card-footer" lang={differs ? text.htmlLang : undefined}>
            <span className="tool-card-category">{tool.category?.name}</span>
            <span className="tool-card-pricing">{text.pricing(pricingKey(tool.pricing))}</span>
          </p>
        </div>
      <CardHeart entry={{ id: tool.id, type: "tool", slug: tool.slug, title: tool.name }} />
      <CompareToggle tool={{ kind: "tool", slug: tool.slug, name: tool.name }} className="card-compare" />
    </li>
  );
}
