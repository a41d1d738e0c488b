/**
 * Numbers as the ten interface languages write them ("4,661", "4.661", "4 661", "4,5"), without Intl.
 *
 * The first `Intl.NumberFormat` a page makes (or `toLocaleString`) loads ICU's number data: one
 * uninterruptible piece of main-thread work of 35-70 ms on a desktop, 150-600 ms at the 4x CPU slowdown
 * Lighthouse simulates, in the middle of hydration (the cards' heart and review counts, the sidebar's
 * counts, the ratings, prices). Writing a plain number takes digit grouping and a decimal separator, whose
 * rules per language are three values, so server and browser both format with them: the same text on both sides by
 * construction, and `tests/unit/number-format.test.ts` holds them to what Intl writes. Other locales and
 * numbers JavaScript writes in exponent form go to Intl as before.
 */
interface NumberRules {
  group: string;
  decimal: string;
  /** Digits a whole part needs before it is grouped at all (Spanish writes 4661 but 14.661). */
  minimumGroupingDigits: 4 | 5;
}

const COMMA_POINT: NumberRules = { group: ",", decimal: ".", minimumGroupingDigits: 4 };
const POINT_COMMA: NumberRules = { group: ".", decimal: ",", minimumGroupingDigits: 4 };

/** By the tags pages format with (`htmlLang`, plus `en-US`, which `intlLocale` gives us-en). */
const RULES: Record<string, NumberRules> = {
  en: COMMA_POINT,
  "en-US": COMMA_POINT,
  "zh-CN": COMMA_POINT,
  "zh-TW": COMMA_POINT,
  ja: COMMA_POINT,
  ko: COMMA_POINT,
  pt: POINT_COMMA,
  de: POINT_COMMA,
  vi: POINT_COMMA,
  es: { group: ".", decimal: ",", minimumGroupingDigits: 5 },
  // French groups with a narrow no-break space (U+202F).
  fr: { group: "\u202f", decimal: ",", minimumGroupingDigits: 4 },
};

function grouped(digits: string, rules: NumberRules): string {
  if (digits.length < rules.minimumGroupingDigits) return digits;
  let text = "";
  for (let end = digits.length; end > 0; end -= 3) text = digits.slice(Math.max(0, end - 3), end) + (text ? rules.group + text : "");
  return text;
}

/** The digits of a finite number as JavaScript writes it shortest ("4.95"), or null in exponent form. */
function plainDigits(value: number): { negative: boolean; whole: string; fraction: string } | null {
  if (!Number.isFinite(value)) return null;
  const text = String(Math.abs(value));
  if (text.includes("e")) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  // Intl keeps the sign of -0 and of negatives that round to zero ("-0", "-0.0").
  return { negative: value < 0 || Object.is(value, -0), whole, fraction };
}

/** Adds one to a string of decimal digits ("129" -> "130", "99" -> "100"). */
function incremented(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

const intlFormats = new Map<string, (value: number) => string>();

function intlFormat(locale: string, options: Intl.NumberFormatOptions, key: string): (value: number) => string {
  let format = intlFormats.get(key);
  if (!format) intlFormats.set(key, (format = new Intl.NumberFormat(locale, options).format));
  return format;
}

/** A number as `new Intl.NumberFormat(locale).format` writes it (grouped, up to three decimals), without Intl. */
export function formatNumber(locale: string, value: number): string {
  return formatFraction(locale, value, 0, 3);
}

/**
 * A number with `minimumDigits` to `maximumDigits` decimals, as Intl writes it with those fraction digits:
 * rounded half away from zero on the number's shortest decimal form (4.95 -> 5.0, 1.15 -> 1.2), as ICU
 * rounds, and trailing zeros dropped down to `minimumDigits`.
 */
export function formatFraction(locale: string, value: number, minimumDigits: number, maximumDigits: number): string {
  const rules = RULES[locale];
  const digits = rules && minimumDigits <= maximumDigits ? plainDigits(value) : null;
  if (!rules || !digits) {
    const options = { minimumFractionDigits: minimumDigits, maximumFractionDigits: maximumDigits };
    return intlFormat(locale, options, `${locale}|${minimumDigits}-${maximumDigits}`)(value);
  }
  let scaled = digits.whole + digits.fraction.slice(0, maximumDigits).padEnd(maximumDigits, "0");
  if ((digits.fraction[maximumDigits] ?? "0") >= "5") scaled = incremented(scaled);
  scaled = scaled.padStart(maximumDigits + 1, "0");
  const whole = scaled.slice(0, scaled.length - maximumDigits);
  let fraction = scaled.slice(scaled.length - maximumDigits);
  while (fraction.length > minimumDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${digits.negative ? "-" : ""}${grouped(whole, rules)}${fraction ? rules.decimal + fraction : ""}`;
}

/** A number with exactly one decimal, as Intl writes it with minimum and maximum fraction digits 1. */
export function formatOneDecimal(locale: string, value: number): string {
  return formatFraction(locale, value, 1, 1);
}
