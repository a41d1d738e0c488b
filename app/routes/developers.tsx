import { data } from "react-router";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT, loadBundles } from "~/.server/i18n";
import { apiReference } from "~/.server/public-api/reference";
import { DeveloperReference } from "~/components/feeds/developer-reference";
import { useRouteBundles } from "~/i18n/hooks";
import { splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/developers";

/** For developers: the public API v1 (rendered from its OpenAPI document by this server) and the feeds. */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const [bundles, t, common] = await Promise.all([loadBundles(lang, ["feeds"]), getFixedT(lang, "feeds"), getFixedT(lang, "common")]);
  const seo = { title: `${t("developers.title")} | ${common("site.name")}`, description: t("developers.metaDescription") };
  return data({ bundles, reference: apiReference(), seo }, { headers: pageCacheHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Developers({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  return <DeveloperReference reference={loaderData.reference} />;
}
