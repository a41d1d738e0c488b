import { describe, expect, it } from "vitest";
import { LANGUAGES, htmlLang } from "~/i18n/languages";
import { formatFraction, formatOneDecimal, formatNumber } from "~/lib/number-format";

/**
 * The pages format counts and ratings without Intl (number-format.ts says why); what they write must be
 * what Intl writes, in every interface language, or the pages would read differently than before.
 */
const LOCALES = [...LANGUAGES.map(htmlLang), "en-US"];

/** A fixed spread of values: small and large, on and around grouping and rounding boundaries. */
function wholeNumbers(): number[] {
  const values = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1234, -12_345];
  let seed = 7;
  for (let i = 0; i < 300; i++) {
    seed = (seed * 48_271) % 2_147_483_647;
    values.push(seed % 10 ** (1 + (i % 10)));
  }
  return values;
}

function decimals(): number[] {
  const values = [0, -0, 0.04, 0.05, 0.05000001, 0.95, 0.96, 1.05, 1.15, 1.25, 1.35, 2.45, 4.95, 4.949999, 9.95, 99.95, 999.95, 1234.5, 9999.95, 12_345.25, 12_345.35, -0.04, -0.05, -4.95, -1234.56, 5, 4];
  for (let hundredths = 0; hundredths <= 500; hundredths++) values.push(hundredths / 100);
  for (let i = 1; i <= 400; i++) values.push(5 * (i / 401), 1_000_000 / (i * 7), i / 3);
  return values;
}

describe("number formatting without Intl", () => {
  it.each(LOCALES)("writes numbers as Intl.NumberFormat does by default in %s", (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (const value of [...wholeNumbers(), ...decimals(), 4.6, 4.6333333, 0.0005, 1234.5678]) expect(formatNumber(locale, value), String(value)).toBe(intl.format(value));
  });

  it.each(LOCALES)("writes one decimal as Intl.NumberFormat does in %s", (locale) => {
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const value of decimals()) expect(formatOneDecimal(locale, value), String(value)).toBe(intl.format(value));
  });

  it.each(LOCALES)("writes zero to two decimals as Intl.NumberFormat does in %s", (locale) => {
    for (const [min, max] of [[0, 2], [2, 2], [0, 0], [1, 3]] as const) {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const value of [...decimals(), 19.99, 19.995, 0.005, 0.015, 1.005, 148.5, 1234.125, 99_999.999]) {
        expect(formatFraction(locale, value, min, max), `${value} ${min}-${max}`).toBe(intl.format(value));
      }
    }
  });

  it("leaves other locales and numbers in exponent form to Intl", () => {
    expect(formatNumber("it", 12_345)).toBe(new Intl.NumberFormat("it").format(12_345));
    expect(formatNumber("en", 1234.5678)).toBe("1,234.568");
    expect(formatNumber("de", 1e21)).toBe(new Intl.NumberFormat("de").format(1e21));
    expect(formatOneDecimal("fr", 1e22)).toBe(new Intl.NumberFormat("fr", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(1e22));
    expect(formatNumber("en", Number.NaN)).toBe("NaN");
  });
});
