import { formatFraction, formatNumber } from "./number-format";
import type { EcommerceOffers } from "./offers";

/**
 * What a tool offers, as codes shared by the catalogue files, the database, the list filters and the
 * comparison tables. Every field may be unknown: `null` (or a missing key in a file) means the catalogue does
 * not say, which pages show as "not stated"; `false` means it says no. Labels are in the `offers` bundle
 * (platforms, China fit) or come from `Intl.DisplayNames` (interface languages, marketplace countries).
 * Browser code imports this file; the zod schemas that check catalogue files and forms are in offers.ts, so
 * pages do not ship zod (25 KB gzip, and its check for `eval` is a CSP violation report on every page).
 */

export const PLATFORM_CODES = [
  "web",
  "ios",
  "android",
  "windows",
  "macos",
  "linux",
  "browser-extension",
  "slack",
  "discord",
  "figma",
  "ide-plugin",
  "office-add-in",
  "api-only",
] as const;
export type PlatformCode = (typeof PLATFORM_CODES)[number];

/** Interface languages as BCP 47 codes; names come from `Intl.DisplayNames` in the page language. */
export const INTERFACE_LANGUAGE_CODES = ["en", "zh-Hans", "zh-Hant", "ja", "ko", "es", "pt", "fr", "de", "it", "nl", "ru", "vi", "id", "th", "tr", "pl", "ar", "hi"] as const;
export type InterfaceLanguageCode = (typeof INTERFACE_LANGUAGE_CODES)[number];

/** Marketplaces an e-commerce tool serves; Amazon and a few others per country (`amazon-us`). */
export const MARKETPLACE_CODES = [
  "amazon-us",
  "amazon-ca",
  "amazon-mx",
  "amazon-br",
  "amazon-uk",
  "amazon-de",
  "amazon-fr",
  "amazon-it",
  "amazon-es",
  "amazon-jp",
  "amazon-au",
  "amazon-in",
  "amazon-ae",
  "ebay",
  "walmart",
  "etsy",
  "shopee",
  "lazada",
  "tiktok-shop",
  "temu",
  "shein",
  "aliexpress",
  "alibaba",
  "1688",
  "mercado-libre",
  "rakuten",
  "coupang",
  "allegro",
  "ozon",
  "noon",
  "flipkart",
  "cdiscount",
  "wish",
  "shopify",
] as const;
export type MarketplaceCode = (typeof MARKETPLACE_CODES)[number];

/** Brand names of marketplaces (not translated); a country suffix is named by `Intl.DisplayNames`. */
export const MARKETPLACE_BRANDS: Record<string, string> = {
  amazon: "Amazon",
  ebay: "eBay",
  walmart: "Walmart",
  etsy: "Etsy",
  shopee: "Shopee",
  lazada: "Lazada",
  "tiktok-shop": "TikTok Shop",
  temu: "Temu",
  shein: "SHEIN",
  aliexpress: "AliExpress",
  alibaba: "Alibaba.com",
  "1688": "1688",
  "mercado-libre": "Mercado Libre",
  rakuten: "Rakuten",
  coupang: "Coupang",
  allegro: "Allegro",
  ozon: "Ozon",
  noon: "noon",
  flipkart: "Flipkart",
  cdiscount: "Cdiscount",
  wish: "Wish",
  shopify: "Shopify",
};

export const CURRENCY_CODES = ["USD", "EUR", "GBP", "JPY", "CNY", "KRW", "BRL", "INR", "AUD", "CAD", "CHF", "SGD", "HKD", "TWD", "VND"] as const;

/** The China-fit checks of an e-commerce tool. */
export const CHINA_FIT_KEYS = ["chinese_interface", "alipay_wechat_pay", "works_without_vpn"] as const;
export type ChinaFitKey = (typeof CHINA_FIT_KEYS)[number];

/** Whether anything is stated at all (an all-unknown row is not stored). */
export function statesAnything(offers: Partial<EcommerceOffers>): boolean {
  return Object.values(offers).some((value) => value !== null && value !== undefined);
}

/** Name of an interface language in the page language ("Japanese", "Japanisch", "日语"). */
export function interfaceLanguageName(code: string, pageLang: string): string {
  try {
    return new Intl.DisplayNames([pageLang === "us-en" ? "en" : pageLang], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Amazon (Japan)" / "Amazon（日本）" in the page language; other marketplaces by their brand name. */
export function marketplaceName(code: string, pageLang: string): string {
  const match = /^amazon-([a-z]{2})$/.exec(code);
  if (!match) return MARKETPLACE_BRANDS[code] ?? code;
  let country = match[1]!.toUpperCase();
  try {
    country = new Intl.DisplayNames([pageLang === "us-en" ? "en" : pageLang], { type: "region" }).of(country === "UK" ? "GB" : country) ?? country;
  } catch {
    // the code itself is shown
  }
  return `Amazon (${country})`;
}

const priceLocale = (pageLang: string) => (pageLang === "us-en" ? "en-US" : pageLang);

/** "$20", "20 €", "¥148" as the page language writes the currency. */
export function formatPrice(amount: number, currency: string, pageLang: string): string {
  return new Intl.NumberFormat(priceLocale(pageLang), { style: "currency", currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(amount);
}

/**
 * Names and price formats Intl gives for the offers' codes in one language, made on the server and sent
 * with the `compare` texts (`compare.intl`), so pages show them without asking Intl in the browser: the
 * first Intl formatter or name list a page makes loads ICU's data, one long pause in the middle of
 * hydration (0.1-0.2 s on a desktop, several times that on a phone). `useOfferNames` reads them.
 */
export interface OfferIntlTexts {
  languages: Record<string, string>;
  marketplaces: Record<string, string>;
  /** A currency's pattern around its amount: "${{amount}}", "{{amount}} €". */
  currencies: Record<string, string>;
}

/** Server side: the texts above for a page language (from Intl, so they read exactly as before). */
export function offerIntlTexts(pageLang: string): OfferIntlTexts {
  const currencyPattern = (currency: string) => {
    let pattern = "";
    let amountPlaced = false;
    for (const part of new Intl.NumberFormat(priceLocale(pageLang), { style: "currency", currency, maximumFractionDigits: 0 }).formatToParts(1234)) {
      if (part.type === "integer" || part.type === "group" || part.type === "decimal" || part.type === "fraction") {
        if (!amountPlaced) pattern += "{{amount}}";
        amountPlaced = true;
      } else pattern += part.value;
    }
    return pattern;
  };
  return {
    languages: Object.fromEntries(INTERFACE_LANGUAGE_CODES.map((code) => [code, interfaceLanguageName(code, pageLang)])),
    marketplaces: Object.fromEntries(MARKETPLACE_CODES.map((code) => [code, marketplaceName(code, pageLang)])),
    currencies: Object.fromEntries(CURRENCY_CODES.map((code) => [code, currencyPattern(code)])),
  };
}

/** Decimals a currency is written with when a price has cents (ISO 4217); 2 unless listed. */
const CURRENCY_DIGITS: Partial<Record<string, number>> = { JPY: 0, KRW: 0, VND: 0 };

/** What `formatPrice` writes, from the currency's pattern (`offerIntlTexts`), without Intl. */
export function priceInPattern(pattern: string, amount: number, currency: string, pageLang: string): string {
  const locale = priceLocale(pageLang);
  const text = amount % 1 === 0 ? formatNumber(locale, amount) : formatFraction(locale, amount, CURRENCY_DIGITS[currency] ?? 2, 2);
  return pattern.replace("{{amount}}", text);
}
