import type { EcommerceDetail } from "~/.server/ecommerce/detail";
import { useCardText } from "~/components/tools/tool-card";
import { Breadcrumbs } from "~/components/tool-detail/breadcrumbs";
import { DetailSections } from "~/components/tool-detail/detail-sections";
import { ImagePreview } from "~/components/tool-detail/image-preview";
import { LanguageNotice } from "~/components/tool-detail/language-notice";
import { RatingWithValue } from "~/components/tool-detail/rating-stars";
import { VisitWebsiteLink } from "~/components/tool-detail/tool-actions";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { ecommerceQuery, noFacets, type EcommerceView } from "~/lib/ecommerce-url";
import { pricingKey } from "~/lib/tool-display";
import { EcommerceCard } from "./ecommerce-card";
import { EcommerceFavoriteSlot } from "./favorite-slot";

const EMPTY_VIEW: EcommerceView = { search: "", sort: "popular", ...noFacets(), page: 1 };

/**
 * E-commerce product page (spec 2.4): name, description, image, website link,
 * pricing, features, pros, cons, rating, review count, categories, tags,
 * platforms and related tools. Categories, tags and platforms link back to
 * the directory filtered by them.
 */
export function EcommerceProduct({
  product,
  crumbs,
  notice,
}: {
  product: EcommerceDetail;
  crumbs: Array<{ name: string; to?: string }>;
  notice: { languages: string[]; page: string };
}) {
  const t = useT(["ecommerce", "tools"]);
  const to = useLocalizedPath();
  const text = useCardText();
  const { view } = product;
  const list = to("/ecommerce");
  const contentLang = view.contentLanguage === "us-en" ? "en" : view.contentLanguage;
  const heading = "text-xs font-semibold uppercase tracking-wide text-slate-600";
  const chip = "inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:border-brand-600 hover:text-brand-700";
  return (
    <article className="space-y-8" data-testid="ecommerce-product">
      <Breadcrumbs items={crumbs} label={t("tools:detail.breadcrumb")} />
      <LanguageNotice languages={notice.languages} pageLanguage={notice.page} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8" lang={contentLang}>
          <header className="grid gap-6 md:grid-cols-2 md:items-start">
            <ImagePreview image={view.images[0]} name={view.name} />
            <div className="space-y-4">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{view.name}</h1>
              {view.description ? <p className="text-slate-700">{view.description}</p> : null}
              <div className="flex flex-wrap items-center gap-3">
                {view.websiteUrl ? <VisitWebsiteLink href={view.websiteUrl} /> : null}
                <EcommerceFavoriteSlot id={product.id} slug={view.slug} title={view.name} />
              </div>
            </div>
          </header>
          <DetailSections view={view} variant="tool" />
        </div>
        <aside className="space-y-6 self-start rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-20" aria-label={t("tools:detail.sidePanel")}>
          <div className="space-y-1">
            <h2 className={heading}>{t("tools:detail.rating")}</h2>
            <p className="flex items-center gap-2">
              <RatingWithValue rating={view.rating} valueClassName="font-semibold text-slate-900" />
            </p>
            <p className="text-sm text-slate-600">{view.reviewCount > 0 ? text.reviews(view.reviewCount) : t("tools:detail.noReviews")}</p>
          </div>
          <div className="space-y-2">
            <h2 className={heading}>{t("tools:detail.pricing")}</h2>
            <p>
              <span className="inline-block rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900" data-testid="pricing-badge">
                {t(`tools:pricing.${pricingKey(view.pricing)}`)}
              </span>
            </p>
          </div>
          {(
            [
              ["detail.categories", product.categories.map((c) => ({ key: c.slug, name: c.name, href: list + ecommerceQuery({ ...EMPTY_VIEW, categories: [c.slug] }) }))],
              ["detail.platforms", product.platforms.map((p) => ({ key: p.slug, name: p.name, href: list + ecommerceQuery({ ...EMPTY_VIEW, platforms: [p.slug] }) }))],
              ["detail.tags", product.tags.map((tag) => ({ key: tag, name: `#${tag}`, href: list + ecommerceQuery({ ...EMPTY_VIEW, search: tag }) }))],
            ] as const
          )
            .filter(([, items]) => items.length > 0)
            .map(([key, items]) => (
              <div key={key} className="space-y-2">
                <h2 className={heading}>{t(key)}</h2>
                <ul className="flex flex-wrap gap-2">
                  {items.map((item) => (
                    <li key={item.key}>
                      <AppLink className={chip} to={item.href}>
                        {item.name}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </aside>
      </div>
      {product.related.length > 0 ? (
        <section aria-labelledby="ecom-related" className="space-y-4">
          <h2 id="ecom-related" className="text-2xl font-semibold">
            {t("detail.related")}
          </h2>
          <ul className="ecom-results ecom-results-grid">
            {product.related.map((tool) => (
              <EcommerceCard key={tool.slug} tool={tool} text={text} layout="grid" />
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
