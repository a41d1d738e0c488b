import { Link } from "react-router";
import { listMyAdRequests } from "~/.server/ads/requests";
import { getDb } from "~/.server/db";
import { areaSeo, requireAreaUser } from "~/.server/user-area/context";
import { AdRequestCard } from "~/components/account/ad-request-card";
import { listMyPlacements } from "~/.server/sponsored/orders";
import { PlacementOrders } from "~/components/makers/placement-orders";
import { PageHeading } from "~/components/account/status-badge";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.orders";

/** Orders: the user's advertising requests with their state, newest first; an empty state when there are none. */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await requireAreaUser(request);
  return { seo: await areaSeo(lang, "orders"), requests: await listMyAdRequests(getDb(), user.id), placements: await listMyPlacements(getDb(), user.id, lang) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const to = useLocalizedPath();
  return (
    <>
      <PageHeading title={t("orders.title")} intro={t("orders.intro")} />
      {loaderData.requests.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="orders-empty">
          <p className="text-slate-600">{t("orders.empty")}</p>
          <Link to={to("/user/advertise")} className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t("nav.advertise")}
          </Link>
        </div>
      ) : (
        <div className="space-y-3" data-testid="orders-list">
          {loaderData.requests.map((request) => <AdRequestCard key={request.id} request={request} />)}
        </div>
      )}
      <PlacementOrders placements={loaderData.placements} />
    </>
  );
}
