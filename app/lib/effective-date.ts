import type { Lang } from "~/i18n/languages";

/** Locale tag Intl should format with for an interface language (us-en is plain en-US). */
export function intlLocale(lang: Lang): string {
  return lang === "us-en" ? "en-US" : lang;
}

export interface EffectiveDate {
  /** `YYYY-01-01`, for `<time dateTime>`. */
  iso: string;
  /** The same day written the way the page language writes dates. */
  label: string;
}

/**
 * Legal pages take effect on 1 January of the current year (spec 2.4).
 * Formatted on the server and passed down, so hydration never reformats it
 * with the browser's own ICU data or clock.
 */
export function effectiveDate(lang: Lang, now: Date = new Date()): EffectiveDate {
  const year = now.getUTCFullYear();
  const day = new Date(Date.UTC(year, 0, 1));
  const label = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "long", timeZone: "UTC" }).format(day);
  return { iso: `${year}-01-01`, label };
}
