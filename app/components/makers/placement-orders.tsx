import type { PlacementView } from "~/.server/sponsored/orders";
import { useLang } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";

/** The user's sponsored placements on their orders page: where, when, state, payment and figures. */
export function PlacementOrders({ placements }: { placements: PlacementView[] }) {
  const t = useT("makers");
  const lang = useLang();
  if (placements.length === 0) return null;
  const locale = htmlLang(lang);
  const number = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const day = (d: string) => date.format(new Date(`${d}T00:00:00Z`));
  return (
    <section aria-labelledby="placements-title" className="mt-8 space-y-3" data-testid="orders-placements">
      <h2 id="placements-title" className="text-xl font-semibold text-slate-900">{t("orders.title")}</h2>
      <ul className="space-y-3">
        {placements.map((p) => (
          <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="order-placement" data-state={p.state}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-slate-900">{p.toolName}</h3>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">{t(`orders.states.${p.state}`)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${p.paidAt ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`} data-testid="order-paid">
                {p.paidAt ? t("orders.paid") : t("orders.unpaid")}
              </span>
            </div>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <div className="flex gap-2"><dt className="text-slate-600">{t("orders.slot")}</dt><dd className="text-slate-900">{t(`slots.${p.slot}`)}{p.categorySlug ? ` · ${p.categorySlug}` : ""}</dd></div>
              <div className="flex gap-2"><dt className="text-slate-600">{t("orders.dates")}</dt><dd className="text-slate-900">{day(p.startsOn)} – {day(p.endsOn)}</dd></div>
              <div className="flex gap-2"><dt className="text-slate-600">{t("orders.impressions")}</dt><dd className="tabular-nums text-slate-900" data-testid="order-impressions">{number.format(p.impressions)}</dd></div>
              <div className="flex gap-2"><dt className="text-slate-600">{t("orders.clicks")}</dt><dd className="tabular-nums text-slate-900" data-testid="order-clicks">{number.format(p.clicks)}</dd></div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
