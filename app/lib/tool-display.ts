/**
 * Display rules of the tool card (spec 2.4, 3, 9), shared by server and
 * browser. The slug hash is also computed by the database (migration 0003
 * stores it as tools.slug_score), so both must use the same weights.
 */

import { formatOneDecimal, formatNumber } from "./number-format";

export const SLUG_HASH_MULTIPLIER = 7;
export const SLUG_HASH_OFFSET = 3;

/** Well-known chat and image tools get the large heart range (matched in the slug without hyphens). */
export const FAMOUS_SLUG_WORDS = ["chatgpt", "midjourney", "claude", "copilot", "gemini", "dalle"] as const;

/** Sum of code points weighted by position (1-based): cheap, deterministic, and expressible in SQL. */
export function slugHash(slug: string): number {
  let hash = 0;
  let position = 0;
  for (const char of slug) {
    position++;
    hash += char.codePointAt(0)! * (SLUG_HASH_MULTIPLIER * position + SLUG_HASH_OFFSET);
  }
  return hash;
}

export function isFamousSlug(slug: string): boolean {
  const compact = slug.replace(/-/g, "");
  return FAMOUS_SLUG_WORDS.some((word) => compact.includes(word));
}

/** Heart count on a card: 2000-5000 for well-known chat/image tools, 50-800 otherwise. */
export function heartCount(slug: string): number {
  const hash = slugHash(slug);
  return isFamousSlug(slug) ? 2000 + (hash % 3001) : 50 + (hash % 751);
}

export const PRICING_KEYS = ["free", "freemium", "freeTrial", "paid", "subscription", "contact"] as const;
export type PricingKey = (typeof PRICING_KEYS)[number];

/** Pricing label key: missing means freemium, `trial` is freeTrial, anything unknown is contact. */
export function pricingKey(pricing: string | null | undefined): PricingKey {
  const value = (pricing ?? "").trim();
  if (!value) return "freemium";
  const normalized = value.toLowerCase().replace(/[\s_-]+/g, "");
  if (normalized === "trial" || normalized === "freetrial") return "freeTrial";
  const known = PRICING_KEYS.find((key) => key.toLowerCase() === normalized);
  return known ?? "contact";
}

/**
 * Page buttons for a pager: at most `max` consecutive pages around the
 * current one, shifted to stay inside 1..total.
 */
export function pageWindow(current: number, total: number, max = 5): number[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const size = Math.min(max, total);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Statistics are shown as "N+": rounded down to a friendly step so the claim stays true. */
export function statisticFloor(count: number): number {
  if (count < 10) return count;
  const step = count < 100 ? 10 : count < 1000 ? 50 : count < 10000 ? 100 : 1000;
  return Math.floor(count / step) * step;
}

const numberFormats = new Map<string, (value: number) => string>();

/** Formats numbers as the locale writes them (`4,977`, `4.6`), one function per locale; see number-format.ts. */
export function formatNumberFor(locale: string): (value: number) => string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = (value) => formatNumber(locale, value)));
  return format;
}

const decimalFormats = new Map<string, (value: number) => string>();

/** A rating with exactly one decimal (`4.0`, German `4,0`), one function per locale. */
export function formatDecimalFor(locale: string): (value: number) => string {
  let format = decimalFormats.get(locale);
  if (!format) decimalFormats.set(locale, (format = (value) => formatOneDecimal(locale, value)));
  return format;
}
