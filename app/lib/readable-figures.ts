import { formatNumber } from "./number-format";

/**
 * Catalogue figures as people read them in a headline: exact below 100 ("22 categories"), rounded down
 * to two leading digits above, with a plus when something was cut off ("170+ tools", "3,600+"), and in
 * the language's short form from 10,000 on ("12K+", "1.2万+"; German keeps "12.000+"). Rounded down, so the claim
 * stays true. `count` is the figure the plural form follows.
 */
export interface ReadableFigure {
  text: string;
  count: number;
}


const compactFormats = new Map<string, Intl.NumberFormat>();

function compactFormat(locale: string): Intl.NumberFormat {
  let format = compactFormats.get(locale);
  if (!format) compactFormats.set(locale, (format = new Intl.NumberFormat(locale, { notation: "compact", maximumSignificantDigits: 2 })));
  return format;
}

/** `count` rounded down to two significant digits (173 -> 170, 3648 -> 3600, 12345 -> 12000). */
export function roundDownToTwoDigits(count: number): number {
  if (count < 100) return Math.max(0, Math.floor(count));
  const step = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.floor(count / step) * step;
}

export function readableFigure(count: number, locale: string): ReadableFigure {
  const rounded = roundDownToTwoDigits(count);
  // Below 10,000 without Intl (number-format.ts: its first use is a long pause while a page hydrates).
  const text = rounded >= 10_000 ? compactFormat(locale).format(rounded) : formatNumber(locale, rounded);
  const plus = rounded < Math.floor(count) ? "+" : "";
  return { text: `${text}${plus}`, count: rounded };
}
