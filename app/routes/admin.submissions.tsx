import { Link } from "react-router";
import { listAdRequests } from "~/.server/admin/ads";
import { ADMIN_NO_STORE, adminLanguage } from "~/.server/admin/language";
import { handleReviewPost } from "~/.server/admin/page-actions";
import { lastPageRedirect, listParamsOf } from "~/.server/admin/page-queries";
import { categoryNamesBySlug } from "~/.server/categories/queries";
import { compareBundles } from "~/.server/offers/bundles";
import { listSubmissions } from "~/.server/admin/submissions";
import { ADMIN_PAGE_SIZE } from "~/lib/admin";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { AdRequestCard } from "~/components/admin/ad-request-card";
import { useAdminText } from "~/components/admin/admin-text";
import { AdminPager, usePageNavigation } from "~/components/admin/pager";
import { StatusFilter } from "~/components/admin/status-tabs";
import { SubmissionCard } from "~/components/admin/submission-card";
import type { Route } from "./+types/admin.submissions";

/** Review queue (spec 2.2, 4.8): tabs for tool submissions and ad requests, filtered by status, newest first, 20 a page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "page");
  const { filter, status, page } = listParamsOf(request);
  const tab = new URL(request.url).searchParams.get("tab") === "ads" ? "ads" : "tools";
  const lang = adminLanguage(request);
  const query = { status, page, pageSize: ADMIN_PAGE_SIZE, lang };
  if (tab === "ads") {
    const ads = await listAdRequests(getDb(), query);
    lastPageRedirect(request, page, ads.total, ADMIN_PAGE_SIZE);
    return { tab, filter, page, ads, tools: null, categoryNames: {}, offerStrings: undefined };
  }
  const [tools, categoryNames, bundles] = await Promise.all([listSubmissions(getDb(), query), categoryNamesBySlug(getDb(), lang), compareBundles(lang)]);
  lastPageRedirect(request, page, tools.total, ADMIN_PAGE_SIZE);
  // The labels of what a tool offers, as the tool page shows them, for the cards and the update diff.
  return { tab, filter, page, tools, ads: null, categoryNames: Object.fromEntries(categoryNames), offerStrings: bundles.compare as Record<string, unknown> | undefined };
}

export const action = ({ request }: Route.ActionArgs) => handleReviewPost(request);

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ title: "Submissions · Admin" }, { name: "robots", content: "noindex" }];

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const { tab, filter, page } = loaderData;
  const result = loaderData.tools ?? loaderData.ads!;
  const goTo = usePageNavigation();
  const tabClass = (active: boolean) => `border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`;
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("submissions.title")}</h1>
      <nav className="mt-4 flex gap-2 border-b border-slate-200" aria-label={t("submissions.tabs")}>
        <Link to={`?tab=tools&status=${filter}`} className={tabClass(tab === "tools")} aria-current={tab === "tools" ? "page" : undefined} data-testid="tab-tools">{t("submissions.tabTools")}</Link>
        <Link to={`?tab=ads&status=${filter}`} className={tabClass(tab === "ads")} aria-current={tab === "ads" ? "page" : undefined} data-testid="tab-ads">{t("submissions.tabAds")}</Link>
      </nav>
      <div className="mt-4"><StatusFilter current={filter} /></div>
      <div className="mt-4 space-y-4">
        {result.data.length === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600" data-testid="admin-empty">{t("common.empty")}</p> : null}
        {loaderData.tools?.data.map((item) => <SubmissionCard key={item.id} item={item} categoryNames={loaderData.categoryNames} offerStrings={loaderData.offerStrings} />)}
        {loaderData.ads?.data.map((item) => <AdRequestCard key={item.id} item={item} />)}
      </div>
      <AdminPager page={page} total={result.total} pageSize={ADMIN_PAGE_SIZE} onPage={goTo} />
    </section>
  );
}
