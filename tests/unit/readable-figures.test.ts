import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { readableFigure, roundDownToTwoDigits } from "~/lib/readable-figures";
import fs from "node:fs";

describe("figures people read", () => {
  it("keeps small counts exact and rounds larger ones down to two leading digits", () => {
    expect([7, 22, 99, 100, 103, 173, 3648, 12_345].map(roundDownToTwoDigits)).toEqual([7, 22, 99, 100, 100, 170, 3600, 12_000]);
  });

  it("adds a plus only when something was cut off, so the claim stays true", () => {
    expect(readableFigure(170, "en").text).toBe("170");
    expect(readableFigure(173, "en").text).toBe("170+");
    expect(readableFigure(103, "en")).toEqual({ text: "100+", count: 100 });
  });

  it("writes the figure as the page language does", () => {
    expect(readableFigure(3648, "en").text).toBe("3,600+");
    expect(readableFigure(3648, "de").text).toBe("3.600+");
    expect(readableFigure(12_345, "en").text).toBe("12K+");
    expect(readableFigure(12_345, "zh-CN").text).toBe("1.2万+");
  });

  it("reads as a phrase in the page language: 170+ AI tools, 170+ 个 AI 工具", () => {
    const phrase = (folder: string, lang: "us-en" | "zh-CN" | "de", count: number, locale: string) => {
      const common = JSON.parse(fs.readFileSync(`public/locales/${folder}/common.json`, "utf8"));
      const i18n = createI18n(lang, { common });
      const figure = readableFigure(count, locale);
      return i18n.t("home.figures.tools", { ns: "common", count: figure.count, figure: figure.text });
    };
    expect(phrase("en", "us-en", 173, "en")).toBe("170+ AI tools");
    expect(phrase("zh-CN", "zh-CN", 173, "zh-CN")).toBe("170+ 个 AI 工具");
    expect(phrase("de", "de", 1, "de")).toBe("1 KI-Tool");
  });
});
