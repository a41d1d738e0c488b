import { useFetcher } from "react-router";
import type { PlacementView } from "~/.server/sponsored/orders";
import { useAdminText } from "~/components/admin/admin-text";
import { htmlLang, LANGUAGE_NAMES, LANGUAGES } from "~/i18n/languages";
import { PLACEMENT_SLOTS } from "~/lib/makers";

interface ActionData {
  ok?: boolean;
  error?: string;
}

/**
 * Under an approved advertising request: its placements with their days, state and figures (mark paid,
 * cancel), and the form that turns the request into a new placement.
 */
export function PlacementPanel({ requestId, placements }: { requestId: number; placements: PlacementView[] }) {
  const { t } = useAdminText();
  const create = useFetcher<ActionData>();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <section className="mt-4 space-y-3 border-t border-slate-200 pt-3" aria-label={t("makers.placements.title")} data-testid="placement-panel">
      <h3 className="text-sm font-semibold text-slate-900">{t("makers.placements.title")}</h3>
      {placements.length === 0 ? <p className="text-sm text-slate-600">{t("makers.placements.none")}</p> : null}
      <ul className="space-y-2">
        {placements.map((p) => <PlacementRow key={p.id} placement={p} />)}
      </ul>
      <create.Form method="post" action="/admin/advertise?intent=placement" className="grid gap-2 sm:grid-cols-2" data-testid="placement-form">
        <input type="hidden" name="adSubmissionId" value={requestId} />
        <label className="text-sm text-slate-700">
          {t("makers.placements.tool")}
          <input name="toolSlug" required maxLength={200} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" data-testid="placement-tool" />
        </label>
        <label className="text-sm text-slate-700">
          {t("makers.placements.slot")}
          <select name="slot" className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" data-testid="placement-slot">
            {PLACEMENT_SLOTS.map((slot) => <option key={slot} value={slot}>{t(`makers.slots.${slot}`)}</option>)}
          </select>
        </label>
        <label className="text-sm text-slate-700">
          {t("makers.placements.category")}
          <input name="categorySlug" maxLength={200} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" data-testid="placement-category" />
        </label>
        <div className="grid grid-cols-2 gap-2">
          <label className="text-sm text-slate-700">
            {t("makers.placements.starts")}
            <input type="date" name="startsOn" required defaultValue={today} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" data-testid="placement-starts" />
          </label>
          <label className="text-sm text-slate-700">
            {t("makers.placements.ends")}
            <input type="date" name="endsOn" required defaultValue={today} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" data-testid="placement-ends" />
          </label>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm text-slate-700">{t("makers.placements.languages")}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {LANGUAGES.map((lang) => (
              <label key={lang} className="flex items-center gap-1 text-sm text-slate-800">
                <input type="checkbox" name="languages" value={lang} defaultChecked data-testid={`placement-lang-${lang}`} />
                <span lang={htmlLang(lang)}>{LANGUAGE_NAMES[lang]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {create.data?.error ? <p role="alert" className="text-sm font-medium text-rose-700 sm:col-span-2" data-testid="placement-error">{create.data.error}</p> : null}
        <div className="sm:col-span-2">
          <button type="submit" disabled={create.state !== "idle"} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50" data-testid="placement-create">
            {t("makers.placements.create")}
          </button>
        </div>
      </create.Form>
    </section>
  );
}

function PlacementRow({ placement }: { placement: PlacementView }) {
  const { t, lang } = useAdminText();
  const update = useFetcher<ActionData>();
  const number = new Intl.NumberFormat(lang === "us-en" ? "en-US" : lang);
  const where = placement.slot === "category" && placement.categorySlug ? `${t(`makers.slots.${placement.slot}`)} · ${placement.categorySlug}` : t(`makers.slots.${placement.slot}`);
  const act = (action: "paid" | "cancel") => void update.submit({ id: String(placement.id), action }, { method: "post", action: "/admin/advertise?intent=placement-update" });
  return (
    <li className="rounded-md border border-slate-200 p-2 text-sm" data-testid="placement-row" data-id={placement.id} data-state={placement.state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{placement.toolName}</span>
        <span className="text-slate-600">{where}</span>
        <span className="text-slate-600">{placement.startsOn} – {placement.endsOn}</span>
        <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">{t(`makers.states.${placement.state}`)}</span>
        <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700" data-testid="placement-paid">{placement.paidAt ? t("makers.placements.paid") : t("makers.placements.unpaid")}</span>
      </div>
      <p className="mt-1 text-slate-600">
        {t("makers.placements.figures", { impressions: number.format(placement.impressions), clicks: number.format(placement.clicks) })} · {placement.languages.join(", ")}
      </p>
      <div className="mt-1 flex gap-2">
        {!placement.paidAt ? (
          <button type="button" onClick={() => act("paid")} disabled={update.state !== "idle"} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-medium hover:border-brand-600" data-testid="placement-mark-paid">{t("makers.placements.markPaid")}</button>
        ) : null}
        {placement.state !== "cancelled" && placement.state !== "ended" ? (
          <button type="button" onClick={() => act("cancel")} disabled={update.state !== "idle"} className="rounded border border-rose-300 px-2 py-0.5 text-xs font-medium text-rose-700 hover:border-rose-600" data-testid="placement-cancel">{t("makers.placements.cancel")}</button>
        ) : null}
      </div>
      {update.data?.error ? <p role="alert" className="text-xs font-medium text-rose-700">{update.data.error}</p> : null}
    </li>
  );
}
