import { useState, type KeyboardEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAdminText } from "./admin-text";

/**
 * Pager of the admin screens (spec 2.4, 5): total, page x/y, previous and
 * next disabled at the ends, and a jump box applied on Enter. The jump value
 * is read as a whole number (1 when empty), ignored when it is not a number,
 * and kept between the first and the last page (past the end is the last page;
 * the loaders redirect a typed address past the end there too).
 */
export function parseJump(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === "") return 1;
  const number = Number.parseInt(trimmed, 10);
  return Number.isNaN(number) ? null : number;
}

export function AdminPager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useAdminText();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [jump, setJump] = useState("");
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const target = parseJump(jump);
    if (target !== null) onPage(Math.min(Math.max(target, 1), pages));
  };
  const button = "rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700" data-testid="admin-pager">
      <span data-testid="pager-total">{t("pager.total", { total })}</span>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="pager-previous">{t("pager.previous")}</button>
      <span data-testid="pager-position">{t("pager.position", { page, pages })}</span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="pager-next">{t("pager.next")}</button>
      <label className="flex items-center gap-2">
        {t("pager.jump")}
        <input
          type="text"
          inputMode="numeric"
          className="w-16 rounded-md border border-slate-300 px-2 py-1"
          value={jump}
          onChange={(event) => setJump(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="pager-jump"
        />
      </label>
    </div>
  );
}

/** Goes to another page of the current list, keeping its other query parameters (tab, status, filters). */
export function usePageNavigation(): (page: number) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (page) => {
    const search = new URLSearchParams(params);
    search.set("page", String(page));
    void navigate(`?${search.toString()}`);
  };
}
