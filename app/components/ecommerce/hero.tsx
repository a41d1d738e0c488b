import { Form } from "react-router";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { ecommerceQuery, type EcommerceView } from "~/lib/ecommerce-url";

/** Popular searches (spec 2.4): label keys and, per language, the word each one searches for. */
export const POPULAR_SEARCHES = ["amazon", "productResearch", "shopify", "overseasWarehouse", "advertising", "analytics", "erp", "payments"] as const;

/**
 * Hero: title, the search box (a plain GET form: it works without JavaScript),
 * the catalogue's real figures as claims, and the popular search chips.
 */
export function EcommerceHero({
  view,
  basePath,
  claims,
  number,
}: {
  view: EcommerceView;
  basePath: string;
  claims: { tools: number; categories: number; platforms: number };
  number: (n: number) => string;
}) {
  const t = useT("ecommerce");
  const searchFor = (term: string) => basePath + ecommerceQuery({ ...view, search: term, categories: [], filters: [], platforms: [], page: 1 });
  return (
    <section className="ecom-hero" aria-labelledby="ecom-hero-title">
      {/* Sized to the screen on phones so the longest title word ("grenzüberschreitenden") fits whole even where
          the browser has no hyphenation dictionary. */}
      <h1 id="ecom-hero-title" className="text-[clamp(1.25rem,0.5rem+4vw,1.875rem)] font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t("hero.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("hero.subtitle")}</p>
      <Form method="get" action={basePath} role="search" aria-labelledby="ecom-hero-title" className="mt-5 flex max-w-2xl gap-2">
        {view.sort !== "popular" ? <input type="hidden" name="sort" value={view.sort} /> : null}
        <label className="sr-only" htmlFor="ecom-search">
          {t("hero.searchLabel")}
        </label>
        <input
          id="ecom-search"
          type="search"
          name="search"
          defaultValue={view.search}
          key={view.search}
          maxLength={100}
          placeholder={t("hero.searchPlaceholder")}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2.5"
        />
        <button type="submit" className="ecom-button">
          {t("hero.searchButton")}
        </button>
      </Form>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium text-slate-700" data-testid="ecommerce-claims">
        <li>{t("hero.claimTools", { count: claims.tools, number: number(claims.tools) })}</li>
        <li>{t("hero.claimCategories", { count: claims.categories, number: number(claims.categories) })}</li>
        <li>{t("hero.claimPlatforms", { count: claims.platforms, number: number(claims.platforms) })}</li>
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600">{t("hero.popular")}</span>
        {POPULAR_SEARCHES.map((key) => (
          <AppLink key={key} to={searchFor(t(`popular.${key}.term`))} className="ecom-chip ecom-chip-link">
            {t(`popular.${key}.label`)}
          </AppLink>
        ))}
      </div>
    </section>
  );
}
