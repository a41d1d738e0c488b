import { useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { ToolsOrderRow } from "~/.server/admin/tools-order";
import { ORDER_SORT_FIELDS, pagePriorities, TOOLS_ORDER_PAGE_SIZE } from "~/lib/admin";
import { useAdminText } from "./admin-text";
import { ScrollRegion } from "../scroll-region";
import { AdminPager } from "./pager";
import { ScreenshotButton } from "../look/screenshot-button";

interface Props {
  rows: ToolsOrderRow[];
  total: number;
  page: number;
  sortBy: string;
  sortDir: "asc" | "desc";
}

/**
 * The tools-order table: pin toggles and moves change the local order until
 * saved; saving sends the whole page (manual_priority reassigned after a
 * move), then reloads the list. A failed save shows the server's message,
 * else '保存失败', in red above the table.
 */
export function ToolsOrderTable({ rows: initial, total, page, sortBy, sortDir }: Props) {
  const { t } = useAdminText();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [rows, setRows] = useState(initial);
  const [moved, setMoved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setRows(initial);
    setMoved(false);
  }, [initial]);

  const go = (next: { page?: number; sortBy?: string; sortDir?: string }) => {
    const search = new URLSearchParams();
    const by = next.sortBy ?? sortBy;
    if (by) search.set("sortBy", by);
    search.set("sortDir", next.sortDir ?? sortDir);
    search.set("page", String(next.page ?? 1));
    void navigate(`?${search.toString()}`);
  };
  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= rows.length) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setRows(next);
    setMoved(true);
    setSaved(false);
  };
  const togglePin = (id: number) => {
    setRows(rows.map((row) => (row.id === id ? { ...row, pinned: !row.pinned } : row)));
    setSaved(false);
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    setSaved(false);
    const priorities = pagePriorities(rows.length, page, TOOLS_ORDER_PAGE_SIZE, total);
    const updates = rows.map((row, i) => ({ id: row.id, pinned: row.pinned, manual_priority: moved ? priorities[i]! : row.manual_priority }));
    try {
      const response = await fetch("/api/admin/tools-order", { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ updates }) });
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } | null } | null;
      if (!response.ok || body?.error) throw new Error(body?.error?.message || "");
      setSaved(true);
      revalidator.revalidate();
    } catch (failure) {
      setError((failure instanceof Error && failure.message) || t("order.saveFailed"));
    } finally {
      setSaving(false);
    }
  };

  const cell = "px-3 py-2 align-middle";
  const small = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("order.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("order.hint")}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-700">
          {t("order.sortBy")}
          <select className="ml-2 rounded-md border border-slate-300 px-2 py-1" value={sortBy} onChange={(e) => go({ sortBy: e.target.value })} data-testid="order-sort-by">
            <option value="">{t("order.listingOrder")}</option>
            {ORDER_SORT_FIELDS.map((field) => <option key={field} value={field}>{t(`order.sort.${field}`)}</option>)}
          </select>
        </label>
        <label className="text-sm text-slate-700">
          {t("order.sortDir")}
          <select className="ml-2 rounded-md border border-slate-300 px-2 py-1" value={sortDir} onChange={(e) => go({ sortDir: e.target.value })} disabled={!sortBy} data-testid="order-sort-dir">
            <option value="desc">{t("order.desc")}</option>
            <option value="asc">{t("order.asc")}</option>
          </select>
        </label>
        <button type="button" onClick={() => void save()} disabled={saving || rows.length === 0} className="ml-auto rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60" data-testid="order-save">
          {saving ? t("order.saving") : t("order.save")}
        </button>
      </div>
      {error ? <p role="alert" className="mt-3 text-sm font-medium text-red-600" data-testid="order-error">{error}</p> : null}
      {saved && !error ? <p role="status" className="mt-3 text-sm text-emerald-700" data-testid="order-saved">{t("order.saved")}</p> : null}
      <ScrollRegion label={t("order.title")} className="mt-3 rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="order-table">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {["id", "image", "name", "favorites", "likes", "rating", "reviews", "pinned", "actions"].map((column) => <th key={column} className={cell}>{t(`order.columns.${column}`)}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id} className="border-t border-slate-100" data-testid="order-row" data-id={row.id} data-slug={row.slug}>
                <td className={cell}>{row.id}</td>
                <td className={cell}>
                  {row.image_url ? <img src={row.image_url} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded object-cover" /> : <div className="flex h-10 w-10 items-center justify-center rounded bg-slate-100 text-[10px] text-slate-400">{t("order.noImage")}</div>}
                </td>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{row.name}</div>
                  <div className="text-xs text-slate-500">{row.slug}</div>
                </td>
                <td className={cell}>{row.favorites}</td>
                <td className={cell}>{row.likes}</td>
                <td className={cell}>{row.rating === null ? "—" : row.rating.toFixed(1)}</td>
                <td className={cell}>{row.review_count}</td>
                <td className={cell} data-testid="order-pinned">{row.pinned ? t("order.yes") : t("order.no")}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <div className="flex gap-1">
                    <button type="button" className={small} onClick={() => togglePin(row.id)} data-testid="order-pin">{row.pinned ? t("order.unpin") : t("order.pin")}</button>
                    <button type="button" className={small} onClick={() => move(index, -1)} disabled={index === 0} aria-label={t("order.moveUp")} data-testid="order-up">↑</button>
                    <button type="button" className={small} onClick={() => move(index, 1)} disabled={index === rows.length - 1} aria-label={t("order.moveDown")} data-testid="order-down">↓</button>
                    <ScreenshotButton slug={row.slug} className={small} />
                    <a href={`/admin/listings/tool/${row.slug}`} className={small} data-testid="order-edit">{t("listingEditor.edit")}</a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <AdminPager page={page} total={total} pageSize={TOOLS_ORDER_PAGE_SIZE} onPage={(next) => go({ page: next })} />
    </section>
  );
}
