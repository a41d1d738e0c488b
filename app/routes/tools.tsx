import { useT } from "~/i18n/translator";
import { data, Form, useNavigation, useSubmit } from "react-router";
import { AppLink } from "~/delivery/app-link";
import { plainCategoryName } from "~/lib/category-name";
import { z } from "zod";
import { resolveCategoryFilter, sidebarTreeJson } from "~/.server/categories/queries";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { getLogger } from "~/.server/logger";
import { listTools, TOOL_SORTS, type ToolListPage } from "~/.server/tools/queries";
import { listSponsoredEntry } from "~/.server/sponsored/view";
import { SponsoredSlot } from "~/components/makers/sponsored-slot";
import { CategorySelect } from "~/components/categories/category-select";
import { CATEGORY_TREE_KEY, useCategoryTree } from "~/components/categories/category-tree";
import { markupCarried, markupCarriedField } from "~/delivery/markup-data";
import { CARD_DESCRIPTION_KEY } from "~/components/tools/tool-card";
import { CategorySidebar } from "~/components/categories/category-sidebar";
import { MobileCategoryFilter } from "~/components/categories/mobile-category-filter";
import { Pager } from "~/components/tools/pager";
import { ToolGrid } from "~/components/tools/tool-section";
import { useLang, useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { htmlLang, splitLangPath, type Lang } from "~/i18n/languages";
import { formatNumberFor } from "~/lib/tool-display";
import { ToolFilterFields, ToolFilters } from "~/components/compare/tool-filters";
import { listFilterBundles } from "~/.server/offers/bundles";
import { readToolFilters, selectedCount, writeToolFilters } from "~/lib/tool-filters";
import { HydrateApart } from "~/components/layout/hydrate-apart";
import type { Route } from "./+types/tools";

/**
 * Query string of the list; bad values fall back to defaults instead of failing. Made by the loader (once),
 * so the browser's copy of this route, which has no loader, leaves zod out (25 KB gzip).
 */
let querySchema: ReturnType<typeof makeQuerySchema> | undefined;
const makeQuerySchema = () => z.object({
  // A longer term (a pasted paragraph, a hand-edited URL) is searched by its first 100 characters, not dropped.
  search: z.string().transform((term) => [...term.trim()].slice(0, 100).join("").trim()).catch(""),
  category: z.string().trim().max(100).catch(""),
  sort: z.enum(TOOL_SORTS).catch("popular"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** "100173 Tools" as the page language writes the number ("100.173 Tools"); i18next leaves it as is. */
function countLabel(label: string, count: number, lang: Lang): string {
  return label.replace(String(count), formatNumberFor(htmlLang(lang))(count));
}

/** Thrown inside the list's read when `/tools/{category}` names no category: answered as not found. */
const UNKNOWN_PATH_CATEGORY = new Error("unknown category in path");

type ListState =
  | { kind: "ok"; result: ToolListPage; fallback: boolean }
  | { kind: "failed" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const query = (querySchema ??= makeQuerySchema()).parse({
    search: url.searchParams.get("search") ?? undefined,
    category: url.searchParams.get("category") ?? undefined,
    sort: url.searchParams.get("sort") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const filters = readToolFilters(url.searchParams);
  // `/tools/{category}` names the category in the path; the path wins over `?category=`.
  const categoryValue = (params.category ?? query.category).trim();
  const db = getDb();
  const [t, tc, bundles] = await Promise.all([getFixedT(lang, "tools"), getFixedT(lang, "common"), listFilterBundles(lang)]);
  let treeJson: string | null = "[]";
  let state: ListState;
  let categoryName: string | null = null;
  let categorySlug: string | null = null;
  try {
    // Only what the sidebar and the category select show, as one text; a document carries it as the select's
    // options instead (useCategoryTree).
    treeJson = markupCarried(context, CATEGORY_TREE_KEY, await sidebarTreeJson(db, lang));
    const category = categoryValue ? await resolveCategoryFilter(db, lang, categoryValue) : null;
    // `/tools/{category}` is a page of its own: a category that does not exist is no page (a `?category=`
    // filter instead falls back to a text search below).
    if (params.category !== undefined && !category) throw UNKNOWN_PATH_CATEGORY;
    categoryName = category?.name ?? (categoryValue || null);
    categorySlug = category?.slug ?? (categoryValue || null);
    const base = { lang, sort: query.sort, page: query.page, filters };
    let result = await listTools(db, { ...base, search: query.search || undefined, categoryIds: categoryValue ? (category?.ids ?? []) : undefined });
    let fallback = false;
    if (categoryValue && result.total === 0) {
      // Spec 4.6 / 7.3: a category filter with no results falls back to a text search for the category.
      const words = plainCategoryName(category?.name ?? categoryValue).replace(/[-_]+/g, " ");
      const fallbackResult = await listTools(db, { ...base, search: [query.search, words].filter(Boolean).join(" ") });
      if (fallbackResult.total > 0) {
        result = fallbackResult;
        fallback = true;
      }
    }
    // The cards' descriptions are in the page's markup; a document's loader data leaves them out.
    result = { ...result, tools: markupCarriedField(context, CARD_DESCRIPTION_KEY, result.tools, (tool) => tool.slug, "description") };
    state = { kind: "ok", result, fallback };
  } catch (error) {
    if (error === UNKNOWN_PATH_CATEGORY) throw data("Not Found", { status: 404 });
    getLogger().error({ err: error, url: url.pathname + url.search }, "tool list failed to load");
    state = { kind: "failed" };
  }
  const heading = query.search
    ? t("list.titleSearch", { term: query.search })
    : categoryName
      ? t("list.titleCategory", { category: categoryName })
      : t("list.title");
  const total = state.kind === "ok" ? state.result.total : 0;
  const sponsored = state.kind === "ok" ? await listSponsoredEntry(db, lang, { search: query.search, categorySlug, page: query.page }) : null;
  const pageSuffix = state.kind === "ok" && state.result.page > 1 ? ` (${t("pager.page", { page: state.result.page })})` : "";
  return data(
    {
      state,
      sponsored,
      query: { ...query, category: categorySlug ?? "" },
      filters,
      bundles,
      pathCategory: params.category ?? null,
      categoryName,
      heading,
      treeJson,
      seo: {
        title: `${heading}${pageSuffix} | ${tc("site.name")}`,
        description: t("list.metaDescription", { count: total }),
        // Free-text result pages are reachable but kept out of search engines' indexes.
        noindex: Boolean(query.search) || selectedCount(filters) > 0 || state.kind === "failed",
      },
    },
    { status: state.kind === "failed" ? 503 : 200, headers: state.kind === "failed" ? { "Cache-Control": "no-store" } : pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Tools({ loaderData }: Route.ComponentProps) {
  const t = useT(["tools", "categories"]);
  const to = useLocalizedPath();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { state, query, pathCategory, heading } = loaderData;
  useRouteBundles(loaderData.bundles);
  const lang = useLang();
  const tree = useCategoryTree(loaderData.treeJson);
  const loading = navigation.state === "loading" && /\/tools(\/|$)/.test(navigation.location.pathname);

  const listPath = pathCategory ? to(`/tools/${encodeURIComponent(pathCategory)}`) : to("/tools");
  // The view without its filters and page: what each filter link toggles a value on.
  const baseQuery = new URLSearchParams([
    ...(query.search ? [["search", query.search]] : []),
    ...(query.category && !pathCategory ? [["category", query.category]] : []),
    ...(query.sort !== "popular" ? [["sort", query.sort]] : []),
  ]).toString();
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.search) params.set("search", query.search);
    if (query.category && !pathCategory) params.set("category", query.category);
    if (query.sort !== "popular") params.set("sort", query.sort);
    writeToolFilters(params, loaderData.filters);
    if (page > 1) params.set("page", String(page));
    const qs = params.toString();
    return qs ? `${listPath}?${qs}` : listPath;
  };

  return (
    // The list comes first in the document and the sidebar after it (below it on phones, placed in the
    // left column on wide screens), so a page painted while it streams in never moves the sidebar.
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1">
        <header className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
          {state.kind === "ok" ? <p className="text-slate-600">{countLabel(t("list.count", { count: state.result.total }), state.result.total, lang)}</p> : null}
        </header>

        <Form
          method="get"
          action={to("/tools")}
          className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
          onChange={(event) => {
            // Selects apply at once; the text box waits for Enter or the button.
            if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
          }}
        >
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
            {t("list.searchLabel")}
            <input
              type="search"
              name="search"
              defaultValue={query.search}
              key={query.search}
              maxLength={100}
              className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {t("list.categoryLabel")}
            <CategorySelect
              key={query.category}
              tree={tree}
              value={query.category}
              allLabel={t("list.allCategories")}
              className="max-w-64 rounded-lg border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {t("list.sortLabel")}
            <select name="sort" defaultValue={query.sort} key={query.sort} className="rounded-lg border border-slate-300 px-3 py-2 font-normal">
              {(["popular", "rating", "newest", "name"] as const).map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <ToolFilterFields selection={loaderData.filters} />
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t("list.apply")}
          </button>
          {query.search || query.category || query.sort !== "popular" ? (
            <AppLink to={to("/tools")} className="px-2 py-2 text-sm text-slate-600 hover:text-brand-700">
              {t("list.clear")}
            </AppLink>
          ) : null}
        </Form>

        <SponsoredSlot entry={loaderData.sponsored} slot={query.search ? "search" : "category"} />

        <MobileCategoryFilter tree={tree} activeSlug={query.category || undefined} activeName={loaderData.categoryName} />
        <HydrateApart>
          <ToolFilters path={listPath} baseQuery={baseQuery} selection={loaderData.filters} counts={state.kind === "ok" ? (state.result.facets?.counts ?? null) : null} />
        </HydrateApart>

        <p role="status" aria-live="polite" className={loading ? "text-sm font-medium text-brand-700" : "sr-only"}>
          {loading ? t("list.loading") : ""}
        </p>

        <div className={loading ? "opacity-50 transition-opacity" : undefined} aria-busy={loading}>
          {state.kind === "failed" ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
              <h2 className="text-xl font-semibold text-red-800">{t("list.failedTitle")}</h2>
              <p className="mt-2 text-red-700">{t("list.failedText")}</p>
              <a href={hrefFor(query.page)} className="mt-4 inline-block rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800">
                {t("list.retry")}
              </a>
            </div>
          ) : state.result.total === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              {query.category && !query.search ? (
                <h2 className="text-xl font-semibold">{t("list.emptyCategory")}</h2>
              ) : (
                <>
                  <h2 className="text-xl font-semibold">{t("list.emptyTitle")}</h2>
                  <p className="mt-2 text-slate-600">{t("list.emptyHint")}</p>
                </>
              )}
              <AppLink to={to("/tools")} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
                {t("categories:page.browseAll")}
              </AppLink>
            </div>
          ) : (
            <div className="space-y-8">
              {state.fallback ? (
                <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  {t("list.fallbackNotice", { category: loaderData.categoryName ?? query.category })}
                </p>
              ) : null}
              {/* Cards sit right under the h1 here; the first row is on screen at load. */}
              <ToolGrid tools={state.result.tools} columns={4} headingLevel={2} eagerImages={4} />
              <Pager page={state.result.page} pageCount={state.result.pageCount} hrefFor={hrefFor} />
            </div>
          )}
        </div>
      </div>
      {/* Wide screens only: phones open the same list above the results (MobileCategoryFilter). */}
      <aside className="hidden lg:col-start-1 lg:row-start-1 lg:block">
        <HydrateApart>
          <CategorySidebar categories={tree} activeSlug={query.category || undefined} />
        </HydrateApart>
      </aside>
    </div>
  );
}
