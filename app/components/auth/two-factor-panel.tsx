import { useState, type FormEvent } from "react";
import { useT } from "~/i18n/translator";
import { useRevalidator } from "react-router";
import { authPost } from "./auth-client";

type Setup = { qrDataUrl: string; backupCodes: string[] };

/** Optional TOTP second factor for an administrator (better-auth two-factor plugin). */
export function TwoFactorPanel({ enabled }: { enabled: boolean }) {
  const t = useT("user");
  const revalidator = useRevalidator();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const action = enabled ? "/two-factor/disable" : "/two-factor/enable";
    const result = await authPost<{ totpURI?: string; backupCodes?: string[] }>(action, { password });
    setBusy(false);
    setPassword("");
    if (!result.ok) return setError(result.status === 429 ? t("auth.tooManyAttempts") : t("twoFactor.wrongPassword"));
    if (enabled) return void revalidator.revalidate();
    const { default: QRCode } = await import("qrcode");
    const qrDataUrl = await QRCode.toDataURL(result.data.totpURI ?? "", { margin: 1, width: 200 });
    setSetup({ qrDataUrl, backupCodes: result.data.backupCodes ?? [] });
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await authPost("/two-factor/verify-totp", { code: code.trim() });
    setBusy(false);
    if (!result.ok) return setError(t("auth.invalidCode"));
    setSetup(null);
    setCode("");
    await revalidator.revalidate();
  }

  const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";
  return (
    <section className="mt-8 max-w-xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="two-factor-panel">
      <h2 className="text-lg font-semibold text-slate-900">{t("twoFactor.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{enabled ? t("twoFactor.enabled") : t("twoFactor.disabled")}</p>
      {error ? <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p> : null}
      {setup ? (
        <form onSubmit={confirm} className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">{t("twoFactor.scan")}</p>
          <img src={setup.qrDataUrl} alt={t("twoFactor.qrAlt")} width={200} height={200} className="rounded-md border border-slate-200" />
          <p className="text-sm text-slate-700">{t("twoFactor.backupCodes")}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-sm text-slate-800">
            {setup.backupCodes.map((backup) => <li key={backup}>{backup}</li>)}
          </ul>
          <label className="block text-sm font-medium text-slate-700">
            {t("auth.totpLabel")}
            <input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} className={inputClass} />
          </label>
          <button type="submit" disabled={busy || code.trim().length < 6} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50">
            {t("twoFactor.confirm")}
          </button>
        </form>
      ) : (
        <form onSubmit={start} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="block flex-1 text-sm font-medium text-slate-700">
            {t("admin.password")}
            <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={inputClass} />
          </label>
          <button type="submit" disabled={busy || password.length === 0} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
            {enabled ? t("twoFactor.disable") : t("twoFactor.enable")}
          </button>
        </form>
      )}
    </section>
  );
}
