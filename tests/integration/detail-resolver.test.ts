import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASE_STUDY_PAGE_SOURCES, resolveDetail, TOOL_PAGE_SOURCES } from "~/.server/resolve";
import { fallbackLanguages } from "~/.server/resolve/types";
import { directoryPages, ecommercePages } from "~/.server/seo/sitemap";
import { getToolMultilingualData, listRelatedTools } from "~/.server/tools/detail";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertCaseStudy, insertDetailCatalogue, insertTool } from "../support/detail-fixtures";

describe.each(testDialects())("detail resolver on %s", (dialect) => {
  let t: TestDatabase;
  let staticDir: string;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await insertDetailCatalogue(t.db);
    await insertTool(t.db, {
      slug: "chinese-variants",
      translations: { zh: { name: "中文通用" }, "zh-TW": { name: "繁體版" }, "us-en": { name: "English" } },
    });
    await insertTool(t.db, { slug: "portuguese", translations: { "pt-BR": { name: "Ferramenta brasileira" }, "us-en": { name: "English tool" } } });
    await insertTool(t.db, { slug: "no-english", translations: { ja: { name: "日本語ツール" }, fr: { name: "Outil français" } } });
    await insertTool(t.db, { slug: "hidden-tool", status: "hidden", translations: { "us-en": { name: "Hidden" } } });
    // Same slug as a tool and as a case study: each page prefers its own kind.
    await insertCaseStudy(t.db, "claude", { "us-en": { title: "Claude at a law firm" } });
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "multilingual-"));
    fs.writeFileSync(
      path.join(staticDir, "summraiz.json"),
      JSON.stringify({
        "us-en": { title: "Summraiz", description: "Newsletter condenser", features: ["Daily digest"], faq: [{ question: "Free?", answer: "Yes." }] },
        "zh-CN": { title: "Summraiz 摘要", description: "新闻简报摘要工具" },
      }),
    );
  });
  afterAll(async () => {
    await t.destroy();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const resolve = (slug: string, lang: string, sources = TOOL_PAGE_SOURCES) => resolveDetail(t.db, slug, lang, { sources, staticDir });

  it("serves the exact language when the tool has it", async () => {
    const result = await resolve("chatgpt", "zh-CN");
    expect(result.found && result.view.source).toBe("database");
    if (!result.found) return;
    expect(result.view.name).toBe("ChatGPT 中文");
    expect(result.view.features).toEqual(["上传文件", "语音对话"]);
    // Use cases and FAQ exist only in English: that field set falls back on its own.
    expect(result.view.faq.map((f) => f.question)).toEqual(["Is ChatGPT free?", "Does it keep my chats?"]);
    expect(fallbackLanguages(result.view, "zh-CN")).toEqual(["us-en"]);
  });

  it("falls back to English for a language the tool lacks, and says so", async () => {
    const result = await resolve("chatgpt", "ko");
    if (!result.found) throw new Error("chatgpt not found");
    expect(result.view.name).toBe("ChatGPT");
    expect(result.view.contentLanguage).toBe("us-en");
    expect(fallbackLanguages(result.view, "ko")).toEqual(["us-en"]);
    const english = await resolve("chatgpt", "us-en");
    if (!english.found) throw new Error("chatgpt not found");
    expect(fallbackLanguages(english.view, "us-en")).toEqual([]);
  });

  it("orders Chinese fallbacks zh-CN, zh, zh-TW, then the base language, English and the first available", async () => {
    const name = async (slug: string, lang: string) => {
      const r = await resolve(slug, lang);
      return r.found ? r.view.name : null;
    };
    expect(await name("chinese-variants", "zh-CN")).toBe("中文通用");
    expect(await name("chinese-variants", "zh-TW")).toBe("繁體版");
    expect(await name("portuguese", "pt")).toBe("Ferramenta brasileira");
    expect(await name("portuguese", "de")).toBe("English tool");
    expect(await name("no-english", "fr")).toBe("Outil français");
    expect(await name("no-english", "de")).toBe("Outil français");
  });

  it("tries the database, then case studies, then e-commerce, then static files", async () => {
    const claude = await resolve("claude", "us-en");
    expect(claude.found && claude.view.source).toBe("database");
    const claudeStudy = await resolve("claude", "us-en", CASE_STUDY_PAGE_SOURCES);
    expect(claudeStudy.found && claudeStudy.view.source).toBe("case-study");

    const study = await resolve("support-team-automation", "zh-CN");
    if (!study.found) throw new Error("case study not found");
    expect(study.checked).toEqual(["database", "case-study"]);
    expect(study.view.name).toBe("客服团队如何将回复速度提高一倍");
    expect(study.view.challenges).toEqual(["回复慢"]);
    expect(study.view.results).toEqual(["Replies in half the time"]);
    expect(study.view.rating).toBe(5);

    const shop = await resolve("listing-sync", "de");
    if (!shop.found) throw new Error("e-commerce tool not found");
    expect(shop.view.source).toBe("ecommerce");
    expect(shop.view.pros).toEqual(["Fast setup"]);

    const file = await resolve("summraiz", "zh-TW");
    if (!file.found) throw new Error("static data not found");
    expect(file.checked).toEqual(["database", "case-study", "ecommerce", "static"]);
    expect(file.view.name).toBe("Summraiz 摘要");
    expect(file.view.features).toEqual(["Daily digest"]);
  });

  it("reports the slug, language and every source checked when nothing matches", async () => {
    expect(await resolve("no-such-tool", "ja")).toEqual({
      found: false,
      slug: "no-such-tool",
      lang: "ja",
      checked: ["database", "case-study", "ecommerce", "static"],
    });
    const hidden = await resolve("hidden-tool", "us-en");
    expect(hidden.found).toBe(false);
    const traversal = await resolve("../../etc/passwd", "us-en");
    expect(traversal.found).toBe(false);
  });

  it("builds the multilingual data file from the database and lists related tools", async () => {
    const data = await getToolMultilingualData(t.db, "chatgpt");
    expect(data?.languages).toEqual(["us-en", "zh-CN"]);
    expect(data?.content["zh-CN"]?.title).toBe("ChatGPT 中文");
    expect(data?.content["us-en"]?.faq).toHaveLength(2);
    const chatgpt = await resolve("chatgpt", "us-en");
    if (!chatgpt.found) throw new Error("chatgpt not found");
    const related = await listRelatedTools(t.db, { categorySlug: chatgpt.view.category?.slug ?? null, excludeSlug: "chatgpt", lang: "us-en" });
    expect(related.map((r) => r.slug)).toContain("claude");
    expect(related.map((r) => r.slug)).not.toContain("chatgpt");
    expect(related.map((r) => r.slug)).not.toContain("hidden-tool");
  });

  it("lists every page for the sitemaps", async () => {
    const paths = (await directoryPages(t.db)).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/privacy-policy", "/tool/chatgpt", "/case-study/support-team-automation", "/category/chatbot-virtual-companions"]));
    expect(paths).not.toContain("/tool/hidden-tool");
    expect((await ecommercePages(t.db)).map((p) => p.path)).toEqual(["/ecommerce", "/ecommerce/listing-sync"]);
  });
});
