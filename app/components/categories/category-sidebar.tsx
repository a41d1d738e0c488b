import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CategoryNode } from "~/.server/categories/queries";
import { useLocalizedPath } from "~/i18n/hooks";

export const SIDEBAR_SUBCATEGORIES = 8;

/**
 * Category sidebar (spec 2.4): an accordion of top-level categories, each
 * listing its first 8 subcategories and a '+ N more' link to the category
 * page, and a View All button to the whole list. Native <details> keeps it
 * usable without JavaScript.
 */
export function CategorySidebar({ categories, activeSlug }: { categories: CategoryNode[]; activeSlug?: string }) {
  const { t } = useTranslation("categories");
  const to = useLocalizedPath();
  const filterHref = (slug: string) => `${to("/tools")}?category=${encodeURIComponent(slug)}`;
  return (
    <nav aria-labelledby="category-sidebar-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="category-sidebar-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t("sidebar.title")}
      </h2>
      <ul className="space-y-1">
        {categories.map((category) => {
          const open = category.slug === activeSlug || category.subcategories.some((s) => s.slug === activeSlug);
          const shown = category.subcategories.slice(0, SIDEBAR_SUBCATEGORIES);
          const hidden = category.subcategories.length - shown.length;
          return (
            <li key={category.slug}>
              <details open={open} className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
                  <span className={category.slug === activeSlug ? "text-brand-700" : undefined}>{category.name}</span>
                  <span className="flex items-center gap-2 text-xs text-slate-500">
                    {category.toolCount}
                    <span aria-hidden="true" className="transition group-open:rotate-90">›</span>
                  </span>
                </summary>
                <ul className="mb-2 ml-3 mt-1 space-y-0.5 border-l border-slate-200 pl-3">
                  <li>
                    <Link to={filterHref(category.slug)} className="block py-0.5 text-sm text-slate-600 hover:text-brand-700">
                      {t("sidebar.allInCategory")}
                    </Link>
                  </li>
                  {shown.map((sub) => (
                    <li key={sub.slug}>
                      <Link
                        to={filterHref(sub.slug)}
                        aria-current={sub.slug === activeSlug ? "page" : undefined}
                        className={`flex justify-between gap-2 py-0.5 text-sm hover:text-brand-700 ${sub.slug === activeSlug ? "font-medium text-brand-700" : "text-slate-600"}`}
                      >
                        <span>{sub.name}</span>
                        <span className="text-xs text-slate-400">{sub.toolCount}</span>
                      </Link>
                    </li>
                  ))}
                  {hidden > 0 ? (
                    <li>
                      <Link to={to(`/category/${category.slug}`)} className="block py-0.5 text-sm font-medium text-brand-700 hover:underline">
                        {t("sidebar.more", { count: hidden })}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
      <Link
        to={to("/tools")}
        className="mt-4 block rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("sidebar.viewAll")}
      </Link>
    </nav>
  );
}
