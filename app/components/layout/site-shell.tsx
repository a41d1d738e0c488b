import type { ReactNode } from "react";
import { useT } from "~/i18n/translator";
import type { CategoryLink } from "~/.server/categories/queries";
import { MyToolsStrip } from "~/components/favorites/my-tools-strip";
import { HydrateApart } from "./hydrate-apart";
import { lazyPart } from "./lazy-part";
import { CompareTray } from "~/components/compare/compare-tray";
import { SiteHeader } from "./site-header";

/** The footer (its links and the newsletter box) hydrates apart, so its code loads apart from the page's first scripts. */
const SiteFooter = lazyPart("site-footer", () => import("./site-footer").then((module) => ({ default: module.SiteFooter })));

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
