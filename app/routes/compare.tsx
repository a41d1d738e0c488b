import { data, redirect } from "react-router";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { compareBundles } from "~/.server/offers/bundles";
import { readComparison } from "~/.server/offers/comparison";
import { comparisonSeo } from "~/.server/offers/seo";
import { ComparisonTable } from "~/components/compare/comparison-table";
import { AppLink } from "~/delivery/app-link";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/compare";

/**
 * `/{lang}/compare/{a}-vs-{b}` and `/{lang}/compare?tools=a,b,c,d` (decision 0030). Bad input is answered, never
 * a 500: an unknown slug is a 404 with a search link, the same tool twice goes to its page, a fifth tool is
 * dropped with a notice, an AI tool with an e-commerce tool is explained.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const db = getDb();
  const pair = params.pair ?? null;
  const list = url.searchParams.get("tools");
  const [result, bundles, t, common] = await Promise.all([
    readComparison(db, lang, pair ? pair.slice(0, 420) : null, list ? list.slice(0, 2000) : null),
    compareBundles(lang),
    getFixedT(lang, "compare"),
    getFixedT(lang, "common"),
  ]);
  const site = common("site.name");
  if (result.outcome === "redirect") throw redirect(localizedPath(lang, result.path), result.status);
  if (result.outcome === "unknown") {
    const title = t("compare.unknownTitle");
    return data({ bundles, view: result, title, seo: { title: `${title} | ${site}`, description: t("compare.unknown", { slug: result.slug }), noindex: true } }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  if (result.outcome === "empty" || result.outcome === "mixed") {
    const title = result.outcome === "empty" ? t("compare.emptyTitle") : t("compare.titleMany", { names: result.tools.map((tool) => tool.name).join(", ") });
    return data({ bundles, view: result, title, seo: { title: `${title} | ${site}`, description: t("compare.emptyText"), noindex: true } }, { headers: pageCacheHeaders(request) });
  }
  const names = result.tools.map((tool) => tool.name);
  const title = names.length === 2 ? t("compare.title", { a: names[0], b: names[1] }) : t("compare.titleMany", { names: names.join(", ") });
  const path = pair ? `/compare/${pair}` : `/compare?tools=${result.tools.map((tool) => tool.slug).join(",")}`;
  return data(
    { bundles, view: result, title, seo: comparisonSeo(lang, path, `${title} | ${site}`, t("compare.metaDescription", { names: names.join(", ") }), result.tools, result.indexable) },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Compare({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT("compare");
  const to = useLocalizedPath();
  const { view, title } = loaderData;
  return (
    <article className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{title}</h1>
      {view.outcome === "unknown" ? (
        <div className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-white p-8" data-testid="compare-unknown">
          <p className="text-slate-700">{t("compare.unknown", { slug: view.slug })}</p>
          <AppLink to={`${to("/tools")}?search=${encodeURIComponent(view.slug.replace(/-/g, " "))}`} className="ecom-button">
            {t("compare.searchFor", { term: view.slug.replace(/-/g, " ") })}
          </AppLink>
        </div>
      ) : view.outcome === "empty" ? (
        <div className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-white p-8">
          <p className="text-slate-700">{t("compare.emptyText")}</p>
          <AppLink to={to("/tools")} className="ecom-button">
            {t("compare.browse")}
          </AppLink>
        </div>
      ) : view.outcome === "mixed" ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900" data-testid="compare-mixed">
          {t("compare.mixedKinds")}
        </p>
      ) : (
        <>
          {view.truncated ? (
            <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="compare-truncated">
              {t("compare.keptFirst")}
            </p>
          ) : null}
          <ComparisonTable tools={view.tools} />
        </>
      )}
    </article>
  );
}
