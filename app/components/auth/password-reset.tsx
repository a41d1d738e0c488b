import { useState, type FormEvent } from "react";
import { useT } from "~/i18n/translator";
import { authPost } from "./auth-client";

/** The reset link from the mail comes back as `?login=1&reset=1&token=…`: the token, if this is that visit. */
export function resetTokenFromLocation(): string | null {
  if (typeof window === "undefined") return null;
  const params = new URLSearchParams(window.location.search);
  return params.get("reset") === "1" ? params.get("token") : null;
}

/** The server's reasons a password is too easy to guess (app/.server/auth/password-strength.ts). */
const WEAK_PASSWORD_KEYS: Record<string, string> = {
  PASSWORD_PERSONAL: "auth.passwordPersonal",
  PASSWORD_REPEATS: "auth.passwordRepeats",
  PASSWORD_SEQUENCE: "auth.passwordSequence",
  PASSWORD_KEYBOARD: "auth.passwordKeyboard",
  PASSWORD_DATES: "auth.passwordDates",
  PASSWORD_TOO_GUESSABLE: "auth.passwordGuessable",
};

/** Which message a refused password gets (better-auth's codes and the site's policy codes). */
export function passwordErrorKey(status: number, code: string | null): string | null {
  if (status === 429) return "auth.tooManyAttempts";
  if (status === 503) return "auth.busy";
  if (code === "PASSWORD_TOO_COMMON") return "auth.passwordCommon";
  if (code === "PASSWORD_BLANK") return "auth.passwordBlank";
  if (code && code in WEAK_PASSWORD_KEYS) return WEAK_PASSWORD_KEYS[code]!;
  if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") return "auth.passwordLength";
  return null;
}

/**
 * Why a password sign-in was refused, as a message key and its values: past the account-wide
 * threshold the password alone no longer signs in (a link is mailed when it was right), or, without
 * mail, attempts are paced (decision 0022).
 */
export function signInRefusal(result: { status: number; code: string | null; retryAfterSeconds: number | null }, fallback: string): { key: string; values?: Record<string, number> } {
  if (result.code === "SIGN_IN_LINK_SENT") return { key: "auth.signInLinkSent" };
  if (result.code === "ACCOUNT_SLOWED") return { key: "auth.accountSlowed", values: { seconds: result.retryAfterSeconds ?? 15 } };
  // A per-address limit lasts minutes, not one: say how long it really is when the server tells.
  if (result.status === 429 && result.retryAfterSeconds && result.retryAfterSeconds > 60) {
    return { key: "auth.tooManyAttemptsMinutes", values: { count: Math.ceil(result.retryAfterSeconds / 60) } };
  }
  return { key: passwordErrorKey(result.status, null) ?? fallback };
}

type Notice = { kind: "success" | "error"; text: string };

/**
 * "Forgot password?": with mail, a reset link is sent (the answer is the same for every address);
 * without it, the dialog says what still works. With a token from the link, a new password is set.
 */
export function PasswordReset({ email, emailLinks, token, onNotice, onDone }: {
  email: string;
  emailLinks: boolean;
  token: string | null;
  onNotice: (notice: Notice) => void;
  onDone: () => void;
}) {
  const t = useT("user");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  async function requestLink() {
    if (!emailLinks) return onNotice({ kind: "error", text: t("auth.resetUnavailable") });
    if (!email.trim()) return onNotice({ kind: "error", text: t("auth.resetNeedsEmail") });
    setBusy(true);
    const redirectTo = `${window.location.pathname}?login=1&reset=1`;
    const result = await authPost("/request-password-reset", { email: email.trim(), redirectTo });
    setBusy(false);
    if (!result.ok && result.status === 429) return onNotice({ kind: "error", text: t("auth.tooManyAttempts") });
    onNotice({ kind: "success", text: t("auth.resetSent") });
  }

  async function setNewPassword(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8 || password.length > 128) return onNotice({ kind: "error", text: t("auth.passwordLength") });
    setBusy(true);
    const result = await authPost("/reset-password", { newPassword: password, token });
    setBusy(false);
    if (!result.ok) return onNotice({ kind: "error", text: t(passwordErrorKey(result.status, result.code) ?? "auth.resetFailed") });
    onNotice({ kind: "success", text: t("auth.resetDone") });
    onDone();
  }

  if (!token) {
    return (
      <button type="button" data-testid="forgot-password" disabled={busy} onClick={() => void requestLink()} className="mt-2 text-sm text-brand-700 hover:underline">
        {t("auth.forgotPassword")}
      </button>
    );
  }
  return (
    <form onSubmit={setNewPassword} className="mt-4 space-y-3" data-testid="reset-form">
      <label className="block text-sm font-medium text-slate-700">
        {t("auth.newPassword")}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} minLength={8} maxLength={128} required autoComplete="new-password"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200" />
      </label>
      <button type="submit" disabled={busy} className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50">
        {t("auth.resetSubmit")}
      </button>
    </form>
  );
}
