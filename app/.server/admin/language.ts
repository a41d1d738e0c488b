import { negotiateLanguage, PREFERRED_LANGUAGE_COOKIE, type Lang } from "~/i18n/languages";
import { loadBundles } from "../i18n";

/**
 * Admin pages have no language segment: they speak the admin's chosen
 * language (the site's language cookie, which the admin sidebar's select
 * sets too), else the browser's.
 */
export function adminLanguage(request: Request): Lang {
  const cookies = request.headers.get("cookie") ?? "";
  const preferred = cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === PREFERRED_LANGUAGE_COOKIE)?.[1];
  return negotiateLanguage(preferred ?? null, request.headers.get("accept-language"));
}

export async function adminStrings(lang: Lang): Promise<Record<string, unknown>> {
  return (await loadBundles(lang, ["admin"])).admin ?? {};
}

/** Admin pages are personal and change with every decision: never stored by any cache. */
export const ADMIN_NO_STORE = { "Cache-Control": "no-store" } as const;
