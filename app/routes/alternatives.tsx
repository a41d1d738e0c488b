import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { compareBundles } from "~/.server/offers/bundles";
import { alternativesPage } from "~/.server/offers/page-data";
import { alternativesSeo } from "~/.server/offers/seo";
import { crumbsForLd, type PageCrumb } from "~/.server/resolve/page-data";
import { AlternativesList } from "~/components/compare/alternatives-list";
import { Breadcrumbs } from "~/components/tool-detail/breadcrumbs";
import { useRouteBundles } from "~/i18n/hooks";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/alternatives";

const slugSchema = z.string().trim().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200);

/**
 * `/{lang}/alternatives/{slug}` and `/{lang}/ecommerce/alternatives/{slug}` (decision 0030): the tools that do
 * what a tool does, ranked, each with its reason. A tool with fewer than three good matches has no such page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang, rest } = splitLangPath(url.pathname);
  const kind = rest.startsWith("/ecommerce/") ? "ecommerce" : "tool";
  const slug = slugSchema.safeParse(params.slug);
  if (!slug.success) throw data("Not Found", { status: 404 });
  const db = getDb();
  const [page, bundles, t, common, ecommerce] = await Promise.all([
    alternativesPage(db, kind, slug.data, lang),
    compareBundles(lang),
    getFixedT(lang, "compare"),
    getFixedT(lang, "common"),
    getFixedT(lang, "ecommerce"),
  ]);
  if (page.status !== "ok") throw data("Not Found", { status: 404 });
  const { tool, alternatives } = page;
  const selfPath = kind === "tool" ? `/alternatives/${tool.slug}` : `/ecommerce/alternatives/${tool.slug}`;
  const crumbs: PageCrumb[] = [
    { name: common("nav.home"), to: localizedPath(lang, "/") },
    kind === "tool" ? { name: common("nav.tools"), to: localizedPath(lang, "/tools") } : { name: ecommerce("hero.title"), to: localizedPath(lang, "/ecommerce") },
    { name: tool.name, to: localizedPath(lang, kind === "tool" ? `/tool/${tool.slug}` : `/ecommerce/${tool.slug}`) },
    { name: t("alternatives.title", { name: tool.name }) },
  ];
  const heading = t("alternatives.heading", { count: alternatives.length, name: tool.name });
  const description = t("alternatives.metaDescription", { name: tool.name, names: alternatives.slice(0, 3).map((a) => a.tool.name).join(", ") });
  return data(
    {
      bundles,
      tool,
      alternatives,
      heading,
      crumbs,
      seo: alternativesSeo(lang, selfPath, `${heading} | ${common("site.name")}`, description, alternatives.map((a) => a.tool), crumbsForLd(crumbs, lang, selfPath)),
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Alternatives({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT(["compare", "tools"]);
  const { tool, alternatives, heading, crumbs } = loaderData;
  return (
    <article className="mx-auto max-w-4xl space-y-6">
      <Breadcrumbs items={crumbs} label={t("tools:detail.breadcrumb")} />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{heading}</h1>
        <p className="text-slate-700">{t("alternatives.intro", { name: tool.name })}</p>
      </header>
      <AlternativesList tool={tool} alternatives={alternatives} />
    </article>
  );
}
