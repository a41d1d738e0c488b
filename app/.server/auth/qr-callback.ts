import { data } from "react-router";
import { negotiateLanguage, PREFERRED_LANGUAGE_COOKIE, splitLangPath, type Lang } from "~/i18n/languages";
import { getFixedT } from "../i18n";
import { getAuth } from "./auth";
import type { QrCallbackError, QrCallbackResult, QrProvider } from "./qr-login";

/** Spec 9: WeChat callback returns after 1.2 s / 1.8 s, Douyin after 2 s on success / 3 s on error. */
const REDIRECT_DELAYS: Record<QrProvider, { success: number; error: number }> = {
  wechat: { success: 1200, error: 1800 },
  douyin: { success: 2000, error: 3000 },
};

const ERROR_KEYS: Record<QrProvider, Record<QrCallbackError, string>> = {
  wechat: {
    missing_code: "auth.callback.missingCode",
    missing_params: "auth.callback.missingCode",
    cancelled: "auth.callback.missingCode",
    invalid_state: "auth.callback.invalidState",
    exchange_failed: "auth.callback.exchangeFailed",
    not_configured: "auth.callback.notConfigured",
  },
  douyin: {
    missing_code: "auth.callback.douyinMissingParams",
    missing_params: "auth.callback.douyinMissingParams",
    cancelled: "auth.callback.douyinCancelled",
    invalid_state: "auth.callback.douyinInvalidState",
    exchange_failed: "auth.callback.douyinFailed",
    not_configured: "auth.callback.notConfigured",
  },
};

function cookieValue(header: string | null, name: string): string | null {
  const match = header?.split(/;\s*/).find((part) => part.startsWith(`${name}=`));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(name.length + 1));
  } catch {
    return null; // a cookie that does not decode is no preference
  }
}

/**
 * Runs a QR callback on the server (state check, code exchange, session) and
 * returns what the callback page shows, with better-auth's cookies attached.
 */
export async function runQrCallback(provider: QrProvider, request: Request) {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  const api = getAuth().api;
  const call = provider === "wechat" ? api.wechatCallback : api.douyinCallback;
  const { headers, response } = await call({ query, headers: request.headers, returnHeaders: true });
  const result = response as QrCallbackResult;

  const returnTo = result.ok ? result.returnTo : "/";
  const lang: Lang = splitLangPath(returnTo).prefixed
    ? splitLangPath(returnTo).lang
    : negotiateLanguage(cookieValue(request.headers.get("cookie"), PREFERRED_LANGUAGE_COOKIE), request.headers.get("accept-language"));
  const t = await getFixedT(lang, "user");
  const delays = REDIRECT_DELAYS[provider];
  const view = result.ok
    ? {
        ok: true as const,
        title: t("auth.callback.success"),
        message: result.sameBrowser ? null : t("auth.callback.phoneDone"),
        // A phone that completed a Douyin scan for a computer stays on the site's home.
        redirectTo: result.sameBrowser ? returnTo : "/",
        delayMs: delays.success,
      }
    : {
        ok: false as const,
        title: t("auth.callback.failed"),
        // Spec 8: an exchange failure shows the provider's own message too (codes like "40029 invalid code").
        message: t(ERROR_KEYS[provider][result.error]) + (result.error === "exchange_failed" && result.detail ? ` (${result.detail})` : ""),
        redirectTo: "/",
        delayMs: delays.error,
      };

  const responseHeaders = new Headers({ "cache-control": "no-store" });
  for (const cookie of headers.getSetCookie()) responseHeaders.append("set-cookie", cookie);
  return data({ ...view, homeLabel: t("auth.callback.goHome"), processing: t("auth.callback.processing") }, { headers: responseHeaders });
}
