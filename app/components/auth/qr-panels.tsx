import { useCallback, useEffect, useState } from "react";
import { useT } from "~/i18n/translator";
import { authPost } from "./auth-client";

/** Spec 9: QR expiry 30 s, Douyin polling 2 s, refresh delay 500 ms, success delay 1 s. */
const POLL_MS = 2000;
const REFRESH_DELAY_MS = 500;
const SUCCESS_DELAY_MS = 1000;

/** WeChat renders its own QR page (the one wxLogin.js embeds); scanning sends this page to the callback. */
export function WechatQrPanel({ returnTo }: { returnTo: string }) {
  const t = useT("user");
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "ready" | "error">("idle");

  const start = useCallback(async () => {
    setState("loading");
    const result = await authPost<{ qrUrl: string }>("/wechat/start", { returnTo });
    if (!result.ok) return setState("error");
    setQrUrl(result.data.qrUrl);
    setState("ready");
  }, [returnTo]);

  const refresh = () => {
    setState("loading");
    window.setTimeout(() => void start(), REFRESH_DELAY_MS);
  };

  if (state === "idle") {
    return (
      <button type="button" data-testid="wechat-start" onClick={() => void start()} className="w-full rounded-md bg-[#07c160] px-4 py-2 text-sm font-medium text-white hover:opacity-90">
        {t("auth.wechatStart")}
      </button>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      {state === "ready" && qrUrl ? (
        <iframe title={t("auth.wechatTab")} src={qrUrl} data-testid="wechat-qr" className="h-[300px] w-[300px] rounded-md border border-slate-200" sandbox="allow-scripts allow-same-origin allow-top-navigation" />
      ) : null}
      {state === "loading" ? <p className="text-sm text-slate-500">{t("auth.qrLoading")}</p> : null}
      {state === "error" ? <p role="alert" className="text-sm text-red-600">{t("auth.wechatInitFailed")}</p> : null}
      <p className="text-xs text-slate-500">{t("auth.wechatHint")}</p>
      <button type="button" onClick={refresh} className="text-sm font-medium text-brand-700 hover:underline">{t("auth.refresh")}</button>
    </div>
  );
}

type DouyinState = "idle" | "loading" | "waiting" | "success" | "expired" | "error";

/** Douyin: QR drawn locally from the authorize URL, expires after 30 s, polled every 2 s. */
export function DouyinQrPanel({ returnTo, demo }: { returnTo: string; demo: boolean }) {
  const t = useT("user");
  const [qr, setQr] = useState<{ dataUrl: string; expiresAt: number } | null>(null);
  const [status, setStatus] = useState<DouyinState>("idle");
  const [secondsLeft, setSecondsLeft] = useState(0);

  const succeed = useCallback((target?: string) => {
    setStatus("success");
    window.setTimeout(() => window.location.assign(target ?? returnTo), SUCCESS_DELAY_MS);
  }, [returnTo]);

  const start = useCallback(async () => {
    setStatus("loading");
    const result = await authPost<{ qrDataUrl: string; expiresAt: string }>("/douyin/start", { returnTo });
    if (!result.ok) return setStatus("error");
    setQr({ dataUrl: result.data.qrDataUrl, expiresAt: Date.parse(result.data.expiresAt) });
    setStatus("waiting");
  }, [returnTo]);

  useEffect(() => {
    if (status !== "waiting" || !qr) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((qr.expiresAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setStatus("expired");
    };
    tick();
    const countdown = window.setInterval(tick, 1000);
    const poll = window.setInterval(async () => {
      const result = await authPost<{ status: string; returnTo?: string }>("/douyin/status");
      if (result.ok && result.data.status === "done") succeed(result.data.returnTo);
    }, POLL_MS);
    return () => {
      window.clearInterval(countdown);
      window.clearInterval(poll);
    };
  }, [status, qr, succeed]);

  async function simulate() {
    const result = await authPost<{ returnTo?: string }>("/douyin/simulate");
    if (!result.ok) return setStatus("error");
    succeed(result.data.returnTo);
  }

  if (status === "idle") {
    return (
      <button type="button" data-testid="douyin-start" onClick={() => void start()} className="w-full rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800">
        {t("auth.douyinStart")}
      </button>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2" data-testid="douyin-panel">
      {qr && (status === "waiting" || status === "expired") ? (
        <img src={qr.dataUrl} alt={t("auth.douyinQrAlt")} width={220} height={220} data-testid="douyin-qr" className={`rounded-md border border-slate-200 ${status === "expired" ? "opacity-30" : ""}`} />
      ) : null}
      {status === "loading" ? <p className="text-sm text-slate-500">{t("auth.qrLoading")}</p> : null}
      {status === "waiting" ? <p className="text-xs text-slate-500">{t("auth.douyinHint", { seconds: secondsLeft })}</p> : null}
      {status === "success" ? <p role="status" className="text-sm text-emerald-700">{t("auth.qrSuccess")}</p> : null}
      {status === "expired" ? <p role="alert" className="text-sm text-red-600">{t("auth.qrExpired")}</p> : null}
      {status === "error" ? <p role="alert" className="text-sm text-red-600">{t("auth.qrFailed")}</p> : null}
      {status === "expired" || status === "error" || status === "waiting" ? (
        <button type="button" onClick={() => { setStatus("loading"); window.setTimeout(() => void start(), REFRESH_DELAY_MS); }} className="text-sm font-medium text-brand-700 hover:underline">
          {t("auth.refresh")}
        </button>
      ) : null}
      {demo && status === "waiting" ? (
        <button type="button" data-testid="douyin-simulate" onClick={() => void simulate()} className="rounded-md border border-dashed border-slate-400 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50">
          {t("auth.simulateScan")}
        </button>
      ) : null}
    </div>
  );
}
