import { describe, expect, it } from "vitest";
import {
  htmlLang,
  localizedPath,
  matchBrowserLanguage,
  negotiateLanguage,
  parseAcceptLanguage,
  splitLangPath,
  switchLangPath,
} from "~/i18n/languages";
import { languagesShown, pickLocalized, preferredLanguages } from "~/lib/language-fallback";
import { filterSlug } from "~/lib/slug";

const pickContentLanguage = (available: string[], lang: string) => pickLocalized(available.map((language) => ({ language, value: language })), lang)?.language;

describe("root language negotiation", () => {
  it("prefers the saved cookie over the browser", () => {
    expect(negotiateLanguage("de", "ja,en;q=0.5")).toBe("de");
  });
  it("ignores an unsupported saved value", () => {
    expect(negotiateLanguage("xx", "ja")).toBe("ja");
  });
  it("takes the first supported browser language by quality", () => {
    expect(negotiateLanguage(null, "ja,en;q=0.5")).toBe("ja");
    expect(negotiateLanguage(null, "en;q=0.3, fr;q=0.9")).toBe("fr");
    expect(negotiateLanguage(null, "it, de;q=0.8")).toBe("de");
  });
  it("maps regional Chinese and base languages", () => {
    expect(matchBrowserLanguage("zh-HK")).toBe("zh-TW");
    expect(matchBrowserLanguage("zh-MO")).toBe("zh-TW");
    expect(matchBrowserLanguage("zh-TW")).toBe("zh-TW");
    expect(matchBrowserLanguage("zh")).toBe("zh-CN");
    expect(matchBrowserLanguage("zh-SG")).toBe("zh-CN");
    expect(matchBrowserLanguage("pt-BR")).toBe("pt");
    expect(matchBrowserLanguage("en-GB")).toBe("us-en");
    expect(matchBrowserLanguage("ko-KR")).toBe("ko");
  });
  it("sends languages we do not offer to us-en", () => {
    for (const header of ["it", "ru", "ar", "it-IT, ru;q=0.5", "", "*"]) expect(negotiateLanguage(undefined, header)).toBe("us-en");
  });
  it("drops q=0 entries", () => {
    expect(parseAcceptLanguage("ja;q=0, fr")).toEqual(["fr"]);
  });
});

describe("language paths", () => {
  it("reads the prefix or falls back to us-en", () => {
    expect(splitLangPath("/fr/tools")).toEqual({ lang: "fr", prefixed: true, rest: "/tools" });
    expect(splitLangPath("/zh-CN")).toEqual({ lang: "zh-CN", prefixed: true, rest: "/" });
    expect(splitLangPath("/tools")).toEqual({ lang: "us-en", prefixed: false, rest: "/tools" });
    expect(splitLangPath("/xx/tools").lang).toBe("us-en");
  });
  it("swaps the prefix and keeps the rest of the path", () => {
    expect(switchLangPath("/fr/tool/chatgpt", "ja")).toBe("/ja/tool/chatgpt");
    expect(switchLangPath("/about", "de")).toBe("/de/about");
    expect(switchLangPath("/us-en", "vi")).toBe("/vi");
    expect(localizedPath("ko", "/")).toBe("/ko");
  });
  it("uses plain en as the html language of us-en", () => {
    expect(htmlLang("us-en")).toBe("en");
    expect(htmlLang("zh-TW")).toBe("zh-TW");
  });
});

describe("content language fallback (spec 4.7)", () => {
  it("prefers the exact language", () => {
    expect(pickContentLanguage(["us-en", "ja"], "ja")).toBe("ja");
  });
  it("tries zh-CN, zh, zh-TW for Chinese", () => {
    expect(pickContentLanguage(["us-en", "zh-CN"], "zh-TW")).toBe("zh-CN");
    expect(pickContentLanguage(["us-en", "zh-TW"], "zh-CN")).toBe("zh-TW");
  });
  it("falls back to English, then the first available", () => {
    expect(pickContentLanguage(["us-en", "zh-CN"], "ko")).toBe("us-en");
    expect(pickContentLanguage(["de", "fr"], "ko")).toBe("de");
    expect(pickContentLanguage([], "ko")).toBeUndefined();
  });
});

describe("filter slugs", () => {
  it("lower-cases and hyphenates runs of non-alphanumerics", () => {
    expect(filterSlug("AI Writing Assistant")).toBe("ai-writing-assistant");
    expect(filterSlug("  Text & Image -- Tools! ")).toBe("text-image-tools");
  });
});

describe("one field's language (spec 4.7)", () => {
  it("skips languages where the field is empty, so each field falls back on its own", () => {
    const description = [
      { language: "de", value: "" },
      { language: "zh-CN", value: "中文" },
      { language: "us-en", value: "English" },
    ];
    expect(pickLocalized(description, "de")).toEqual({ language: "us-en", value: "English" });
    expect(pickLocalized(description, "zh-TW")).toEqual({ language: "zh-CN", value: "中文" });
    expect(pickLocalized([{ language: "de", value: [] as string[] }], "de")).toBeUndefined();
  });
  it("treats en and us-en as English, and keeps the caller's order for the first available", () => {
    expect(pickLocalized([{ language: "fr", value: "Bonjour" }, { language: "en", value: "Hello" }], "de")?.value).toBe("Hello");
    expect(pickLocalized([{ language: "ja", value: "こんにちは" }, { language: "fr", value: "Bonjour" }], "us-en")?.value).toBe("こんにちは");
  });
  it("names only the languages fields came from, without the page's own", () => {
    expect(languagesShown({ language: "us-en", value: "x" }, [undefined, { language: "en", value: "y" }, { language: "zh-CN", value: "z" }])).toEqual(["us-en", "zh-CN"]);
  });
  it("reads only a page's own language, its relatives and English before the first available", () => {
    expect(preferredLanguages("zh-TW", ["us-en", "zh-CN", "zh-TW", "ko", "de"])).toEqual(["us-en", "zh-CN", "zh-TW"]);
    expect(preferredLanguages("us-en", ["us-en", "zh-CN", "de"])).toEqual(["us-en"]);
  });
});
