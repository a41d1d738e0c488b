import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { pageWindow } from "~/lib/tool-display";

/**
 * Crawlable pager: plain links (previous, at most five page numbers, next),
 * each a full URL of the list with its filters, so every page is shareable.
 */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const t = useT("tools");
  if (pageCount <= 1) return null;
  const base = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";
  const idle = `${base} border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700`;
  const disabled = `${base} cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500`;
  return (
    <nav aria-label={t("pager.label")} className="flex flex-col items-center gap-2">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <AppLink to={hrefFor(page - 1)} rel="prev" className={idle}>← {t("pager.previous")}</AppLink>
          ) : (
            <span className={disabled} aria-disabled="true">← {t("pager.previous")}</span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className={`${base} border-brand-600 bg-brand-600 text-white`}>{n}</span>
            ) : (
              <AppLink to={hrefFor(n)} className={idle} aria-label={t("pager.page", { page: n })}>{n}</AppLink>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <AppLink to={hrefFor(page + 1)} rel="next" className={idle}>{t("pager.next")} →</AppLink>
          ) : (
            <span className={disabled} aria-disabled="true">{t("pager.next")} →</span>
          )}
        </li>
      </ul>
      <p className="text-sm text-slate-500">{t("pager.status", { page, pages: pageCount })}</p>
    </nav>
  );
}
