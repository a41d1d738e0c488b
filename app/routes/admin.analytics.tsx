import { data, Link } from "react-router";
import { z } from "zod";
import { adminLanguage } from "~/.server/admin/language";
import { readDashboard } from "~/.server/analytics/queries";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { loadBundles } from "~/.server/i18n";
import { BarList, DailyChart } from "~/components/analytics/charts";
import { useRouteBundles } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { DASHBOARD_RANGES } from "~/lib/analytics";
import type { Route } from "./+types/admin.analytics";

const query = z.object({ days: z.enum(["30", "90"]).default("30").transform((d) => Number(d) as (typeof DASHBOARD_RANGES)[number]) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "page");
  const params = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!params.success) throw data("Unknown range: use days=30 or days=90.", { status: 400 });
  // Only the daily rollups are read (kept current by the background job, ANALYTICS_ROLLUP_INTERVAL_MS):
  // the screen costs the same at a thousand or a million views, and never waits for a rollup.
  const lang = adminLanguage(request);
  const [dashboard, bundles] = await Promise.all([readDashboard(getDb(), params.data.days, new Date(), lang), loadBundles(lang, ["analytics"])]);
  return data({ dashboard, bundles, lang }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: Route.MetaFunction = () => [{ title: "Analytics" }, { name: "robots", content: "noindex" }];

// Tools and case studies in lists of their own, each row named (not its slug).
const BREAKDOWNS = ["path", "tool", "caseStudy", "language", "referrer", "device"] as const;

/** Admin analytics: views and visitors per day, and what was read, in which language, from where, on what. */
export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT(["analytics"]);
  const { dashboard } = loaderData;
  const locale = htmlLang(loaderData.lang);
  const number = new Intl.NumberFormat(locale);
  const format = (n: number) => number.format(n);
  const name = (dimension: (typeof BREAKDOWNS)[number]) => (value: string) => (dimension === "device" ? t(`analytics:devices.${value}`, { defaultValue: value }) : value);
  return (
    <section className="space-y-6" data-testid="admin-analytics">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("analytics:title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("analytics:intro")}</p>
        </div>
        <nav aria-label={t("analytics:range.label")} className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
          {DASHBOARD_RANGES.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              aria-current={dashboard.range === days ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 font-medium ${dashboard.range === days ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {t(`analytics:range.days${days}`)}
            </Link>
          ))}
        </nav>
      </header>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{t("analytics:totals.views")}</dt>
          <dd className="mt-1 text-3xl font-semibold text-slate-900" data-testid="analytics-total-views">{format(dashboard.totals.views)}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{t("analytics:totals.visitors")}</dt>
          <dd className="mt-1 text-3xl font-semibold text-slate-900" data-testid="analytics-total-visitors">{format(dashboard.totals.visitors)}</dd>
        </div>
      </dl>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t("analytics:perDay.title")}</h2>
        <DailyChart points={dashboard.daily} locale={locale} labels={{ views: t("analytics:perDay.views"), visitors: t("analytics:perDay.visitors"), chart: t("analytics:perDay.title") }} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {BREAKDOWNS.map((dimension) => (
          <div key={dimension} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={`analytics-top-${dimension}`}>
            {/* Wraps on a phone: a long heading and the column legend never widen the card past the screen. */}
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 className="text-base font-semibold text-slate-900">{t(`analytics:top.${dimension}`)}</h2>
              <span className="text-xs text-slate-500">{`${t("analytics:columns.views")} · ${t("analytics:columns.visitors")}`}</span>
            </div>
            {dashboard.top[dimension].length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">{t("analytics:noData")}</p>
            ) : (
              <BarList rows={dashboard.top[dimension]} label={t(`analytics:top.${dimension}`)} format={format} name={name(dimension)} />
            )}
          </div>
        ))}
      </div>
      <details className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">{t("analytics:perDay.table")}</summary>
        <table className="mt-3 w-full text-left text-sm" data-testid="analytics-daily-table">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-1">{t("analytics:columns.day")}</th>
              <th scope="col" className="py-1 text-right">{t("analytics:columns.views")}</th>
              <th scope="col" className="py-1 text-right">{t("analytics:columns.visitors")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {[...dashboard.daily].reverse().map((point) => (
              <tr key={point.day}>
                <td className="py-1">{point.day}</td>
                <td className="py-1 text-right">{format(point.views)}</td>
                <td className="py-1 text-right">{format(point.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
