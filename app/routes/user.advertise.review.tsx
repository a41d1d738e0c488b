import { data, Link } from "react-router";
import { getMyAdRequest } from "~/.server/ads/requests";
import { getDb } from "~/.server/db";
import { areaSeo, requireAreaUser } from "~/.server/user-area/context";
import { AdRequestCard } from "~/components/account/ad-request-card";
import { useSiteSendsMail } from "~/components/account/site-mail";
import { PageHeading } from "~/components/account/status-badge";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.advertise.review";

/** Confirmation after an advertising request: what was sent and what happens next. */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await requireAreaUser(request);
  const id = Number(new URL(request.url).searchParams.get("id"));
  const seo = await areaSeo(lang, "adReview");
  const found = Number.isSafeInteger(id) && id > 0 ? await getMyAdRequest(getDb(), user.id, id) : null;
  return found ? { seo, request: found } : data({ seo, request: null }, { status: 404 });
}

export default function AdvertiseReview({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const to = useLocalizedPath();
  const sendsMail = useSiteSendsMail();
  return (
    <>
      <PageHeading title={t("adReview.title")} intro={loaderData.request ? t(sendsMail ? "adReview.intro" : "adReview.introNoMail") : undefined} />
      {loaderData.request ? (
        <div data-testid="ad-review">
          <AdRequestCard request={loaderData.request} />
        </div>
      ) : (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="ad-review-missing">{t("adReview.missing")}</p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={to("/user/orders")} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">{t("nav.orders")}</Link>
        <Link to={to("/user/advertise")} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800">{t("adReview.another")}</Link>
      </div>
    </>
  );
}
