import { useState, type FormEvent } from "react";
import { useT } from "~/i18n/translator";
import { data, Link, redirect, useFetcher } from "react-router";
import { getAuth } from "~/.server/auth/auth";
import { signInAddress } from "~/.server/auth/site-origins";
import { assertSameOrigin } from "~/.server/auth/guards";
import { mailDeliverable } from "~/.server/auth/mail";
import { getSessionUser } from "~/.server/auth/session";
import { isUnverifiedAdminAddress } from "~/.server/auth/users";
import { getConfig } from "~/.server/config";
import { getLogger } from "~/.server/logger";
import { adminLanguage } from "~/.server/admin/language";
import { loadLaterTexts } from "~/.server/i18n";
import { useRouteBundles } from "~/i18n/hooks";
import { authPost } from "~/components/auth/auth-client";
import { signInRefusal } from "~/components/auth/password-reset";
import { useAddressToOpen, WrongAddressNotice } from "~/components/auth/wrong-address";
import { isOriginRefusal } from "~/lib/sign-in-address";
import { safeReturnPath } from "~/lib/return-to";
import type { Route } from "./+types/admin.login";

export const meta: Route.MetaFunction = () => [{ title: "Admin login" }, { name: "robots", content: "noindex" }];

/** An administrator who is already signed in goes straight on. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("returnTo"), "/admin");
  if (user?.isAdmin) throw redirect(returnTo.startsWith("/admin") ? returnTo : "/admin");
  // The sign-in texts are not in the root bundles (decision 0038); the page speaks the root's language.
  return { returnTo, address: signInAddress(getConfig()), texts: await loadLaterTexts(adminLanguage(request), "user", ["auth"]) };
}

/**
 * Runs after the password (and, when enabled, TOTP) sign-in through better-auth:
 * admins continue, anyone else is signed out again (spec 6). An address on ADMIN_EMAILS that was
 * never verified is told so (and sent a new verification mail when mail works) instead of a bare "no".
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "methodNotAllowed" as const }, { status: 405, headers: { Allow: "GET, POST" } });
  assertSameOrigin(request);
  const user = await getSessionUser(request);
  // The page posts a form; anything else (JSON, no body) is a bad request, not a failure.
  const form = await request.formData().catch(() => {
    throw data({ error: "badRequest" as const }, { status: 400 });
  });
  const returnTo = safeReturnPath(form.get("returnTo"), "/admin");
  if (user?.isAdmin) throw redirect(returnTo.startsWith("/admin") ? returnTo : "/admin");
  const headers = new Headers();
  const config = getConfig();
  const unverified = user?.email ? isUnverifiedAdminAddress({ email: user.email, emailVerified: user.emailVerified }, config.adminEmails) : false;
  const canMail = mailDeliverable(config);
  if (user?.email && unverified && canMail) {
    await getAuth()
      .api.sendVerificationEmail({ body: { email: user.email, callbackURL: "/admin/login" }, headers: request.headers })
      .catch((error: unknown) => getLogger().warn({ err: error }, "verification mail for an administrator address not sent"));
  }
  if (user) {
    const signOut = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of signOut.headers.getSetCookie()) headers.append("set-cookie", cookie);
  }
  const error = unverified ? (canMail ? ("verifyFirst" as const) : ("verifyFirstNoMail" as const)) : ("noPermission" as const);
  return data({ error }, { status: 403, headers });
}

/** What the page says for each refusal of the action. */
const ACTION_ERRORS = { noPermission: "admin.noPermission", verifyFirst: "admin.verifyFirst", verifyFirstNoMail: "admin.verifyFirstNoMail" } as const;

type Step = "password" | "totp";

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.texts);
  const t = useT("user");
  const fetcher = useFetcher<typeof action>();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<Step>("password");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const elsewhere = useAddressToOpen(loaderData.address);
  const checkAdmin = () => fetcher.submit({ returnTo: loaderData.returnTo }, { method: "post" });

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) return setError(t("admin.required"));
    setBusy(true);
    const result = await authPost<{ twoFactorRedirect?: boolean }>("/sign-in/email", { email: email.trim(), password });
    setBusy(false);
    if (isOriginRefusal(result)) return setError(t("auth.wrongAddress", { address: loaderData.address.open }));
    if (!result.ok) {
      const refusal = signInRefusal(result, "admin.invalid");
      return setError(t(refusal.key, refusal.values));
    }
    if (result.data.twoFactorRedirect) return setStep("totp");
    await checkAdmin();
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const result = await authPost("/two-factor/verify-totp", { code: code.trim() });
    setBusy(false);
    if (!result.ok) return setError(result.status === 429 ? t("auth.tooManyAttempts") : t("auth.invalidCode"));
    await checkAdmin();
  }

  const refusal = fetcher.data?.error;
  const shownError = error ?? (refusal && refusal in ACTION_ERRORS ? t(ACTION_ERRORS[refusal as keyof typeof ACTION_ERRORS]) : null);
  const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";
  const working = busy || fetcher.state !== "idle";
  return (
    <div className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-semibold text-slate-900">{t("admin.loginTitle")}</h1>
      {shownError ? (
        <p role="alert" data-testid="admin-login-error" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{shownError}</p>
      ) : null}
      {elsewhere ? (
        <WrongAddressNotice href={elsewhere} open={loaderData.address.open} />
      ) : step === "password" ? (
        <form onSubmit={submitPassword} noValidate className="mt-6 space-y-4" data-testid="admin-login-form">
          <label className="block text-sm font-medium text-slate-700">
            {t("admin.email")}
            <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            {t("admin.password")}
            <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={inputClass} />
          </label>
          <button type="submit" disabled={working} className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50">
            {working ? t("auth.working") : t("admin.submit")}
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="mt-6 space-y-4">
          <label className="block text-sm font-medium text-slate-700">
            {t("auth.totpLabel")}
            <input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} className={inputClass} />
          </label>
          <button type="submit" disabled={working || code.trim().length < 6} className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50">
            {t("auth.verify")}
          </button>
        </form>
      )}
      <Link to="/" className="mt-6 inline-block text-sm text-slate-600 hover:underline">{t("admin.backToSite")}</Link>
    </div>
  );
}
