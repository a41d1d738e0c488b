import { useState } from "react";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { formatNumberFor } from "~/lib/tool-display";

export const SIDEBAR_SUBCATEGORIES = 8;

/** What the sidebar (and the list's category select) needs of a category: no ids, icons or descriptions. */
export interface SidebarCategory {
  slug: string;
  name: string;
  toolCount: number;
  subcategories: Array<{ slug: string; name: string; toolCount: number }>;
}

const contains = (category: SidebarCategory, slug: string | undefined) =>
  slug !== undefined && (category.slug === slug || category.subcategories.some((s) => s.slug === slug));

/**
 * Category sidebar (spec 2.4): an accordion of top-level categories, each
 * listing its first 8 subcategories and a '+ N more' link to the category
 * page, and a View All button to the whole list.
 *
 * Only the category holding the active filter is open at first, and only open
 * panels are in the document: the other panels' links were most of the list
 * page's HTML (and server render time). They open in the browser from data the
 * page already has; the category pages link every subcategory filter, so
 * crawlers and visitors without JavaScript still reach each of them. The
 * toggle's styles are `.sidebar-toggle` in app.css (22 per page).
 */
export function CategorySidebar({
  categories,
  activeSlug,
  idPrefix = "sidebar",
}: {
  categories: SidebarCategory[];
  activeSlug?: string;
  /** Prefix of the element ids, so a second copy (the phone filter) never repeats the first one's. */
  idPrefix?: string;
}) {
  const t = useT("categories");
  const to = useLocalizedPath();
  const count = formatNumberFor(htmlLang(useLang()));
  // What the visitor toggled; a category not toggled is open when it holds the active filter.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const filterHref = (slug: string) => `${to("/tools")}?category=${encodeURIComponent(slug)}`;
  return (
    <nav aria-label={t("sidebar.landmark")} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`category-${idPrefix}-title`} className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t("sidebar.title")}
      </h2>
      <ul className="space-y-1 text-sm">
        {categories.map((category) => {
          const open = toggled[category.slug] ?? contains(category, activeSlug);
          const panelId = `${idPrefix}-${category.slug}`;
          return (
            <li key={category.slug}>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setToggled((state) => ({ ...state, [category.slug]: !open }))}
                className="sidebar-toggle"
              >
                <span className={category.slug === activeSlug ? "text-brand-700" : undefined}>{category.name}</span>
                <span className="sidebar-count">
                  {count(category.toolCount)}
                  <span aria-hidden="true" className={open ? "rotate-90" : undefined}>›</span>
                </span>
              </button>
              {open ? <SubcategoryPanel id={panelId} category={category} activeSlug={activeSlug} filterHref={filterHref} count={count} /> : null}
            </li>
          );
        })}
      </ul>
      <AppLink
        to={to("/tools")}
        className="mt-4 block rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("sidebar.viewAll")}
      </AppLink>
    </nav>
  );
}

function SubcategoryPanel({
  id,
  category,
  activeSlug,
  filterHref,
  count,
}: {
  id: string;
  category: SidebarCategory;
  activeSlug?: string;
  filterHref: (slug: string) => string;
  count: (value: number) => string;
}) {
  const t = useT("categories");
  const to = useLocalizedPath();
  const shown = category.subcategories.slice(0, SIDEBAR_SUBCATEGORIES);
  const hidden = category.subcategories.length - shown.length;
  return (
    <ul id={id} className="mb-2 ml-3 mt-1 space-y-0.5 border-l border-slate-200 pl-3">
      <li>
        <AppLink to={filterHref(category.slug)} className="block py-0.5 text-slate-600 hover:text-brand-700">
          {t("sidebar.allInCategory")}
        </AppLink>
      </li>
      {shown.map((sub) => (
        <li key={sub.slug}>
          <AppLink
            to={filterHref(sub.slug)}
            aria-current={sub.slug === activeSlug ? "page" : undefined}
            className={`flex justify-between gap-2 py-0.5 hover:text-brand-700 ${sub.slug === activeSlug ? "font-medium text-brand-700" : "text-slate-600"}`}
          >
            <span>{sub.name}</span>
            <span className="text-xs text-slate-500">{count(sub.toolCount)}</span>
          </AppLink>
        </li>
      ))}
      {hidden > 0 ? (
        <li>
          <AppLink to={to(`/category/${category.slug}`)} className="block py-0.5 font-medium text-brand-700 hover:underline">
            {t("sidebar.more", { count: hidden })}
          </AppLink>
        </li>
      ) : null}
    </ul>
  );
}
