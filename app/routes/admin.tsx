import { useT } from "~/i18n/translator";
import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { ADMIN_NO_STORE, adminLanguage, adminStrings } from "~/.server/admin/language";
import { requireAdmin } from "~/.server/auth/guards";
import { AdminTextProvider, useAdminText } from "~/components/admin/admin-text";
import { htmlLang, LANGUAGE_NAMES, LANGUAGES, PREFERRED_LANGUAGE_COOKIE } from "~/i18n/languages";
import type { Route } from "./+types/admin";

/**
 * Layout of every admin screen: the guard lives here, so screens added under
 * /admin are protected. Anonymous visitors go to /admin/login; signed-in
 * non-admins get 403 "no admin permission". The screens speak the admin's
 * chosen language (the select below sets the site's language cookie).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request, "page");
  const lang = adminLanguage(request);
  return { user: { name: user.name, email: user.email }, adminLang: lang, adminStrings: await adminStrings(lang) };
}

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const ADMIN_SCREENS = [
  { path: "/admin/submissions", key: "nav.submissions" },
  { path: "/admin/advertise", key: "nav.advertise" },
  { path: "/admin/tools-order", key: "nav.toolsOrder" },
  { path: "/admin/reports", key: "nav.reports" },
  { path: "/admin/audit-log", key: "nav.auditLog" },
  { path: "/admin/analytics", key: "nav.analytics" },
  { path: "/admin/claims", key: "nav.claims" },
  { path: "/admin/newsletter", key: "nav.newsletter" },
] as const;

function chooseLanguage(lang: string) {
  document.cookie = `${PREFERRED_LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  window.location.reload();
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminTextProvider lang={loaderData.adminLang} strings={loaderData.adminStrings}>
      <AdminFrame user={loaderData.user} />
    </AdminTextProvider>
  );
}

function AdminFrame({ user }: { user: { name: string; email: string | null } }) {
  const { t, lang } = useAdminText();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row lg:px-8" data-testid="admin-layout" lang={htmlLang(lang)}>
      <aside className="md:w-56 md:shrink-0">
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("nav.console")}</p>
        <nav aria-label={t("nav.screens")} className="mt-2 space-y-1">
          <NavLink to="/admin" end className={linkClass}>{t("nav.home")}</NavLink>
          {ADMIN_SCREENS.map((screen) => (
            <NavLink key={screen.path} to={screen.path} className={linkClass}>{t(screen.key)}</NavLink>
          ))}
        </nav>
        <p className="mt-4 px-3 text-xs text-slate-500">{t("nav.signedInAs", { name: user.email ?? user.name })}</p>
        <label className="mt-4 block px-3 text-xs text-slate-500">
          {t("nav.language")}
          <select
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800"
            value={lang}
            onChange={(event) => chooseLanguage(event.target.value)}
            data-testid="admin-language"
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>{LANGUAGE_NAMES[code]}</option>
            ))}
          </select>
        </label>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT("user");
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
