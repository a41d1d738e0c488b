import { data, NavLink, Outlet } from "react-router";
import { getSessionUser } from "~/.server/auth/session";
import { PRIVATE_PAGE_CACHE } from "~/.server/http-cache";
import { loadBundles } from "~/.server/i18n";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { splitLangPath } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user";

/**
 * Layout of the signed-in user's area (spec 2.2): the sidebar and the
 * `account` texts in the page language. Pages here are someone's own, so
 * they are never stored by any cache and never indexed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const [bundles, user] = await Promise.all([loadBundles(lang, ["account", "feeds", "compare"]), getSessionUser(request)]);
  return data(
    { bundles, signedIn: user !== null, name: user?.name ?? null },
    { headers: { "Cache-Control": PRIVATE_PAGE_CACHE, Vary: "Cookie", "X-Robots-Tag": "noindex" } },
  );
}

// Child pages export no headers of their own, so these apply to every page of the area.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The sidebar's entries in spec 2.2 order. */
export const AREA_LINKS = [
  { path: "/user/dashboard", key: "nav.dashboard" },
  { path: "/user/business", key: "nav.business" },
  { path: "/user/my-tools", key: "nav.myTools" },
  { path: "/user/advertise", key: "nav.advertise" },
  { path: "/user/submit-tool", key: "nav.submitTool" },
  { path: "/user/favorites", key: "nav.favorites" },
  { path: "/user/orders", key: "nav.orders" },
] as const;

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT("account");
  const to = useLocalizedPath();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="flex flex-col gap-6 md:flex-row" data-testid="user-layout">
      <aside className="md:w-56 md:shrink-0">
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("nav.title")}</p>
        {loaderData.name ? <p className="mt-1 truncate px-3 text-sm text-slate-700">{loaderData.name}</p> : null}
        <nav aria-label={t("nav.title")} className="mt-2 flex gap-1 overflow-x-auto md:flex-col" data-testid="user-sidebar">
          {AREA_LINKS.map((link) => (
            <NavLink key={link.path} to={to(link.path)} end={link.path === "/user/advertise"} className={linkClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
