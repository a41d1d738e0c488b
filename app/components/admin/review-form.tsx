import { useState } from "react";
import { useFetcher } from "react-router";
import { useAdminText } from "./admin-text";

interface ReviewActionData {
  ok?: boolean;
  /** A key of the `admin` bundle (`ReviewErrorKey` in the page action). */
  error?: string;
}

/**
 * Approve (with an optional note) or reject (with a required reason) one
 * pending item. The reason check runs here first ('rejecting requires a
 * reason', spec 4.8) and again on the server.
 */
export function ReviewForm({ kind, id, approveLabel }: { kind: "tool" | "ad"; id: number; approveLabel?: string }) {
  const { t } = useAdminText();
  const fetcher = useFetcher<ReviewActionData>();
  const [notes, setNotes] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const submit = (decision: "approved" | "rejected") => {
    setLocalError(null);
    if (decision === "rejected" && !notes.trim()) {
      setLocalError(t("review.reasonRequired"));
      return;
    }
    void fetcher.submit({ intent: "review", kind, id: String(id), status: decision, notes }, { method: "post" });
  };
  const error = localError ?? (fetcher.data?.error ? t(fetcher.data.error) : null);
  return (
    <div className="mt-3 space-y-2" data-testid="review-form">
      <label className="block text-sm font-medium text-slate-700">
        {t("review.notesLabel")}
        <textarea
          name="notes"
          rows={2}
          maxLength={1000}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          placeholder={t("review.notesPlaceholder")}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          data-testid="review-notes"
        />
      </label>
      {error ? <p role="alert" className="text-sm font-medium text-rose-700" data-testid="review-error">{error}</p> : null}
      <div className="flex gap-2">
        <button type="button" disabled={busy} onClick={() => submit("approved")} className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-50" data-testid="review-approve">
          {approveLabel ?? t("review.approve")}
        </button>
        <button type="button" disabled={busy} onClick={() => submit("rejected")} className="rounded-md bg-rose-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-700 disabled:opacity-50" data-testid="review-reject">
          {t("review.reject")}
        </button>
      </div>
    </div>
  );
}
