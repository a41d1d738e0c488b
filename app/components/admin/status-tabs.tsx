import { Link, useSearchParams } from "react-router";
import { useAdminText } from "./admin-text";

const FILTERS = ["pending", "approved", "rejected", "all"] as const;

/** Status filter links; they keep the other query parameters (the tab) and go back to page 1. */
export function StatusFilter({ current }: { current: string }) {
  const { t } = useAdminText();
  const [params] = useSearchParams();
  return (
    <nav className="flex flex-wrap gap-2" aria-label={t("filters.status")}>
      {FILTERS.map((status) => {
        const next = new URLSearchParams(params);
        next.set("status", status);
        next.delete("page");
        const active = status === current;
        return (
          <Link key={status} to={`?${next.toString()}`} aria-current={active ? "page" : undefined} data-testid={`filter-${status}`}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${active ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}>
            {t(`status.${status}`)}
          </Link>
        );
      })}
    </nav>
  );
}
