import type { i18n as I18n } from "i18next";
import { fetchBundles } from "~/i18n/fetch-bundles";
import { addBundles } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";

const loads = new WeakMap<I18n, Promise<void>>();

/**
 * The login dialog's texts: the root bundles every page carries leave them out (decision 0038), so they
 * come with the dialog's code, as the static `user` bundle (cached like the other bundle files), once per
 * page language. A failed download is tried again the next time the dialog is asked for.
 */
export function loadLoginTexts(i18n: I18n, lang: Lang): Promise<void> {
  let load = loads.get(i18n);
  if (!load) {
    load = fetchBundles(lang, ["user"]).then((bundles) => addBundles(i18n, lang, bundles));
    load.catch(() => loads.delete(i18n));
    loads.set(i18n, load);
  }
  return load;
}
