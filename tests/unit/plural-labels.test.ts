import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { bundleFolder, LANGUAGES } from "~/i18n/languages";
import { perPluralForm, withCountFormatted } from "~/lib/plural-labels";
import { formatNumberFor } from "~/lib/tool-display";

const COUNTS = [1, 0, 2, 3, 5, 11, 21, 22, 101, 1000, 1001, 4977, 0, 1, 2, 7, 1_000_000];

describe("count labels kept per plural form", () => {
  for (const lang of LANGUAGES) {
    it(`gives i18next's text for every count in ${lang}`, () => {
      const tools = JSON.parse(fs.readFileSync(path.join("public/locales", bundleFolder(lang), "tools.json"), "utf8"));
      const t = createI18n(lang, { tools }).getFixedT(null, "tools");
      const rules = new Intl.PluralRules(bundleFolder(lang));
      for (const key of ["reviews", "card.hearts"]) {
        const label = perPluralForm(rules, (count) => t(key, { count }));
        for (const count of COUNTS) expect(label(count), `${key} ${count}`).toBe(t(key, { count }));
      }
    });
  }

  it("translates every count when the text holds the number's digits twice", () => {
    let calls = 0;
    const label = perPluralForm(new Intl.PluralRules("en"), (count) => {
      calls++;
      return `${count} of 5 (${count})`;
    });
    expect([label(5), label(7), label(8)]).toEqual(["5 of 5 (5)", "7 of 5 (7)", "8 of 5 (8)"]);
    expect(calls).toBe(3);
  });

  it("translates a plural form once", () => {
    let calls = 0;
    const label = perPluralForm(new Intl.PluralRules("en"), (count) => {
      calls++;
      return count === 1 ? "1 review" : `${count} reviews`;
    });
    expect([label(1), label(2), label(30), label(1), label(0)]).toEqual(["1 review", "2 reviews", "30 reviews", "1 review", "0 reviews"]);
    expect(calls).toBe(3);
  });

  it("writes the count as the page language does", () => {
    const german = new Intl.NumberFormat("de").format;
    const label = perPluralForm(new Intl.PluralRules("de"), (count) => (count === 1 ? "1 Bewertung" : `${count} Bewertungen`), german);
    expect([label(2310), label(1), label(1_000_000)]).toEqual(["2.310 Bewertungen", "1 Bewertung", "1.000.000 Bewertungen"]);
  });

  it("writes a comparison's review count in the page language's digits, the rating left to its own place", () => {
    const compare = JSON.parse(fs.readFileSync(path.join("public/locales", bundleFolder("de"), "compare.json"), "utf8"));
    const t = createI18n("de", { compare }).getFixedT(null, "compare");
    const german = formatNumberFor("de");
    const text = withCountFormatted(t("compare.reviews", { count: 2950, rating: "\u0001" }), 2950, german).replace("\u0001", "4,8");
    expect(text).toBe("4,8 aus 2.950 Rezensionen");
    // Digits found twice: left as i18next wrote it rather than guessing which is the count.
    expect(withCountFormatted("5 of 5", 5, german)).toBe("5 of 5");
  });
});
