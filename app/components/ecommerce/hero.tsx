import { Form } from "react-router";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { useLang } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { ecommerceQuery, noFacets, type EcommerceView } from "~/lib/ecommerce-url";
import { readableFigure } from "~/lib/readable-figures";

const CLAIM_KEYS = { tools: "hero.claimTools", categories: "hero.claimCategories", platforms: "hero.claimPlatforms" } as const;

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
}: {
  view: EcommerceView;
  basePath: string;
  claims: { tools: number; categories: number; platforms: number };
}) {
  const t = useT("ecommerce");
  const locale = htmlLang(useLang());
  const searchFor = (term: string) => basePath + ecommerceQuery({ ...view, search: term, ...noFacets(), page: 1 });
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
        {(["tools", "categories", "platforms"] as const).map((key) => {
          // Rounded to a figure people read ("100+ tools listed"), in the page language.
          const figure = readableFigure(claims[key], locale);
          return <li key={key}>{t(CLAIM_KEYS[key], { count: figure.count, number: figure.text })}</li>;
        })}
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
