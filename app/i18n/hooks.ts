import { useCallback, useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { addBundles, type Bundles } from "./instance";
import { localizedPath, splitLangPath, type Lang } from "./languages";
import { useI18n } from "./translator";

/** The page language: from the root loader, else from the URL (error screens). */
export function useLang(): Lang {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  return data?.lang ?? splitLangPath(location.pathname).lang;
}

/** Builds prefixed links for the current page language. */
export function useLocalizedPath(): (path?: string) => string {
  const lang = useLang();
  // The same function while the language stays, so effects that depend on it do not run again on every render.
  return useCallback((path = "/") => localizedPath(lang, path), [lang]);
}

/**
 * Registers bundles a route loader returned (e.g. the `about` namespace)
 * before its first render, so server and client render the same text.
 */
export function useRouteBundles(bundles: Bundles | undefined): void {
  const i18n = useI18n();
  const lang = useLang();
  if (bundles) addBundles(i18n, lang, bundles);
  useEffect(() => {
    if (bundles) addBundles(i18n, lang, bundles);
  }, [i18n, lang, bundles]);
}
