import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { requireAdmin } from "~/.server/auth/guards";
import type { Route } from "./+types/admin";

/**
 * Layout of every admin screen: the guard lives here, so screens added under
 * /admin are protected. Anonymous visitors go to /admin/login; signed-in
 * non-admins get 403 "no admin permission".
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request, "page");
  return { user: { name: user.name, email: user.email } };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const ADMIN_SCREENS = [
  { path: "/admin/submissions", key: "admin.reviewSubmissions" },
  { path: "/admin/advertise", key: "admin.reviewAds" },
  { path: "/admin/tools-order", key: "admin.toolsOrder" },
  { path: "/admin/analytics", key: "admin.analytics" },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("user");
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row lg:px-8" data-testid="admin-layout">
      <aside className="md:w-56 md:shrink-0">
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("admin.console")}</p>
        <nav aria-label={t("admin.screens")} className="mt-2 space-y-1">
          <NavLink to="/admin" end className={linkClass}>{t("admin.console")}</NavLink>
          {ADMIN_SCREENS.map((screen) => (
            <NavLink key={screen.path} to={screen.path} className={linkClass}>{t(screen.key)}</NavLink>
          ))}
        </nav>
        <p className="mt-4 px-3 text-xs text-slate-500">{t("admin.signedInAs", { name: loaderData.user.email ?? loaderData.user.name })}</p>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("user");
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center" data-testid="admin-forbidden">
        <h1 className="text-xl font-semibold text-slate-900">{t("admin.noPermission")}</h1>
        <p className="mt-2 text-slate-600">{t("admin.forbiddenHint")}</p>
        <Link to="/admin/login" reloadDocument className="mt-4 inline-block font-medium text-brand-700 hover:underline">{t("admin.adminLogin")}</Link>
      </main>
    );
  }
  throw error;
}
