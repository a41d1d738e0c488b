import { data } from "react-router";
import { getDb } from "~/.server/db";
import { ecommerceBundles, readView } from "~/.server/ecommerce/page-data";
import { ecommerceClaims, knownSelection, listEcommerceTools, type EcommerceListPage } from "~/.server/ecommerce/queries";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { getLogger } from "~/.server/logger";
import { EcommerceDirectory } from "~/components/ecommerce/directory";
import { EcommerceLoadError } from "~/components/ecommerce/states";
import { useRouteBundles } from "~/i18n/hooks";
import { splitLangPath } from "~/i18n/languages";
import { OFFER_FACET_PARAMS } from "~/lib/ecommerce-url";
import type { Route } from "./+types/ecommerce";

export type EcommerceListState = { kind: "ok"; result: EcommerceListPage } | { kind: "failed" };

export async function loader({ request }: Route.LoaderArgs) {
  const started = performance.now();
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const { missing, ...requested } = readView(url);
  const db = getDb();
  const [bundles, t, common] = await Promise.all([ecommerceBundles(lang), getFixedT(lang, "ecommerce"), getFixedT(lang, "common")]);
  let view = requested;
  let state: EcommerceListState;
  let claims = { tools: 0, categories: 0, platforms: 0 };
  try {
    view = { ...requested, ...(await knownSelection(db, requested)) };
    const [result, figures] = await Promise.all([listEcommerceTools(db, { lang, search: view.search, sort: view.sort, selection: view, page: view.page }), ecommerceClaims(db)]);
    state = { kind: "ok", result };
    claims = figures;
  } catch (error) {
    getLogger().error({ err: error, url: url.pathname + url.search }, "e-commerce list failed to load");
    state = { kind: "failed" };
  }
  const title = view.search ? t("meta.titleSearch", { term: view.search }) : t("meta.title");
  return data(
    {
      bundles,
      view,
      missing,
      state,
      claims,
      seo: {
        title: `${title} | ${common("site.name")}`,
        description: t("meta.description", { count: claims.tools }),
        // Searches, the page a missing product was redirected to, and views narrowed by what tools offer
        // (many combinations of marketplaces and checks, as the tool list's filters: decision 0036) stay out of indexes.
        noindex: Boolean(view.search) || Boolean(missing) || state.kind === "failed" || OFFER_FACET_PARAMS.some((group) => view[group].length > 0),
      },
    },
    {
      status: state.kind === "failed" ? 503 : 200,
      headers: {
        ...(state.kind === "failed" ? { "Cache-Control": "no-store" } : pageCacheHeaders(request)),
        // The list's data work (facets, page, cards), for bench/ecommerce.mjs and browser dev tools.
        "Server-Timing": `data;dur=${(performance.now() - started).toFixed(2)}`,
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Ecommerce({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  return <EcommerceDirectory view={loaderData.view} state={loaderData.state} claims={loaderData.claims} missing={loaderData.missing} />;
}

/** A client-side load that failed (network, server): the list's own error state with a reload button. */
export function ErrorBoundary() {
  return <EcommerceLoadError />;
}
