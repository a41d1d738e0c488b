import type { Bundles } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import { offerIntlTexts, type OfferIntlTexts } from "~/lib/offer-codes";
import { loadBundles } from "../i18n";

/** The `compare` bundle (offers' labels, filters, alternatives, comparisons), read once per language for the pages using it. */
const cache = new Map<Lang, Promise<Bundles>>();

export function compareBundles(lang: Lang): Promise<Bundles> {
  let bundles = cache.get(lang);
  if (!bundles) {
    // With what Intl says for the offers' codes in this language (offer-codes.ts: offerIntlTexts).
    bundles = loadBundles(lang, ["compare"]).then(({ compare }) => ({ compare: { ...compare, intl: offerIntlTexts(lang) } }));
    cache.set(lang, bundles);
    bundles.catch(() => cache.delete(lang));
  }
  return bundles;
}

const filterParts = new Map<Lang, Promise<Bundles>>();

/**
 * What the tool list shows of the `compare` bundle: the offer labels, platforms and filter texts, not the
 * alternatives and comparison pages' texts (those pages add the whole bundle; decision 0038).
 */
export function listFilterBundles(lang: Lang): Promise<Bundles> {
  let bundles = filterParts.get(lang);
  if (!bundles) {
    bundles = compareBundles(lang).then(({ compare }) => ({
      compare: { offers: compare?.offers, platform: compare?.platform, filters: compare?.filters, intl: { languages: (compare?.intl as OfferIntlTexts).languages } },
    }));
    filterParts.set(lang, bundles);
    bundles.catch(() => filterParts.delete(lang));
  }
  return bundles;
}
