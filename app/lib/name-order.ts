import { htmlLang, isLang } from "~/i18n/languages";

/** One collator per page language: building one costs far more than comparing with it. */
const collators = new Map<string, Intl.Collator>();

/**
 * How a page language orders names: its own collation (German "Äpfel" beside "apple", Chinese by pinyin on
 * zh-CN pages), letters before case (AIVA after Abridge, v0 before Wysa), digits as numbers (v2 before v10).
 */
export function nameCollator(lang: string): Intl.Collator {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(isLang(lang) ? htmlLang(lang) : "en", { numeric: true });
    collators.set(lang, collator);
  }
  return collator;
}

/**
 * Indexes of `names` in the page language's name order, ties by `tieBreak` (ascending). A start order that
 * is nearly sorted already (names read in the database's binary order) makes the sort a few merges of
 * long runs: 20-30 ms for 100k names instead of about 200 ms.
 */
export function orderByName(names: readonly string[], tieBreak: ArrayLike<number>, lang: string): number[] {
  const { compare } = nameCollator(lang);
  const order = names.map((_, i) => i);
  return order.sort((a, b) => compare(names[a]!, names[b]!) || tieBreak[a]! - tieBreak[b]!);
}
