import { data } from "react-router";
import { z } from "zod";
import { AppLink } from "~/delivery/app-link";
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { getFixedT, loadLaterTexts } from "~/.server/i18n";
import { isMakerOf } from "~/.server/makers/claims";
import { toolNames } from "~/.server/makers/names";
import { listingStats } from "~/.server/makers/stats";
import { requireAreaUser } from "~/.server/user-area/context";
import { BadgeSnippets } from "~/components/makers/badge-snippets";
import { SeriesChart } from "~/components/makers/series-chart";
import { PageHeading } from "~/components/account/status-badge";
import { useLang, useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { STATS_RANGES } from "~/lib/makers";
import { formatDecimalFor } from "~/lib/tool-display";
import type { Route } from "./+types/user.my-tools.stats";

/** A listing's figures for its verified makers and the administrators, over 7, 30 or 90 days, with its badge. */
const querySchema = z.object({ range: z.coerce.number().pipe(z.union([z.literal(7), z.literal(30), z.literal(90)])).catch(30) });

export async function loader({ request, params }: Route.LoaderArgs) {
  const { lang, user } = await requireAreaUser(request);
  const db = getDb();
  const tool = await db.selectFrom("tools").select(["id", "slug"]).where("slug", "=", params.slug).where("status", "=", "published").executeTakeFirst();
  if (!tool) throw data("Not Found", { status: 404 });
  if (!user.isAdmin && !(await isMakerOf(db, user.id, tool.id))) throw data("Forbidden", { status: 403 });
  const { range } = querySchema.parse({ range: new URL(request.url).searchParams.get("range") ?? undefined });
  const [stats, names, t, tc, texts] = await Promise.all([
    listingStats(db, tool, range),
    toolNames(db, [tool.id], lang),
    getFixedT(lang, "makers"),
    getFixedT(lang, "common"),
    loadLaterTexts(lang, "makers", ["stats", "badge"]),
  ]);
  const name = names.get(tool.id) ?? tool.slug;
  const origin = getConfig().publicUrl;
  const badgeUrl = `${origin}/badge/${encodeURIComponent(tool.slug)}.svg?theme=light&lang=${lang}`;
  const visitUrl = `${origin}/badge/${encodeURIComponent(tool.slug)}/visit?lang=${lang}`;
  const alt = t("badge.label", { site: tc("site.name") });
  return data(
    {
      name,
      slug: tool.slug,
      stats,
      texts,
      snippets: {
        html: `<a href="${visitUrl}"><img src="${badgeUrl}" alt="${alt}" height="20"></a>`,
        markdown: `[![${alt}](${badgeUrl})](${visitUrl})`,
        preview: { light: `/badge/${encodeURIComponent(tool.slug)}.svg?theme=light&lang=${lang}`, dark: `/badge/${encodeURIComponent(tool.slug)}.svg?theme=dark&lang=${lang}` },
      },
      seo: { title: `${t("stats.title", { name })} | ${tc("site.name")}`, description: t("stats.intro"), noindex: true },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ListingStatsPage({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.texts);
  const t = useT("makers");
  const lang = useLang();
  const to = useLocalizedPath();
  const locale = htmlLang(lang);
  const { stats, name, slug, snippets } = loaderData;
  const charts = [
    { id: "views", values: stats.series.views, color: "#4f46e5" },
    { id: "websiteVisits", values: stats.series.websiteVisits, color: "#0f766e" },
    { id: "badgeVisits", values: stats.series.badgeVisits, color: "#b45309" },
    { id: "favorites", values: stats.series.favorites, color: "#be123c" },
    { id: "ratings", values: stats.series.ratings, color: "#7c3aed" },
    ...(stats.reviews ? [{ id: "reviews", values: stats.reviews, color: "#334155" }] : []),
  ];
  return (
    <>
      <PageHeading title={t("stats.title", { name })} intro={t("stats.intro")} />
      <nav aria-label={t("stats.rangeLabel")} className="mb-4 flex flex-wrap gap-2">
        {STATS_RANGES.map((range) => (
          <AppLink
            key={range}
            to={`${to(`/user/my-tools/${slug}/stats`)}?range=${range}`}
            aria-current={range === stats.range ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ${range === stats.range ? "bg-brand-600 text-white" : "border border-slate-300 text-slate-800 hover:border-brand-600"}`}
          >
            {t("stats.range", { count: range })}
          </AppLink>
        ))}
      </nav>
      <p className="mb-4 text-sm text-slate-700" data-testid="stats-rating">
        {stats.ratingCount > 0 ? t("stats.rating", { rating: formatDecimalFor(locale)(stats.rating), count: stats.ratingCount, number: new Intl.NumberFormat(locale).format(stats.ratingCount) }) : t("stats.noRating")}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map((chart) => (
          <SeriesChart key={chart.id} id={chart.id} title={t(`stats.series.${chart.id}`)} days={stats.days} values={chart.values} locale={locale} color={chart.color} />
        ))}
      </div>
      <div className="mt-6">
        <BadgeSnippets html={snippets.html} markdown={snippets.markdown} preview={snippets.preview} />
      </div>
    </>
  );
}
