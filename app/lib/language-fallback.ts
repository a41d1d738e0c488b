/**
 * The one rule that chooses which language of a stored text a page shows (spec 4.7). Every field of every
 * kind of entity (tools, case studies, e-commerce tools, categories, and the cards, titles, meta texts and
 * names made from them) is picked by `pickLocalized`, so the detail page, its card and its meta description
 * never disagree about a text's language.
 */

/** One language's value of a field. */
export interface LanguageVariant<T> {
  language: string;
  value: T;
}

/** Whether a stored value says something: a non-blank text, a non-empty list, any other non-null value. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The language a code belongs to ("us-en" is English, "zh-TW" Chinese). */
function baseLanguage(code: string): string {
  const lower = code.toLowerCase();
  return lower === "us-en" ? "en" : lower.split("-")[0]!;
}

const CHINESE_ORDER = ["zh-cn", "zh", "zh-tw"];
const ENGLISH_ORDER = ["us-en", "en"];

/**
 * Preference of `language` for a page in `lang`, lower first: the exact code; for Chinese, zh-CN, zh, zh-TW;
 * then the same base language; then English; then everything else in the order given.
 */
function preference(language: string, lang: string): number {
  const code = language.toLowerCase();
  const page = lang.toLowerCase();
  if (code === page) return 0;
  const pageBase = baseLanguage(page);
  const base = baseLanguage(code);
  if (pageBase === "zh" && base === "zh") return 1 + (CHINESE_ORDER.includes(code) ? CHINESE_ORDER.indexOf(code) : CHINESE_ORDER.length);
  if (base === pageBase) return 10;
  if (base === "en") return 20 + (ENGLISH_ORDER.includes(code) ? ENGLISH_ORDER.indexOf(code) : ENGLISH_ORDER.length);
  return FIRST_AVAILABLE;
}

const FIRST_AVAILABLE = 30;

/**
 * Of `languages`, those a page in `lang` takes before "the first available" (its own, its relatives,
 * English): reading only these rows is enough for every entity that has one of them.
 */
export function preferredLanguages(lang: string, languages: readonly string[]): string[] {
  return languages.filter((code) => preference(code, lang) < FIRST_AVAILABLE);
}

/**
 * The value of one field in the best language that has it filled (spec 4.7), with that language; undefined
 * when no language has it. Ties keep the order of `variants`, so "the first available" is the caller's order.
 */
export function pickLocalized<T>(
  variants: Iterable<LanguageVariant<T>>,
  lang: string,
  filled: (value: T) => boolean = isFilled,
): LanguageVariant<T> | undefined {
  let best: LanguageVariant<T> | undefined;
  let bestPreference = Infinity;
  for (const variant of variants) {
    if (!filled(variant.value)) continue;
    const rank = preference(variant.language, lang);
    if (rank < bestPreference) {
      best = variant;
      bestPreference = rank;
      if (rank === 0) break;
    }
  }
  return best;
}

/** Variants of one field of per-language rows: `pickLocalized(fieldVariants(rows, (r) => r.name), lang)`. */
export function fieldVariants<R extends { language: string }, T>(rows: Iterable<R>, read: (row: R) => T): LanguageVariant<T>[] {
  const variants: LanguageVariant<T>[] = [];
  for (const row of rows) variants.push({ language: row.language, value: read(row) });
  return variants;
}

/** Whether two content codes name the same language variant ("en" and "us-en" are one). */
export function sameContentLanguage(a: string, b: string): boolean {
  const norm = (v: string) => (v.toLowerCase() === "en" ? "us-en" : v.toLowerCase());
  return norm(a) === norm(b);
}

/**
 * The languages the picked fields were shown in, main text first, for the "shown in X because it is not
 * yet available in Y" notice: fields that no language has are left out, so they never cause the notice.
 */
export function languagesShown(main: LanguageVariant<unknown> | undefined, others: Array<LanguageVariant<unknown> | undefined>): string[] {
  const shown: string[] = [];
  for (const pick of [main, ...others]) if (pick && !shown.some((l) => sameContentLanguage(l, pick.language))) shown.push(pick.language);
  return shown;
}
