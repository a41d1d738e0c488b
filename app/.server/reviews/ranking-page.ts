import { data } from "react-router";
import { splitLangPath } from "~/i18n/languages";
import { pageCacheHeaders } from "../http-cache";
import { getFixedT, loadBundles } from "../i18n";

/** The how-we-rank page's texts and its title and description for search engines. */
export async function loadRankingPage(request: Request) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const [bundles, t, common] = await Promise.all([loadBundles(lang, ["reviews"]), getFixedT(lang, "reviews"), getFixedT(lang, "common")]);
  return data(
    { bundles, seo: { title: `${t("rank.title")} | ${common("site.name")}`, description: t("rank.intro"), type: "article" as const } },
    { headers: pageCacheHeaders(request) },
  );
}
