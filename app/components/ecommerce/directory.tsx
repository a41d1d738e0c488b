import { useEffect, useState } from "react";
import { useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import type { EcommerceCard as CardData, EcommerceListPage } from "~/.server/ecommerce/queries";
import { useCardText } from "~/components/tools/tool-card";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { cleared, ecommerceQuery, ECOMMERCE_SORT_VALUES, FACET_PARAMS, selectedFacetCount, toggled, type EcommerceView } from "~/lib/ecommerce-url";
import { CardSkeleton, EcommerceCard, type CardLayout } from "./ecommerce-card";
import { HydrateApart, inHydrationGroups } from "~/components/layout/hydrate-apart";
import { FacetSidebar } from "./facet-sidebar";
import { EcommerceHero } from "./hero";
import { EcommerceEmpty, EcommerceLoadError, MissingProductNotice } from "./states";

const SKELETON_CARDS = 12;
const LAYOUT_KEY = "ecommerce-layout";

type State = { kind: "ok"; result: EcommerceListPage } | { kind: "failed" };

/** Grid or list, remembered in the browser (a display preference, not part of the shared view). */
function useLayout(): [CardLayout, (next: CardLayout) => void] {
  const [layout, setLayout] = useState<CardLayout>("grid");
  useEffect(() => {
    if (window.localStorage.getItem(LAYOUT_KEY) === "list") setLayout("list");
  }, []);
  return [
    layout,
    (next) => {
      setLayout(next);
      window.localStorage.setItem(LAYOUT_KEY, next);
    },
  ];
}

/**
 * Load more (spec 4.6): the next 40 through the route's data path, appended,
 * while the last page was full. Without JavaScript it is a link to the next page.
 */
function useMoreCards(result: EcommerceListPage | null) {
  const fetcher = useFetcher<{ state: State }>();
  const location = useLocation();
  const [extra, setExtra] = useState<{ cards: CardData[]; page: number; hasMore: boolean; failed: boolean }>({ cards: [], page: 0, hasMore: true, failed: false });
  // A new view (filters, search, sort) starts again from its first page.
  useEffect(() => setExtra({ cards: [], page: 0, hasMore: true, failed: false }), [location.key]);
  useEffect(() => {
    const loaded = fetcher.data?.state;
    if (fetcher.state !== "idle" || !loaded) return;
    if (loaded.kind === "failed") return setExtra((e) => ({ ...e, failed: true }));
    // Each page is appended once, in order.
    setExtra((e) =>
      loaded.result.page <= Math.max(e.page, result?.page ?? 1)
        ? e
        : { cards: [...e.cards, ...loaded.result.cards], page: loaded.result.page, hasMore: loaded.result.hasMore, failed: false },
    );
  }, [fetcher.state, fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const lastPage = extra.page || (result?.page ?? 1);
  return {
    cards: extra.cards,
    hasMore: extra.page ? extra.hasMore : Boolean(result?.hasMore),
    failed: extra.failed,
    loading: fetcher.state !== "idle",
    nextPage: lastPage + 1,
    load: (href: string) => fetcher.load(href),
  };
}

export function EcommerceDirectory({ view, state, claims, missing }: { view: EcommerceView; state: State; claims: { tools: number; categories: number; platforms: number }; missing: string }) {
  const t = useT("ecommerce");
  const to = useLocalizedPath();
  const text = useCardText();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [layout, setLayout] = useLayout();
  const basePath = to("/ecommerce");
  const result = state.kind === "ok" ? state.result : null;
  const more = useMoreCards(result);
  const loading = navigation.state === "loading" && navigation.location.pathname === basePath;
  const selectedCount = selectedFacetCount(view);
  const filtered = selectedCount > 0;
  const clearHref = basePath + ecommerceQuery(cleared(view));
  const nextHref = basePath + ecommerceQuery(view, more.nextPage);

  return (
    <div className="space-y-8">
      <EcommerceHero view={view} basePath={basePath} claims={claims} />
      {missing ? <MissingProductNotice slug={missing} /> : null}
      <div className="grid gap-8 lg:grid-cols-[17rem_1fr]">
        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1">
          <div className="flex flex-wrap items-center gap-3">
            <p className="mr-auto text-slate-700" data-testid="ecommerce-total">
              {result ? t("list.count", { count: result.total, number: text.number(result.total) }) : null}
            </p>
            <form method="get" action={basePath} className="flex items-center gap-2 text-sm">
              {view.search ? <input type="hidden" name="search" value={view.search} /> : null}
              {FACET_PARAMS.map((name) =>
                view[name].length ? <input key={name} type="hidden" name={name} value={view[name].join(",")} /> : null,
              )}
              <label htmlFor="ecom-sort" className="text-slate-600">
                {t("list.sortLabel")}
              </label>
              <select
                id="ecom-sort"
                name="sort"
                value={view.sort}
                onChange={(event) => navigate(basePath + ecommerceQuery({ ...view, sort: event.currentTarget.value as EcommerceView["sort"], page: 1 }))}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
              >
                {ECOMMERCE_SORT_VALUES.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`list.sort.${sort}`)}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className="ecom-button">
                  {t("list.apply")}
                </button>
              </noscript>
            </form>
            <div role="group" aria-label={t("list.layout")} className="ecom-toggle">
              {(["grid", "list"] as const).map((option) => (
                <button key={option} type="button" aria-pressed={layout === option} onClick={() => setLayout(option)}>
                  {t(`list.${option}`)}
                </button>
              ))}
            </div>
          </div>
          {filtered && result ? (
            <ul className="flex flex-wrap items-center gap-2" aria-label={t("chips.label")} data-testid="ecommerce-chips">
              {result.chips.map((chip) => (
                <li key={`${chip.group}:${chip.slug}`}>
                  <AppLink to={basePath + ecommerceQuery(toggled(view, chip.group, chip.slug))} className="ecom-chip" data-chip={chip.slug} aria-label={t("chips.remove", { name: chip.name })}>
                    {chip.name}
                    <span aria-hidden="true">×</span>
                  </AppLink>
                </li>
              ))}
              <li>
                <AppLink to={clearHref} className="text-sm font-medium text-brand-700 hover:underline">
                  {t("chips.clearAll")}
                </AppLink>
              </li>
            </ul>
          ) : null}
          {state.kind === "failed" ? (
            <EcommerceLoadError />
          ) : loading ? (
            <ul className={`ecom-results ecom-results-${layout}`} aria-busy="true" aria-label={t("list.loading")}>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <CardSkeleton key={i} layout={layout} />
              ))}
            </ul>
          ) : result && result.total === 0 ? (
            <EcommerceEmpty search={view.search} filtered={filtered} clearHref={clearHref} />
          ) : result ? (
            <>
              <ul className={`ecom-results ecom-results-${layout}`} data-testid="ecommerce-results">
                {/* Six cards at a time (HydrateApart): the cards were most of the page's hydration. */}
                {inHydrationGroups([...result.cards, ...more.cards], 6, (tool, i) => (
                  <EcommerceCard key={tool.slug} tool={tool} text={text} layout={layout} eager={i < 3} />
                ))}
                {more.loading ? Array.from({ length: SKELETON_CARDS }, (_, i) => <CardSkeleton key={`more-${i}`} layout={layout} />) : null}
              </ul>
              {more.failed ? <EcommerceLoadError /> : null}
              {more.hasMore ? (
                <p className="text-center">
                  <a
                    href={nextHref}
                    className="ecom-button"
                    data-testid="ecommerce-load-more"
                    aria-disabled={more.loading}
                    onClick={(event) => {
                      event.preventDefault();
                      if (!more.loading) more.load(nextHref);
                    }}
                  >
                    {more.loading ? t("list.loading") : t("list.loadMore")}
                  </a>
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        {/* On phones the filters come first, folded behind a button (a checkbox and its label: it works
            without JavaScript), instead of below 40 cards; from lg on they are the left column. */}
        <div className="order-first lg:order-none lg:col-start-1 lg:row-start-1">
          {result ? (
            <>
              {/* From lg on the filters are always open: the toggle and its (hidden) label leave the page there. */}
              <input type="checkbox" id="ecom-filters-open" className="peer sr-only lg:hidden" aria-controls="ecom-filters" />
              <label htmlFor="ecom-filters-open" className="ecom-filters-button" data-testid="ecommerce-filters-button">
                {t("sidebar.title")}
                {filtered ? <span className="ecom-count">{`(${text.number(selectedCount)})`}</span> : null}
                <span aria-hidden="true" className="ecom-chevron" />
              </label>
              <div id="ecom-filters" className="ecom-filters-panel">
                <HydrateApart>
                  <FacetSidebar sidebar={result.sidebar} view={view} basePath={basePath} number={text.number} />
                </HydrateApart>
              </div>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
