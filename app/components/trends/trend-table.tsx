import type { ReactNode } from "react";
import { ScrollRegion } from "~/components/scroll-region";
import { useT } from "~/i18n/translator";

/** What a table shows besides its rows: the time of its list, or why it has none. */
export interface TrendTableState {
  status: "ok" | "loading" | "empty";
  /** "Updated 12 minutes ago", for lists fetched from another service. */
  updated?: { iso: string; label: string } | null;
  /** The latest fetch failed and this is the last good list. */
  stale?: boolean;
}

interface TrendTableProps {
  id: string;
  title: string;
  hint?: string;
  state: TrendTableState;
  columns: Array<{ label: string; className?: string }>;
  rows: ReactNode[][];
}

/** One of the trends page's tables, with its heading, freshness line, and the loading or no-data text. */
export function TrendTable({ id, title, hint, state, columns, rows }: TrendTableProps) {
  const t = useT("trends");
  const empty = state.status !== "ok" || rows.length === 0;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid={id}>
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-4">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">{title}</h2>
          {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
        </div>
        {state.updated ? (
          <p className="text-sm text-slate-600" data-testid={`${id}-updated`}>
            <time dateTime={state.updated.iso} title={state.updated.iso}>{t("updated", { when: state.updated.label })}</time>
          </p>
        ) : null}
      </header>
      {state.stale ? <p className="border-b border-amber-100 bg-amber-50 px-5 py-2 text-sm text-amber-800" data-testid={`${id}-stale`}>{t("stale")}</p> : null}
      {empty ? (
        <p className="px-5 py-10 text-center text-slate-500" data-testid={`${id}-${state.status === "loading" ? "loading" : "empty"}`}>
          {state.status === "loading" ? t("loading") : t("noData")}
        </p>
      ) : (
        <ScrollRegion labelledBy={id}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="w-10 px-3 py-2 text-right">#</th>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={`px-3 py-2 ${column.className ?? ""}`}>{column.label}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((cells, index) => (
                <tr key={index} className="align-top hover:bg-slate-50">
                  <td className="px-3 py-2 text-right tabular-nums text-slate-500">{index + 1}</td>
                  {cells.map((cell, i) => (
                    <td key={i} className={`px-3 py-2 ${columns[i]?.className ?? ""}`}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

/** "12 minutes ago" in the page language, from minutes that the loader computed (the same on server and browser). */
export function agoLabel(locale: string, minutes: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (minutes < 60) return format.format(-Math.max(0, Math.round(minutes)), "minute");
  if (minutes < 48 * 60) return format.format(-Math.round(minutes / 60), "hour");
  return format.format(-Math.round(minutes / 1440), "day");
}
