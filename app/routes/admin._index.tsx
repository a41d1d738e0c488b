import { Link } from "react-router";
import { getAdminOverview } from "~/.server/admin/overview";
import { ADMIN_NO_STORE, adminLanguage } from "~/.server/admin/language";
import { loadLaterTexts } from "~/.server/i18n";
import { useRouteBundles } from "~/i18n/hooks";
import { pageViewsInLastDays } from "~/.server/analytics/queries";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { openReportCounts, pendingReviewCount } from "~/.server/reports/queries";
import { ReportCounts } from "~/components/reports/console-counts";
import { useAdminText } from "~/components/admin/admin-text";
import { TwoFactorPanel } from "~/components/auth/two-factor-panel";
import type { Route } from "./+types/admin._index";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request, "page");
  const [overview, pageViews30d, reportCounts, pendingReviews, texts] = await Promise.all([
    getAdminOverview(getDb()),
    pageViewsInLastDays(getDb(), 30),
    openReportCounts(getDb()),
    pendingReviewCount(getDb()),
    // The two-factor panel's texts are not in the root bundles (decision 0038).
    loadLaterTexts(adminLanguage(request), "user", ["twoFactor", "auth"]),
  ]);
  return { overview, pageViews30d, twoFactorEnabled: user.twoFactorEnabled, reportCounts, pendingReviews, texts };
}

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

/** Admin home: what waits for review, with links to each admin screen. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.texts);
  const { t, lang } = useAdminText();
  const number = new Intl.NumberFormat(lang === "us-en" ? "en-US" : lang);
  const { overview } = loaderData;
  const cards = [
    { label: t("home.pendingSubmissions"), value: overview.pendingSubmissions, to: "/admin/submissions", action: t("home.reviewSubmissions"), id: "submissions" },
    { label: t("home.pendingAds"), value: overview.pendingAdRequests, to: "/admin/submissions?tab=ads", action: t("home.reviewAds"), id: "ads" },
    { label: t("home.publishedTools"), value: overview.publishedTools, to: "/admin/tools-order", action: t("home.toolsOrder"), id: "tools" },
    // The console has no screen of users (the audit log records decisions, not accounts): a figure without a link.
    { label: t("home.users"), value: overview.users, to: null, action: null, id: "users" },
  ];
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("nav.console")}</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <div key={card.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="admin-card" data-card={card.id}>
            <p className="text-sm text-slate-600">{card.label}</p>
            <p className="mt-1 text-3xl font-semibold text-slate-900" data-testid="admin-card-value">{number.format(card.value)}</p>
            {card.to ? <Link to={card.to} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">{card.action} →</Link> : null}
          </div>
        ))}
      </div>
      <ReportCounts counts={loaderData.reportCounts} pending={loaderData.pendingReviews} />
      <p className="mt-4 text-sm text-slate-700" data-testid="admin-analytics-link">
        {t("home.pageViews30d", { views: number.format(loaderData.pageViews30d) })}{" "}
        <Link to="/admin/analytics" className="font-medium text-brand-700 hover:underline">{t("nav.analytics")} →</Link>
      </p>
      <TwoFactorPanel enabled={loaderData.twoFactorEnabled} />
    </section>
  );
}
