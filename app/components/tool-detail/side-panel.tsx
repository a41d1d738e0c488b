import { useT } from "~/i18n/translator";
import { Link } from "react-router";
import type { DetailView } from "~/.server/resolve/types";
import { useLocalizedPath } from "~/i18n/hooks";
import { RateTool } from "~/components/favorites/rate-tool";
import { useCardText } from "~/components/tools/tool-card";
import { RatingWithValue } from "./rating-stars";

const PRICING_KEYS = new Set(["free", "freemium", "freeTrial", "paid", "subscription", "contact"]);

/** Spec pricing values (with `trial` as an alias); anything unknown reads as contact. */
export function pricingKey(pricing: string): string {
  if (pricing === "trial") return "freeTrial";
  return PRICING_KEYS.has(pricing) ? pricing : "contact";
}

/** Rating, pricing, category and tags beside the description; category and tags link to filtered lists. */
export function SidePanel({ view }: { view: DetailView }) {
  const t = useT("tools");
  // The review count as the page language writes it (`2.951`), as on the cards.
  const figures = useCardText();
  const to = useLocalizedPath();
  const heading = "text-xs font-semibold uppercase tracking-wide text-slate-600";
  const chip = "inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:border-brand-600 hover:text-brand-700";
  return (
    <aside className="space-y-6 self-start rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-20" aria-label={t("detail.sidePanel")}>
      <div className="space-y-1">
        <h2 className={heading}>{t("detail.rating")}</h2>
        <p className="flex items-center gap-2">
          <RatingWithValue rating={view.rating} valueClassName="font-semibold text-slate-900" />
        </p>
        {view.reviewCount > 0 || view.source !== "case-study" ? (
          <p className="text-sm text-slate-600">{view.reviewCount > 0 ? figures.reviews(view.reviewCount) : t("detail.noReviews")}</p>
        ) : null}
        {/* Users rate tools of the catalogue (spec 4.5); other sources keep their own figures. */}
        {view.source === "database" ? <RateTool slug={view.slug} name={view.name} /> : null}
      </div>
      <div className="space-y-2">
        <h2 className={heading}>{t("detail.pricing")}</h2>
        <p>
          <span className="inline-block rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900" data-testid="pricing-badge">
            {t(`pricing.${pricingKey(view.pricing)}`)}
          </span>
        </p>
      </div>
      {view.category ? (
        <div className="space-y-2">
          <h2 className={heading}>{t("detail.category")}</h2>
          <ul className="flex flex-wrap gap-2">
            {[view.category, ...view.subcategories].map((category) => (
              <li key={category.slug}>
                <Link className={chip} to={`${to("/tools")}?category=${encodeURIComponent(category.slug)}`}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.tags.length > 0 ? (
        <div className="space-y-2">
          <h2 className={heading}>{t("detail.tags")}</h2>
          <ul className="flex flex-wrap gap-2">
            {view.tags.map((tag) => (
              <li key={tag}>
                <Link className={chip} to={`${to("/tools")}?search=${encodeURIComponent(tag)}`}>#{tag}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
