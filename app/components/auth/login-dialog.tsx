import { useEffect, useId, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { useT } from "~/i18n/translator";
import { useLang } from "~/i18n/hooks";
import { authPost } from "./auth-client";
import { PasswordReset, passwordErrorKey, resetTokenFromLocation, signInRefusal } from "./password-reset";
import { DouyinQrPanel, WechatQrPanel } from "./qr-panels";
import { useAddressToOpen, WrongAddressNotice } from "./wrong-address";
import { isOriginRefusal, type SignInAddress } from "~/lib/sign-in-address";

export interface SignInMethods {
  google: boolean;
  github: boolean;
  wechat: boolean;
  douyin: boolean;
  douyinDemo: boolean;
  /** False when the site cannot deliver mail: no magic links, a password is required. */
  emailLinks: boolean;
  /** Where sign-in works: a page opened at another address says so instead of failing for a wrong reason. */
  address: SignInAddress;
}

type Mode = "login" | "register";
type Notice = { kind: "success" | "error"; text: string } | null;
type QrTab = "wechat" | "douyin";

/** Spec 2.4 login dialog: e-mail (login/register), Google, GitHub, WeChat and Douyin QR tabs. */
export function LoginDialog({
  returnTo,
  methods,
  initialError,
  onClose,
}: {
  returnTo: string;
  methods?: SignInMethods;
  initialError?: string;
  onClose: () => void;
}) {
  const t = useT("user");
  const lang = useLang();
  const titleId = useId();
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(initialError ? { kind: "error", text: initialError } : null);
  const [totpStep, setTotpStep] = useState(false);
  const [totp, setTotp] = useState("");
  const [qrTab, setQrTab] = useState<QrTab>(methods?.wechat ? "wechat" : "douyin");
  const [resetToken, setResetToken] = useState<string | null>(resetTokenFromLocation);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  const done = () => window.location.assign(returnTo);
  const fail = (text: string) => setNotice({ kind: "error", text });
  const emailLinks = methods?.emailLinks ?? true;
  const elsewhere = useAddressToOpen(methods?.address);
  const refused = (result: { ok: boolean; status?: number; code?: string | null }) =>
    isOriginRefusal(result) ? (fail(t("auth.wrongAddress", { address: methods?.address.open ?? "" })), true) : false;

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address || busy) return;
    if (password && (password.length < 8 || password.length > 128)) return fail(t("auth.passwordLength"));
    setBusy(true);
    setNotice(null);
    try {
      if (mode === "login" && password) {
        const result = await authPost<{ twoFactorRedirect?: boolean }>("/sign-in/email", { email: address, password, callbackURL: returnTo });
        if (!result.ok) {
          if (refused(result)) return;
          const refusal = signInRefusal(result, "auth.invalidCredentials");
          return fail(t(refusal.key, refusal.values));
        }
        if (result.data.twoFactorRedirect) return setTotpStep(true);
        return done();
      }
      if (mode === "register" && password) {
        const result = await authPost("/sign-up/email", { email: address, password, name: "", callbackURL: returnTo });
        if (!result.ok) return refused(result) || fail(t(passwordErrorKey(result.status, result.code) ?? "auth.registerFailed"));
        // Sign-up answers alike for new and taken addresses; signing in with the password tells the person
        // (and only someone who knows the password) whether the account is theirs.
        const signIn = await authPost<{ twoFactorRedirect?: boolean }>("/sign-in/email", { email: address, password, callbackURL: returnTo });
        if (!signIn.ok) {
          if (refused(signIn)) return;
          const refusal = signInRefusal(signIn, "auth.registerExisting");
          return fail(t(refusal.key, refusal.values));
        }
        if (signIn.data.twoFactorRedirect) return setTotpStep(true);
        setNotice({ kind: "success", text: t(emailLinks ? "auth.registerSent" : "auth.registered") });
        window.setTimeout(done, 1500);
        return;
      }
      const result = await authPost("/sign-in/magic-link", { email: address, callbackURL: returnTo, metadata: { lang } });
      if (!result.ok) {
        if (refused(result)) return;
        if (result.status === 429) return fail(t("auth.tooManyAttempts"));
        return fail(mode === "register" ? t("auth.registerFailed") : t("auth.magicLinkFailed"));
      }
      setNotice({ kind: "success", text: mode === "register" ? t("auth.registerSent") : t("auth.magicLinkSent") });
    } finally {
      setBusy(false);
    }
  }

  async function submitTotp(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await authPost("/two-factor/verify-totp", { code: totp.trim() });
    setBusy(false);
    if (!result.ok) return fail(t("auth.invalidCode"));
    done();
  }

  async function oauth(providerId: "google" | "github") {
    setBusy(true);
    setNotice(null);
    const result = await authPost<{ url?: string }>("/sign-in/social", {
      provider: providerId,
      callbackURL: returnTo,
      errorCallbackURL: `${returnTo.split("?")[0]}?login=1&loginError=${providerId}`,
    });
    if (result.ok && result.data.url) return window.location.assign(result.data.url);
    setBusy(false);
    fail(providerId === "google" ? t("auth.googleFailed") : t("auth.githubFailed"));
  }

  const inputClass = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";
  const emailEmpty = email.trim() === "";
  const qrTabs: QrTab[] = [...(methods?.wechat ? ["wechat" as const] : []), ...(methods?.douyin ? ["douyin" as const] : [])];

  // Portalled to <body>: the sticky header's backdrop blur would otherwise clip a fixed overlay to the bar.
  return createPortal(
    // min-h-full + items-center centres short dialogs and lets tall ones scroll from the top.
    <div className="fixed inset-0 z-50 overflow-y-auto bg-slate-900/50">
      <div className="flex min-h-full items-center justify-center p-4" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="login-dialog" className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <button type="button" onClick={onClose} aria-label={t("auth.close")} className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" /></svg>
        </button>
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">{t("auth.welcomeTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("auth.welcomeSubtitle")}</p>

        {elsewhere && methods ? <WrongAddressNotice href={elsewhere} open={methods.address.open} /> : null}
        {notice ? (
          <p role={notice.kind === "error" ? "alert" : "status"} data-testid="login-notice" className={`mt-4 rounded-md px-3 py-2 text-sm ${notice.kind === "error" ? "bg-red-50 text-red-700" : "bg-emerald-50 text-emerald-800"}`}>
            {notice.text}
          </p>
        ) : null}

        {/* At another address sign-in cannot work: the notice alone says which one to open. */}
        {elsewhere ? null : (
          <>
            {totpStep ? (
              <form onSubmit={submitTotp} className="mt-4 space-y-3">
                <label className="block text-sm font-medium text-slate-700">
                  {t("auth.totpLabel")}
                  <input value={totp} onChange={(e) => setTotp(e.target.value)} inputMode="numeric" autoComplete="one-time-code" className={`${inputClass} mt-1`} />
                </label>
                <button type="submit" disabled={busy || totp.trim().length < 6} className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50">
                  {t("auth.verify")}
                </button>
              </form>
            ) : resetToken ? (
              <PasswordReset email={email} emailLinks={emailLinks} token={resetToken} onNotice={setNotice} onDone={() => setResetToken(null)} />
            ) : (
              <form onSubmit={submitEmail} className="mt-4 space-y-3" data-testid="email-form">
                <div className="flex rounded-md bg-slate-100 p-1 text-sm" role="tablist">
                  {(["login", "register"] as const).map((m) => (
                    <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => { setMode(m); setNotice(null); }}
                      className={`flex-1 rounded px-3 py-1.5 font-medium ${mode === m ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}>
                      {m === "login" ? t("auth.modeLogin") : t("auth.modeRegister")}
                    </button>
                  ))}
                </div>
                <label className="block text-sm font-medium text-slate-700">
                  {t("auth.email")}
                  <input type="email" name="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" placeholder="you@example.com" className={`${inputClass} mt-1`} />
                </label>
                <label className="block text-sm font-medium text-slate-700">
                  {!emailLinks ? t("auth.password") : mode === "register" ? t("auth.setPasswordOptional") : t("auth.passwordOptional")}
                  <input type="password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} minLength={8} maxLength={128}
                    required={!emailLinks} autoComplete={mode === "register" ? "new-password" : "current-password"} className={`${inputClass} mt-1`} />
                  <span className="mt-1 block text-xs font-normal text-slate-500">
                    {!emailLinks ? t("auth.passwordHint") : mode === "register" ? t("auth.registerHint") : t("auth.loginHint")}
                  </span>
                </label>
                <button type="submit" data-testid="email-submit" disabled={emailEmpty || busy || (!emailLinks && !password)} className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50">
                  {busy ? t("auth.working") : mode === "register" ? t("auth.register") : password || !emailLinks ? t("auth.signIn") : t("auth.sendLink")}
                </button>
                {mode === "login" ? <PasswordReset email={email} emailLinks={emailLinks} token={null} onNotice={setNotice} onDone={() => undefined} /> : null}
              </form>
            )}

            {methods?.google || methods?.github ? (
              <div className="mt-4 grid gap-2">
                {methods.google ? (
                  <button type="button" disabled={busy} onClick={() => void oauth("google")} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
                    {t("auth.withGoogle")}
                  </button>
                ) : null}
                {methods.github ? (
                  <button type="button" disabled={busy} onClick={() => void oauth("github")} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
                    {t("auth.withGithub")}
                  </button>
                ) : null}
              </div>
            ) : null}

            {qrTabs.length > 0 ? (
              <div className="mt-5 border-t border-slate-200 pt-4">
                <div className="flex gap-2 text-sm" role="tablist">
                  {qrTabs.map((tab) => (
                    <button key={tab} type="button" role="tab" aria-selected={qrTab === tab} onClick={() => setQrTab(tab)}
                      className={`rounded-md px-3 py-1.5 font-medium ${qrTab === tab ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}>
                      {tab === "wechat" ? t("auth.wechatTab") : t("auth.douyinTab")}
                    </button>
                  ))}
                </div>
                <div className="mt-3">
                  {qrTab === "wechat" && methods?.wechat ? <WechatQrPanel returnTo={returnTo} /> : null}
                  {qrTab === "douyin" && methods?.douyin ? <DouyinQrPanel returnTo={returnTo} demo={methods.douyinDemo} /> : null}
                </div>
              </div>
            ) : null}
          </>
        )}
      </div>
      </div>
    </div>,
    document.body,
  );
}
