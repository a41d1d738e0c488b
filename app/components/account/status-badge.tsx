import type { SubmissionStatus } from "~/lib/submissions";
import { useT } from "~/i18n/translator";

const STYLE: Record<SubmissionStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-red-50 text-red-700 ring-red-200",
};

/** Spec 4.8 labels: awaiting review, passed, refused. */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const t = useT("account");
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLE[status]}`} data-testid="status-badge" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

export function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600" data-testid="page-intro">{intro}</p> : null}
    </header>
  );
}
