import { useLang } from "~/i18n/hooks";
import { bundleFolder } from "~/i18n/languages";
import { useI18n } from "~/i18n/translator";
import { formatPrice, interfaceLanguageName, marketplaceName, priceInPattern, type OfferIntlTexts } from "~/lib/offer-codes";

export interface OfferNames {
  language: (code: string) => string;
  marketplace: (code: string) => string;
  price: (amount: number, currency: string) => string;
}

/**
 * Names of interface languages and marketplaces and prices in the page language, from the texts the server
 * made with Intl (`compare.intl`, offer-codes.ts: offerIntlTexts) when the page has them, so hydrating a page
 * never waits for ICU's data; from Intl otherwise (a code the texts lack, a page without them).
 */
export function useOfferNames(): OfferNames {
  const i18n = useI18n();
  const lang = useLang();
  const intl = i18n.getResource(bundleFolder(lang), "compare", "intl") as Partial<OfferIntlTexts> | undefined;
  return {
    language: (code) => intl?.languages?.[code] ?? interfaceLanguageName(code, lang),
    marketplace: (code) => intl?.marketplaces?.[code] ?? marketplaceName(code, lang),
    price: (amount, currency) => {
      const pattern = intl?.currencies?.[currency];
      return pattern ? priceInPattern(pattern, amount, currency, lang) : formatPrice(amount, currency, lang);
    },
  };
}
