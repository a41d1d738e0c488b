import type { ReactNode } from "react";
import { useT } from "~/i18n/translator";
import type { CategoryLink } from "~/.server/categories/queries";
import { MyToolsStrip } from "~/components/favorites/my-tools-strip";
import { HydrateApart } from "./hydrate-apart";
import { SiteFooter } from "./site-footer";
import { CompareTray } from "~/components/compare/compare-tray";
import { SiteHeader } from "./site-header";

/** Top bar, main landmark and footer around every page. */
export function SiteShell({ children, footerCategories, year }: { children: ReactNode; footerCategories: CategoryLink[]; year: number }) {
  const t = useT("common");
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t("nav.skipToContent")}
      </a>
      <SiteHeader />
      <MyToolsStrip />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8">
        {children}
      </main>
      <HydrateApart>
        <SiteFooter categories={footerCategories} year={year} />
      </HydrateApart>
      <CompareTray />
    </>
  );
}
