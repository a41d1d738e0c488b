import { useId, useState } from "react";
import { useT } from "~/i18n/translator";
import { ApiRefusal, callApi } from "~/components/reviews/api";

const REASONS = ["dead", "wrong", "spam", "offensive", "duplicate", "other"] as const;

export type ReportTarget = { subject: "tool" | "ecommerce_tool" | "case_study"; slug: string } | { subject: "review"; reviewId: number };

/**
 * "Report" on a listing or a review, for visitors too: a reason, an optional text, and a thank-you. Reviews
 * offer the reasons that fit words (no dead website).
 */
export function ReportButton({ target, compact = false }: { target: ReportTarget; compact?: boolean }) {
  const t = useT("reviews");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof REASONS)[number] | null>(null);
  const [details, setDetails] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" | "error"; message?: string }>({ kind: "idle" });
  const reasons = target.subject === "review" ? REASONS.filter((r) => r !== "dead" && r !== "duplicate") : REASONS;

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) return;
    setState({ kind: "sending" });
    try {
      await callApi("POST", "/api/reports", { ...target, reason, details });
      setState({ kind: "sent" });
    } catch (error) {
      const message = error instanceof ApiRefusal && error.status === 429 ? t("report.tooMany") : t("report.failed");
      setState({ kind: "error", message });
    }
  }

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className={compact ? "text-xs font-medium text-slate-600 underline hover:text-red-700" : "text-sm font-medium text-slate-600 underline hover:text-red-700"} data-testid="report-open">
        {t("report.open")}
      </button>
    );
  }
  if (state.kind === "sent") return <p role="status" className="text-sm text-emerald-800" data-testid="report-sent">{t("report.thanks")}</p>;
  return (
    <form onSubmit={send} className="mt-2 w-full max-w-lg space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="report-form">
      <fieldset>
        <legend className="font-medium text-slate-900">{t("report.why")}</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {reasons.map((value) => (
            <label key={value} className="flex items-center gap-2 text-slate-700">
              <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} data-testid={`report-reason-${value}`} />
              {t(`report.reasons.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-slate-700">
        {t("report.details")}
        <textarea value={details} onChange={(e) => setDetails(e.target.value)} maxLength={1000} rows={3} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1" data-testid="report-details" />
      </label>
      {state.kind === "error" ? <p role="alert" className="text-red-700">{state.message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!reason || state.kind === "sending"} className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700 disabled:opacity-50" data-testid="report-send">{t("report.send")}</button>
        <button type="button" onClick={() => setOpen(false)} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50">{t("report.cancel")}</button>
      </div>
    </form>
  );
}
