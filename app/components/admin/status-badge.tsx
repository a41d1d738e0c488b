import type { SubmissionStatus } from "~/lib/submissions";
import { useAdminText } from "./admin-text";

const TONE: Record<SubmissionStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-rose-50 text-rose-800 ring-rose-200",
};

/** Spec 4.8 labels: awaiting review, passed, refused. */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const { t } = useAdminText();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONE[status]}`} data-testid="status-badge" data-status={status}>{t(`status.${status}`)}</span>;
}
