import { data } from "react-router";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT, loadBundles } from "~/.server/i18n";
import { trendingOnSite } from "~/.server/analytics/queries";
import { readTrendSnapshots, type TrendState } from "~/.server/trends/queries";
import { agoLabel, TrendTable, type TrendTableState } from "~/components/trends/trend-table";
import { useLang, useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { htmlLang, splitLangPath } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import type { Route } from "./+types/trends";

/**
 * Trends (spec 2.4): repositories trending on GitHub today, products launched on Product Hunt today,
 * and the tools trending on this site this week. The first two come from snapshots a background job
 * keeps (app/.server/trends): the page never waits for another service.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const db = getDb();
  const [snapshots, site, bundles, t] = await Promise.all([readTrendSnapshots(db), trendingOnSite(db, lang), loadBundles(lang, ["trends"]), getFixedT(lang, "trends")]);
  const now = Date.now();
  return data(
    {
      bundles,
      github: withAge(snapshots.github, now),
      producthunt: withAge(snapshots.producthunt, now),
      site,
      seo: { title: t("meta.title"), description: t("meta.description") },
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Minutes since the list was fetched, computed once here so server and browser render the same words. */
function withAge<T>(state: TrendState<T>, now: number) {
  return state.status === "ok" ? { ...state, minutesAgo: (now - Date.parse(state.fetchedAt)) / 60_000 } : state;
}

export default function Trends({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT(["trends", "common"]);
  const lang = useLang();
  const to = useLocalizedPath();
  const locale = htmlLang(lang);
  const number = new Intl.NumberFormat(locale);
  const { github, producthunt, site } = loaderData;
  const stateOf = (state: typeof github | typeof producthunt): TrendTableState =>
    state.status === "ok"
      ? { status: "ok", updated: { iso: state.fetchedAt, label: agoLabel(locale, state.minutesAgo) }, stale: state.lastAttemptFailed }
      : { status: state.status };
  const external = "font-medium text-brand-700 hover:underline";
  return (
    <div className="space-y-8">
      <title>{`${t("trends:meta.title")} | ${t("common:site.name")}`}</title>
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("trends:title")}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("trends:intro")}</p>
      </header>
      <TrendTable
        id="trends-github"
        title={t("trends:github.title")}
        state={stateOf(github)}
        columns={[{ label: t("trends:github.repository") }, { label: t("trends:github.description"), className: "min-w-64 text-slate-700" }, { label: t("trends:github.language"), className: "whitespace-nowrap" }, { label: t("trends:github.stars"), className: "text-right tabular-nums" }]}
        rows={(github.status === "ok" ? github.items : []).map((repo) => [
          <a key="repo" href={repo.url} target="_blank" rel="noopener noreferrer" className={`${external} whitespace-nowrap`}>{`${repo.author}/${repo.name}`}</a>,
          repo.description,
          repo.language ?? "—",
          number.format(repo.stars),
        ])}
      />
      <TrendTable
        id="trends-producthunt"
        title={t("trends:producthunt.title")}
        state={stateOf(producthunt)}
        columns={[{ label: t("trends:producthunt.product") }, { label: t("trends:producthunt.tagline"), className: "text-slate-700" }, { label: t("trends:producthunt.votes"), className: "text-right tabular-nums" }]}
        rows={(producthunt.status === "ok" ? producthunt.items : []).map((product) => [
          <a key="product" href={product.url} target="_blank" rel="noopener noreferrer" className={external}>{product.name}</a>,
          product.tagline,
          product.votes === null ? "—" : number.format(product.votes),
        ])}
      />
      <TrendTable
        id="trends-site"
        title={t("trends:site.title")}
        hint={t("trends:site.hint")}
        state={{ status: "ok" }}
        columns={[{ label: t("trends:site.tool") }, { label: t("trends:site.views"), className: "text-right tabular-nums" }, { label: t("trends:site.favourites"), className: "text-right tabular-nums" }]}
        rows={site.map((tool) => [
          <AppLink key="tool" to={to(`/tool/${tool.slug}`)} className={external}>{tool.name}</AppLink>,
          number.format(tool.views),
          number.format(tool.favourites),
        ])}
      />
    </div>
  );
}
