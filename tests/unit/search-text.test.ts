import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { synonymGroupSchema } from "~/.server/catalog/import-synonyms";
import { formTerms, typoTerms } from "~/.server/search/term-lookup";
import { rankAutocomplete, type AutocompleteEntry } from "~/lib/autocomplete";
import { foldText, segmentCjk, textPieces, typoBudget, typoDistance } from "~/lib/search-text";

describe("search text", () => {
  it("folds case, width and Latin accents, but not kana voicing or Hangul", () => {
    expect(foldText("Código Ｇｅｎｅｒａｔｏｒ Straße Tạo đồ")).toBe("codigo generator strasse tao do");
    expect(foldText("ガイド 한국어")).toBe("ガイド 한국어");
  });

  it("splits words, keeps CJK runs whole, and adds joined forms of hyphenated words", () => {
    expect(textPieces("e-commerce copy.ai ai绘画 gpt-4o")).toEqual([
      { text: "e", cjk: false },
      { text: "commerce", cjk: false },
      { text: "ecommerce", cjk: false },
      { text: "copy", cjk: false },
      { text: "ai", cjk: false },
      { text: "copyai", cjk: false },
      { text: "ai", cjk: false },
      { text: "绘画", cjk: true },
      { text: "gpt", cjk: false },
      { text: "4o", cjk: false },
      { text: "gpt4o", cjk: false },
    ]);
  });

  it("segments Chinese and Japanese queries into words", () => {
    expect(segmentCjk("画像生成ツール")).toEqual(["画像", "生成", "ツール"]);
    expect(segmentCjk("写代码")).toEqual(["写", "代码"]);
  });

  it("allows one typo from five characters and two from nine, swaps of neighbours included", () => {
    expect([typoBudget("code"), typoBudget("codex"), typoBudget("grammerly"), typoBudget("perplexcity")]).toEqual([0, 1, 2, 2]);
    expect(typoDistance("chatgtp", "chatgpt", 1)).toBe(1);
    expect(typoDistance("grammerly", "grammarly", 2)).toBe(1);
    expect(typoDistance("difusion", "diffusion", 1)).toBe(1);
    expect(typoDistance("midjurn", "midjourney", 1, true)).toBe(1);
    expect(typoDistance("chatgtp", "claude", 2)).toBe(-1);
  });
});

describe("dictionary lookups", () => {
  const terms = ["assistance", "assistant", "chat", "chatbot", "chatgpt", "code", "coder", "codebase", "generation", "generator", "midjourney", "note", "notebook", "programmierhilfe", "programmierung"].sort();
  const words = (ids: number[]) => ids.map((id) => terms[id]);

  it("finds words within the typo budget exactly like a brute-force comparison", () => {
    for (const word of ["chatgtp", "asistant", "generatr", "midjorney", "kode", "notbook"]) {
      const budget = Math.max(1, typoBudget(word));
      const expected = terms.filter((term) => typoDistance(word, term, budget) >= 0).sort();
      expect(typoTerms(terms, word, budget, false, 100).map((hit) => terms[hit.term]).sort()).toEqual(expected);
      const prefixed = terms.filter((term) => typoDistance(word, term, budget, true) >= 0).sort();
      expect(typoTerms(terms, word, budget, true, 100).map((hit) => terms[hit.term]).sort()).toEqual(prefixed);
    }
  });

  it("matches word forms and compounds, not every word that starts alike", () => {
    expect(words(formTerms(terms, "generator", 10))).toEqual(["generation"]);
    expect(words(formTerms(terms, "assistant", 10))).toEqual(["assistance"]);
    expect(words(formTerms(terms, "programmierassistent", 10))).toEqual(["programmierhilfe", "programmierung"]);
    expect(words(formTerms(terms, "code", 10))).toEqual(["coder"]);
    expect(words(formTerms(terms, "chatgpt", 10))).toEqual([]);
    expect(words(formTerms(terms, "notebook", 10))).toEqual([]);
  });
});

describe("autocomplete typos", () => {
  const entries: AutocompleteEntry[] = [
    { name: "ChatGPT", slug: "chatgpt", image_url: null },
    { name: "Midjourney", slug: "midjourney", image_url: null },
    { name: "GitHub Copilot", slug: "github-copilot", image_url: null },
    { name: "Grammarly", slug: "grammarly", image_url: null },
  ];

  it("suggests names typed with a typo, after every exact match", () => {
    expect(rankAutocomplete(entries, "chatgtp").items.map((item) => item.slug)).toEqual(["chatgpt"]);
    expect(rankAutocomplete(entries, "midjurn").items.map((item) => item.slug)).toEqual(["midjourney"]);
    expect(rankAutocomplete(entries, "copilto").items.map((item) => item.slug)).toEqual(["github-copilot"]);
    expect(rankAutocomplete(entries, "grammer").items.map((item) => item.slug)).toEqual(["grammarly"]);
    // Four characters allow no typo.
    expect(rankAutocomplete(entries, "chta").items).toEqual([]);
  });
});

describe("the seed synonym list", () => {
  it("is a list of word groups the importer accepts", () => {
    const groups: unknown[] = JSON.parse(fs.readFileSync("seed/catalog/synonyms.json", "utf8"));
    expect(groups.length).toBeGreaterThan(10);
    for (const group of groups) expect(synonymGroupSchema.safeParse(group).success).toBe(true);
    expect(synonymGroupSchema.safeParse(["text to image", "text2image"]).success).toBe(false);
  });
});
