import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { i18n as I18n } from "i18next";
import { useI18n, useT } from "~/i18n/translator";
import { Link, useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useImageFailure } from "~/lib/image-fallback";
import { safeReturnPath } from "~/lib/return-to";
import type { loader as rootLoader } from "~/root";
import { mirrorUser, onLoginRequest, signOut } from "./auth-client";

// The dialog (e-mail form, QR panels) and its texts only matter once someone asks to sign in: they load
// on the first hover/focus of the login button or on the first request to open it, not with the page.
const loadLoginDialog = () => import("./login-dialog");
const LoginDialog = lazy(() => loadLoginDialog().then((module) => ({ default: module.LoginDialog })));

const MENU_ITEMS = [
  { path: "/user/dashboard", key: "menu.workbench" },
  { path: "/user/advertise", key: "menu.advertise" },
  { path: "/user/business", key: "menu.business" },
  { path: "/user/submit-tool", key: "menu.submitTool" },
  { path: "/user/update-tool", key: "menu.updateTool" },
] as const;

const LOGIN_FIRST_ACTIONS = '[data-action="promote"], [data-action="update"], [data-action="rate"]';

/** Top-bar account slot: the login button (and dialog) or the signed-in user's menu. */
export function AccountSlot() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const user = data?.user ?? null;
  const location = useLocation();
  const [dialog, setDialog] = useState<{ returnTo: string; error?: string } | null>(null);
  const t = useT("user");
  const navigate = useNavigate();
  const i18n = useI18n();
  const lang = useLang();
  // The page's i18next instance once the dialog's texts are in it (a language change makes a new instance).
  const [textsIn, setTextsIn] = useState<I18n | null>(null);
  const prepareDialog = useCallback(() => {
    void loadLoginDialog();
    const ready = () => setTextsIn(i18n);
    // Without its texts (offline) the dialog still opens, with their keys, rather than never.
    void import("./login-texts").then((module) => module.loadLoginTexts(i18n, lang)).then(ready, ready);
  }, [i18n, lang]);
  useEffect(() => {
    if (dialog) prepareDialog();
  }, [dialog, prepareDialog]);

  useEffect(() => {
    mirrorUser(user ? { id: user.id, name: user.name, email: user.email, avatar: user.avatar, loginType: user.loginType } : null);
  }, [user]);

  useEffect(
    () => onLoginRequest((returnTo) => setDialog({ returnTo: safeReturnPath(returnTo, location.pathname + location.search) })),
    [location.pathname, location.search],
  );

  // Promote/update buttons and star ratings mark themselves with data-action; for signed-out visitors
  // they open the login dialog instead (then continue to the link's target after sign-in).
  useEffect(() => {
    if (user) return;
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.(LOGIN_FIRST_ACTIONS);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      setDialog({ returnTo: safeReturnPath(target.getAttribute("href"), location.pathname + location.search) });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [user, location.pathname, location.search]);

  // Guards send signed-out visitors to "?login=1&returnTo=…": open the dialog for them.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!user && params.get("login") === "1") {
      // Google/GitHub send failures back here as ?loginError=<provider> (spec 8 messages).
      const failed = params.get("loginError");
      const error = failed === "google" ? t("auth.googleFailed") : failed === "github" ? t("auth.githubFailed") : undefined;
      setDialog({ returnTo: safeReturnPath(params.get("returnTo"), location.pathname), error });
    }
  }, [user, location.search, location.pathname, t]);

  function closeDialog() {
    setDialog(null);
    const params = new URLSearchParams(location.search);
    if (!params.has("login")) return;
    for (const key of ["login", "returnTo", "loginError"]) params.delete(key);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }

  if (user) return <UserMenu user={user} />;
  return (
    <>
      <button
        type="button"
        data-testid="login-button"
        onClick={() => setDialog({ returnTo: location.pathname + location.search })}
        onPointerEnter={prepareDialog}
        onFocus={prepareDialog}
        className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("auth.loginButton")}
      </button>
      {dialog && textsIn === i18n ? (
        <Suspense fallback={null}>
          <LoginDialog returnTo={dialog.returnTo} initialError={dialog.error} methods={data?.signInMethods} onClose={closeDialog} />
        </Suspense>
      ) : null}
    </>
  );
}

type MenuUser = NonNullable<NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>["user"]>;

function UserMenu({ user }: { user: MenuUser }) {
  const t = useT("user");
  const to = useLocalizedPath();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  async function logout() {
    setOpen(false);
    await signOut();
    await revalidator.revalidate();
  }

  const initial = (user.name.trim()[0] ?? "U").toUpperCase();
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        data-testid="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <Avatar url={user.avatar} initial={initial} />
        {/* The name read aloud starts with the words shown (speech control users say what they see). */}
        <span className="hidden max-w-32 truncate sm:inline" data-testid="user-name">
          {user.name}
        </span>
        <span className="sr-only">{t("menu.account")}</span>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {/* The name falls back to the e-mail address: then it is shown once, whole (wrapped, not cut off). */}
          <div className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500 [overflow-wrap:anywhere]" data-testid="user-menu-identity">
            <div className="font-medium text-slate-800">{user.name}</div>
            {user.email && user.email.trim().toLowerCase() !== user.name.trim().toLowerCase() ? <div>{user.email}</div> : null}
          </div>
          {MENU_ITEMS.map((item) => (
            <Link
              key={item.path}
              role="menuitem"
              to={to(item.path)}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              {t(item.key)}
            </Link>
          ))}
          {user.isAdmin ? (
            <Link role="menuitem" to="/admin" reloadDocument className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
              {t("auth.adminConsole")}
            </Link>
          ) : null}
          <button
            type="button"
            role="menuitem"
            data-testid="logout-button"
            onClick={() => void logout()}
            className="block w-full border-t border-slate-100 px-4 py-2 text-left text-sm text-red-600 hover:bg-red-50"
          >
            {t("menu.logout")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The provider's picture, or the initial when there is none or it does not load (expired or blocked URL). */
function Avatar({ url, initial }: { url: string | null | undefined; initial: string }) {
  const { failed, imageProps } = useImageFailure();
  if (!url || failed) {
    return (
      <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-brand-700" data-testid="user-initial">
        {initial}
      </span>
    );
  }
  return <img {...imageProps} src={url} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" referrerPolicy="no-referrer" />;
}
