import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TwoFactorPanel } from "~/components/auth/two-factor-panel";
import { getAdminOverview } from "~/.server/admin/overview";
import { pageViewsInLastDays } from "~/.server/analytics/queries";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import type { Route } from "./+types/admin._index";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request, "page");
  const [overview, pageViews30d] = await Promise.all([getAdminOverview(getDb()), pageViewsInLastDays(getDb(), 30)]);
  return { overview, pageViews30d, twoFactorEnabled: user.twoFactorEnabled };
}

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

/** Admin home: what waits for review, with links to each admin screen. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("user");
  const { overview } = loaderData;
  const cards = [
    { label: t("admin.pendingSubmissions"), value: overview.pendingSubmissions, to: "/admin/submissions", action: t("admin.reviewSubmissions") },
    { label: t("admin.pendingAds"), value: overview.pendingAdRequests, to: "/admin/advertise", action: t("admin.reviewAds") },
    { label: t("admin.publishedTools"), value: overview.publishedTools, to: "/admin/tools-order", action: t("admin.toolsOrder") },
    { label: t("admin.users"), value: overview.users, to: null, action: null },
  ];
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("admin.console")}</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="admin-card">
            <p className="text-sm text-slate-600">{card.label}</p>
            <p className="mt-1 text-3xl font-semibold text-slate-900">{card.value}</p>
            {card.to ? (
              <Link to={card.to} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">{card.action} →</Link>
            ) : null}
          </div>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-700" data-testid="admin-analytics-link">
        {t("admin.pageViews30d", { count: loaderData.pageViews30d })}{" "}
        <Link to="/admin/analytics" className="font-medium text-brand-700 hover:underline">{t("admin.analytics")} →</Link>
      </p>
      <TwoFactorPanel enabled={loaderData.twoFactorEnabled} />
    </section>
  );
}
