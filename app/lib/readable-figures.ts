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
const plainFormats = new Map<string, Intl.NumberFormat>();

function formatOf(cache: Map<string, Intl.NumberFormat>, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = cache.get(locale);
  if (!format) cache.set(locale, (format = new Intl.NumberFormat(locale, options)));
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
  const format =
    rounded >= 10_000
      ? formatOf(compactFormats, locale, { notation: "compact", maximumSignificantDigits: 2 })
      : formatOf(plainFormats, locale, {});
  const plus = rounded < Math.floor(count) ? "+" : "";
  return { text: `${format.format(rounded)}${plus}`, count: rounded };
}
