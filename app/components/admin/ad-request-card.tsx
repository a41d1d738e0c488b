import type { ReactNode } from "react";
import type { AdRequestView } from "~/.server/admin/ads";
import { formatAdminDate, useAdminText } from "./admin-text";
import { ReviewForm } from "./review-form";
import { StatusBadge } from "./status-badge";

/** One advertising request with its contact details; pending ones can be approved or rejected. */
export function AdRequestCard({ item, children }: { item: AdRequestView; children?: ReactNode }) {
  const { t, lang } = useAdminText();
  const rows: Array<[string, string | null]> = [
    [t("ads.website"), item.websiteUrl],
    [t("ads.description"), item.description],
    [t("ads.budget"), item.budget],
    [t("ads.email"), item.contactEmail],
    [t("ads.platform"), item.contactPlatform],
    [t("ads.handle"), item.contactHandle],
    [t("ads.requester"), item.requester.email && item.requester.email !== item.requester.name ? `${item.requester.name} <${item.requester.email}>` : item.requester.name],
  ];
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="ad-row" data-id={item.id} data-name={item.toolName}>
      <header className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">{item.toolName}</h2>
          <p className="text-xs text-slate-500">#{item.id} · {formatAdminDate(item.createdAt, lang)}</p>
        </div>
        <StatusBadge status={item.status} />
      </header>
      <dl className="mt-3">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[8rem_1fr] gap-2 py-0.5 text-sm">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-slate-800">{value || "—"}</dd>
          </div>
        ))}
        {item.notes ? (
          <div className="grid grid-cols-[8rem_1fr] gap-2 py-0.5 text-sm" data-testid="ad-notes">
            <dt className="font-medium text-slate-500">{item.status === "rejected" ? t("review.reasonLabel") : t("review.noteLabel")}</dt>
            <dd className="text-slate-800">{item.notes}</dd>
          </div>
        ) : null}
      </dl>
      {item.status === "pending" ? <ReviewForm kind="ad" id={item.id} /> : null}
      {children}
    </article>
  );
}
