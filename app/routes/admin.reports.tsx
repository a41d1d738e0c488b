import { Link } from "react-router";
import { ADMIN_NO_STORE } from "~/.server/admin/language";
import { handleModerationPost, loadQueue } from "~/.server/reports/admin-page";
import { QUEUE_TABS } from "~/lib/reports";
import { useAdminText } from "~/components/admin/admin-text";
import { AdminPager, usePageNavigation } from "~/components/admin/pager";
import { PendingReviewCard, ReportCard } from "~/components/reports/queue-cards";
import type { Route } from "./+types/admin.reports";

/** Reports queue (issue 34): open reports per kind grouped by subject, and reviews waiting for approval. */
export const loader = ({ request }: Route.LoaderArgs) => loadQueue(request);
export const action = ({ request }: Route.ActionArgs) => handleModerationPost(request);
export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;
export const meta: Route.MetaFunction = () => [{ title: "Reports · Admin" }, { name: "robots", content: "noindex" }];

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const goTo = usePageNavigation();
  const { tab, counts, pending } = loaderData;
  const countOf = (name: (typeof QUEUE_TABS)[number]) => (name === "pending" ? pending : counts[name]);
  const tabClass = (active: boolean) => `border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`;
  const list = loaderData.reports ?? loaderData.reviews!;
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("reports.title")}</h1>
      <nav className="mt-4 flex flex-wrap gap-2 border-b border-slate-200" aria-label={t("reports.tabs")}>
        {QUEUE_TABS.map((name) => (
          <Link key={name} to={`?tab=${name}`} className={tabClass(tab === name)} aria-current={tab === name ? "page" : undefined} data-testid={`reports-tab-${name}`}>
            {t(`reports.kinds.${name}`)} ({countOf(name)})
          </Link>
        ))}
      </nav>
      {actionData?.error ? <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">{actionData.error}</p> : null}
      <div className="mt-4 space-y-4">
        {list.total === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600" data-testid="admin-empty">{t("common.empty")}</p> : null}
        {loaderData.reports?.items.map((item) => <ReportCard key={`${item.subject}-${item.subjectId}`} item={item} />)}
        {loaderData.reviews?.items.map((item) => <PendingReviewCard key={item.id} item={item} />)}
      </div>
      <AdminPager page={loaderData.page} total={list.total} pageSize={loaderData.pageSize} onPage={goTo} />
    </section>
  );
}
