import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { CURRENCY_CODES, formatPrice, INTERFACE_LANGUAGE_CODES, interfaceLanguageName, MARKETPLACE_CODES, marketplaceName, offerIntlTexts, priceInPattern } from "~/lib/offer-codes";

/**
 * Pages show offers' prices and names from texts the server made with Intl (offer-codes.ts says why); they
 * must read exactly as Intl writes them in every page language.
 */
const AMOUNTS = [0, 1, 5, 9.99, 19.99, 20, 20.5, 99.995, 148, 148.5, 1234, 1234.56, 12_345, 49_999.9, 1_000_000];

describe("offers' Intl texts made on the server", () => {
  it.each(LANGUAGES)("writes every currency's prices as Intl does in %s", (lang) => {
    const { currencies } = offerIntlTexts(lang);
    for (const currency of CURRENCY_CODES) {
      expect(currencies[currency]).toContain("{{amount}}");
      for (const amount of AMOUNTS) expect(priceInPattern(currencies[currency]!, amount, currency, lang), `${currency} ${amount}`).toBe(formatPrice(amount, currency, lang));
    }
  });

  it.each(LANGUAGES)("names interface languages and marketplaces as Intl does in %s", (lang) => {
    const texts = offerIntlTexts(lang);
    for (const code of INTERFACE_LANGUAGE_CODES) expect(texts.languages[code]).toBe(interfaceLanguageName(code, lang));
    for (const code of MARKETPLACE_CODES) expect(texts.marketplaces[code]).toBe(marketplaceName(code, lang));
    expect(texts.languages.ja).not.toBe("ja");
  });
});
