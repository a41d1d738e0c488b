import { Link } from "react-router";
import { useAdminText } from "~/components/admin/admin-text";

/** The console home's line of open reports per kind and reviews waiting for approval, linking to the queue. */
export function ReportCounts({ counts, pending }: { counts: Record<string, number>; pending: number }) {
  const { t, lang } = useAdminText();
  const number = new Intl.NumberFormat(lang === "us-en" ? "en-US" : lang);
  const entries = [["pending", pending] as const, ...Object.entries(counts)];
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="admin-report-counts">
      <h2 className="text-sm font-semibold text-slate-900">{t("reports.title")}</h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        {entries.map(([kind, n]) => (
          <li key={kind}>
            <Link to={`/admin/reports?tab=${kind}`} className="hover:underline" data-kind={kind}>
              {t(`reports.kinds.${kind}`)}: <span className="font-semibold text-slate-900">{number.format(n)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
