import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useT } from "~/i18n/translator";
import { CategorySidebar, type SidebarCategory } from "./category-sidebar";

/**
 * Phones and narrow windows: a Categories button above the results that opens the sidebar's list in
 * place. The sidebar itself is only shown beside the results on wide screens; below them it sat about
 * 10,000 px down a phone's page. The list is rendered only once opened, so the page's HTML stays as small.
 */
export function MobileCategoryFilter({ tree, activeSlug, activeName }: { tree: SidebarCategory[]; activeSlug?: string; activeName: string | null }) {
  const t = useT("categories");
  const [open, setOpen] = useState(false);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-categories"
        data-testid="mobile-category-button"
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm font-medium text-slate-800"
      >
        <span className="flex min-w-0 items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <span>{t("sidebar.title")}</span>
          {activeName ? <span className="truncate font-normal text-brand-700">{activeName}</span> : null}
        </span>
        <span aria-hidden="true" className={open ? "rotate-90" : undefined}>›</span>
      </button>
      {open ? (
        // A chosen link navigates: the list closes behind it.
        <div id="mobile-categories" className="mt-2" onClick={(event) => (event.target as HTMLElement).closest("a") && setOpen(false)}>
          <CategorySidebar categories={tree} activeSlug={activeSlug} idPrefix="mobile-sidebar" />
        </div>
      ) : null}
    </div>
  );
}
