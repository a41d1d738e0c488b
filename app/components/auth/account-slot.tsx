import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { i18n as I18n } from "i18next";
import { useI18n, useT } from "~/i18n/translator";
import { useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { useLang } from "~/i18n/hooks";
import { safeReturnPath } from "~/lib/return-to";
import type { loader as rootLoader } from "~/root";
import { HydrateApart } from "~/components/layout/hydrate-apart";
import { lazyPart } from "~/components/layout/lazy-part";
import { mirrorUser, onLoginRequest } from "./auth-client";

// The dialog (e-mail form, QR panels) and its texts only matter once someone asks to sign in: they load
// on the first hover/focus of the login button or on the first request to open it, not with the page.
const loadLoginDialog = () => import("./login-dialog");
const LoginDialog = lazy(() => loadLoginDialog().then((module) => ({ default: module.LoginDialog })));

/**
 * The signed-in visitor's menu hydrates apart, its code loaded apart (most visitors are not signed in); it
 * also loads with the login dialog, so it is there when a sign-in in the dialog brings it (decision 0043).
 */
const loadUserMenu = () => import("./user-menu");
const UserMenu = lazyPart("user-menu", () => loadUserMenu().then((module) => ({ default: module.UserMenu })));

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
    void loadUserMenu();
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

  if (user) {
    return (
      <HydrateApart>
        <UserMenu user={user} />
      </HydrateApart>
    );
  }
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
