import type { i18n } from "i18next";
import { createI18n, type Bundles } from "./instance";
import type { Lang } from "./languages";
import { rememberBounded } from "~/lib/bounded-map";

/** Bounded: development reads new bundle objects per request. */
const SERVER_CACHE_MAX = 64;
const bundleIds = new WeakMap<object, number>();
let nextBundleId = 0;

const serializedBundles = new Map<string, string>();

/**
 * The root loader's bundles as JSON text, made once per language and bundle set (the server reads each
 * bundle file once, so the same objects identify the same set). React Router encodes loader data on
 * every request by walking it value by value; one string of text costs it almost nothing, and the
 * browser reads it back with one JSON.parse.
 */
export function serializeBundles(lang: Lang, bundles: Bundles): string {
  const ids = Object.entries(bundles).map(([ns, strings]) => {
    if (!strings) return ns;
    let id = bundleIds.get(strings);
    if (id === undefined) bundleIds.set(strings, (id = nextBundleId++));
    return `${ns}=${id}`;
  });
  return rememberBounded(serializedBundles, `${lang}:${ids.join(",")}`, SERVER_CACHE_MAX, () => JSON.stringify(bundles));
}

const serverInstances = new Map<string, Map<Lang, i18n>>();

/**
 * The i18next instance the root layout renders with, from the bundles' JSON text (serializeBundles).
 * The browser makes its own (once per page load and language). Server renders share one per language
 * and bundle set instead, because creating and initialising i18next on every request was a measurable
 * share of each render; the loader hands over the same string each time, so looking it up is cheap.
 * Components translate through `useT` (translator.ts), which reads the instance from context and takes
 * nothing per render, so the shared instance is handed over as it is.
 */
export function i18nForRender(lang: Lang, bundlesJson: string): i18n {
  if (typeof document !== "undefined") return createI18n(lang, JSON.parse(bundlesJson) as Bundles);
  // Keyed by the text itself (the same string every time, so hashed once), then by language.
  const byLang = rememberBounded(serverInstances, bundlesJson, SERVER_CACHE_MAX, () => new Map<Lang, i18n>());
  let instance = byLang.get(lang);
  if (!instance) byLang.set(lang, (instance = createI18n(lang, JSON.parse(bundlesJson) as Bundles)));
  return instance;
}
