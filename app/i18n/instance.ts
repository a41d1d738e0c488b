import i18next, { type i18n, type Resource } from "i18next";
import { bundleFolder, type Lang, type Namespace } from "./languages";

export type Bundles = Partial<Record<Namespace, Record<string, unknown>>>;

/**
 * A synchronous i18next instance for one page language, created from the
 * bundles the server inlined, so the first render (server and hydration)
 * already has its text. Components reach it through `I18nextProvider` and `useT`
 * (translator.ts); server code without React through `getFixedT` (app/.server/i18n.ts).
 */
export function createI18n(lang: Lang, bundles: Bundles): i18n {
  const instance = i18next.createInstance();
  // i18next canonicalises "us-en" to "us-EN" and then finds nothing; the bundle folder ("en") is a valid code.
  const code = bundleFolder(lang);
  const resources: Resource = { [code]: bundles as Resource[string] };
  void instance.init({
    lng: code,
    fallbackLng: false,
    resources,
    ns: Object.keys(bundles),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    missingKeyHandler: (_lngs, ns, key) => console.warn(`Missing translation ${ns}:${key}`),
    saveMissing: true,
  });
  return instance;
}

/**
 * Adds bundles a route loaded to the live instance (idempotent). A namespace the page already has in part
 * (the root bundles leave some texts to the routes that show them, decision 0038) gets the parts it lacks.
 */
export function addBundles(instance: i18n, lang: Lang, bundles: Bundles): void {
  for (const [ns, strings] of Object.entries(bundles)) {
    const code = bundleFolder(lang);
    if (!strings) continue;
    if (!instance.hasResourceBundle(code, ns)) instance.addResourceBundle(code, ns, strings, true, false);
    else if (Object.keys(strings).some((key) => lacks(instance.getResource(code, ns, key), strings[key]))) instance.addResourceBundle(code, ns, strings, true, false);
  }
}

/** Whether the instance's value for a key misses anything of the added one (one level down: the root keeps a few keys of a part). */
function lacks(present: unknown, added: unknown): boolean {
  if (present === undefined) return true;
  if (typeof added !== "object" || added === null || typeof present !== "object" || present === null) return false;
  return Object.keys(added).some((key) => (present as Record<string, unknown>)[key] === undefined);
}
