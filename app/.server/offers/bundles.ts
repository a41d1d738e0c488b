import type { Bundles } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import { loadBundles } from "../i18n";

/** The `compare` bundle (offers' labels, filters, alternatives, comparisons), read once per language for the pages using it. */
const cache = new Map<Lang, Promise<Bundles>>();

export function compareBundles(lang: Lang): Promise<Bundles> {
  let bundles = cache.get(lang);
  if (!bundles) {
    bundles = loadBundles(lang, ["compare"]);
    cache.set(lang, bundles);
    bundles.catch(() => cache.delete(lang));
  }
  return bundles;
}
