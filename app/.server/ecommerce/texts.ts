import { fieldVariants, pickLocalized, type LanguageVariant } from "~/lib/language-fallback";

/** Per-language texts of an e-commerce tool, as the tool row (English) and its translation rows hold them. */
export interface EcommerceTextRow {
  language: string;
  name: string | null;
  description: string | null;
}

/** The catalogue writes an e-commerce tool's English text in the tool row itself (FORMAT.md). */
export const ECOMMERCE_BASE_LANGUAGE = "us-en";

/**
 * Every language version of an e-commerce tool's texts: the tool row as English, then the translations
 * (a translation row in English, should one exist, takes the tool row's place).
 */
export function ecommerceTextRows<B extends object, R extends { language: string }>(base: B, translations: readonly R[]): Array<(B & { language: string }) | R> {
  const english = translations.some((t) => t.language === ECOMMERCE_BASE_LANGUAGE);
  return english ? [...translations] : [{ ...base, language: ECOMMERCE_BASE_LANGUAGE }, ...translations];
}

/** Name and description of an e-commerce tool in the page language's best versions (spec 4.7). */
export function ecommerceNameAndDescription(
  rows: readonly EcommerceTextRow[],
  lang: string,
): { name: LanguageVariant<string> | undefined; description: LanguageVariant<string> | undefined } {
  return {
    name: pickLocalized(fieldVariants(rows, (r) => r.name ?? ""), lang),
    description: pickLocalized(fieldVariants(rows, (r) => r.description ?? ""), lang),
  };
}
