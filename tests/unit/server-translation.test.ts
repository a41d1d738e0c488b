import { describe, expect, it } from "vitest";
import { getFixedT } from "~/.server/i18n";

/**
 * Loaders, mails and API answers translate on the server. A text that names a count is a plural key
 * (`_one`, `_other`, ... as Intl.PluralRules names the language's forms), so the server must pick the
 * form as the pages do: before, the list page's meta description was the bare key "list.metaDescription".
 */
describe("server-side translation", () => {
  it("picks English's one and other forms for a count", async () => {
    const t = await getFixedT("us-en", "tools");
    expect(t("list.metaDescription", { count: 1 })).toBe("Browse 1 AI tool with ratings, pricing and categories. Search in any language and filter by category.");
    expect(t("list.metaDescription", { count: 2 })).toBe("Browse 2 AI tools with ratings, pricing and categories. Search in any language and filter by category.");
    const categories = await getFixedT("us-en", "categories");
    expect(categories("page.metaDescription", { count: 1, category: "Music" })).toBe("1 AI tool for Music, with ratings, pricing and subcategories.");
    expect(categories("page.metaDescription", { count: 7, category: "Music" })).toBe("7 AI tools for Music, with ratings, pricing and subcategories.");
  });

  it("uses the one form of languages without plural distinctions for every count", async () => {
    const ja = await getFixedT("ja", "categories");
    expect(ja("page.metaDescription", { count: 1, category: "音楽" })).toBe("音楽の AI ツール 1 件。評価・料金・サブカテゴリー付き。");
    expect(ja("page.metaDescription", { count: 12, category: "音楽" })).toBe("音楽の AI ツール 12 件。評価・料金・サブカテゴリー付き。");
    const zh = await getFixedT("zh-CN", "tools");
    expect(zh("list.metaDescription", { count: 1 })).toBe("浏览 1 个 AI 工具，查看评分、价格和分类，支持多语言搜索和按分类筛选。");
  });

  it("keeps plain keys, interpolation and a missing key's fallback as before", async () => {
    const t = await getFixedT("de", "common");
    expect(t("site.name")).not.toBe("site.name");
    expect(t("no.such.key")).toBe("no.such.key");
    // Two namespaces of one language share the instance without mixing their keys.
    const tools = await getFixedT("de", "tools");
    expect(tools("site.name")).toBe("site.name");
    expect(t("site.name")).not.toBe("site.name");
  });
});
