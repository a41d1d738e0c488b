import { listAdRequests } from "~/.server/admin/ads";
import { ADMIN_NO_STORE, adminLanguage } from "~/.server/admin/language";
import { handleAdvertisePost } from "~/.server/sponsored/admin-actions";
import { placementsOfRequests } from "~/.server/sponsored/orders";
import { PlacementPanel } from "~/components/makers/placement-panel";
import { lastPageRedirect, listParamsOf } from "~/.server/admin/page-queries";
import { ADMIN_PAGE_SIZE } from "~/lib/admin";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { AdRequestCard } from "~/components/admin/ad-request-card";
import { useAdminText } from "~/components/admin/admin-text";
import { AdminPager, usePageNavigation } from "~/components/admin/pager";
import { StatusFilter } from "~/components/admin/status-tabs";
import type { Route } from "./+types/admin.advertise";

/** Every advertising request with its status and notes (spec 2.2); all statuses by default. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "page");
  const { filter, status, page } = listParamsOf(request, "all");
  const ads = await listAdRequests(getDb(), { status, page, pageSize: ADMIN_PAGE_SIZE });
  lastPageRedirect(request, page, ads.total, ADMIN_PAGE_SIZE);
  const placements = await placementsOfRequests(getDb(), ads.data.filter((a) => a.status === "approved").map((a) => a.id), adminLanguage(request));
  return { filter, page, ads, placements };
}

export const action = ({ request }: Route.ActionArgs) => handleAdvertisePost(request);

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ title: "Advertising · Admin" }, { name: "robots", content: "noindex" }];

export default function AdminAdvertise({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const goTo = usePageNavigation();
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("ads.title")}</h1>
      <div className="mt-4"><StatusFilter current={loaderData.filter} /></div>
      <div className="mt-4 space-y-4">
        {loaderData.ads.data.length === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600" data-testid="admin-empty">{t("common.empty")}</p> : null}
        {loaderData.ads.data.map((item) => (
          <AdRequestCard key={item.id} item={item}>
            {item.status === "approved" ? <PlacementPanel requestId={item.id} placements={loaderData.placements.filter((p) => p.adSubmissionId === item.id)} /> : null}
          </AdRequestCard>
        ))}
      </div>
      <AdminPager page={loaderData.page} total={loaderData.ads.total} pageSize={ADMIN_PAGE_SIZE} onPage={goTo} />
    </section>
  );
}
