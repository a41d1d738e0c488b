import type { AdRequestRow } from "~/.server/ads/requests";
import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { StatusBadge } from "./status-badge";

/** One advertising request with its state: the confirmation page and the orders list show the same card. */
export function AdRequestCard({ request }: { request: AdRequestRow }) {
  const t = useT("account");
  const lang = useLang();
  const date = new Intl.DateTimeFormat(lang === "us-en" ? "en-US" : lang, { dateStyle: "medium", timeZone: "UTC" });
  const rows: Array<[string, string | null]> = [
    [t("advertise.form.website"), request.website_url],
    [t("advertise.form.budget"), request.budget ? t(`advertise.budgets.${request.budget}`) : null],
    [t("advertise.form.email"), request.contact_email],
    [t("advertise.form.platform"), request.contact_platform ? `${t(`advertise.platforms.${request.contact_platform}`)}${request.contact_handle ? `: ${request.contact_handle}` : ""}` : request.contact_handle],
    [t("advertise.form.description"), request.description],
  ];
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="ad-request">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-slate-900" data-testid="ad-request-name">{request.tool_name}</h2>
        <StatusBadge status={request.status} />
        <time className="ml-auto text-xs text-slate-500" dateTime={request.createdAt}>{date.format(new Date(request.createdAt))}</time>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.filter(([, value]) => value).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      {request.notes ? <p className="mt-3 text-sm text-slate-700">{t("orders.note", { note: request.notes })}</p> : null}
    </article>
  );
}
