import { useState } from "react";
import { useT } from "~/i18n/translator";
import { Link, NavLink } from "react-router";
import { AccountSlot } from "~/components/auth/account-slot";
import { useLocalizedPath } from "~/i18n/hooks";
import { LanguageMenu, SearchBox } from "./header-controls";
import { HydrateApart } from "./hydrate-apart";

const NAV_ITEMS = [
  { path: "/tools", key: "nav.tools" },
  { path: "/ecommerce", key: "nav.ecommerce" },
  { path: "/about", key: "nav.about" },
] as const;

/**
 * Sticky top bar: logo, search, main links, language switcher, account slot; collapses on mobile. The search
 * box and language menu hydrate apart, with their code (header-controls.ts).
 */
export function SiteHeader() {
  const t = useT("common");
  const to = useLocalizedPath();
  const [menuOpen, setMenuOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? "text-brand-700" : "text-slate-700"}`;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={to("/")} className="flex shrink-0 items-center gap-2 font-semibold text-slate-900">
          {/* Low priority: the logo must not hold up the stylesheet and scripts (and gets no preload). */}
          <img src="/favicon.svg" alt="" width={28} height={28} fetchPriority="low" />
          {/* Read out on small screens too, where only the logo shows: the link needs a name. */}
          <span className="sr-only sm:not-sr-only">{t("site.name")}</span>
        </Link>
        <div className="hidden flex-1 md:block">
          <HydrateApart>
            <SearchBox id="header-search" />
          </HydrateApart>
        </div>
        <nav aria-label={t("nav.mainNavigation")} className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.path} to={to(item.path)} className={linkClass}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <HydrateApart>
            <LanguageMenu />
          </HydrateApart>
          <div data-slot="account" className="flex items-center">
            <AccountSlot />
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 md:hidden">
          <div className="py-3">
            <HydrateApart>
              <SearchBox id="header-search-mobile" />
            </HydrateApart>
          </div>
          <nav aria-label={t("nav.mainNavigation")} className="flex flex-col">
            {NAV_ITEMS.map((item) => (
              <NavLink key={item.path} to={to(item.path)} className={linkClass} onClick={() => setMenuOpen(false)}>
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
