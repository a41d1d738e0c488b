import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { insertDetailCatalogue } from "../support/detail-fixtures";
import { startServer, type RunningServer } from "../support/server";

const PUBLIC_URL = "https://directory.test";
let server: RunningServer;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  await insertDetailCatalogue(database.db);
  server = await startServer({ DATABASE_URL: database.url, SEED_ON_START: "false", PUBLIC_URL });
});
afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

async function get(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
}

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
function jsonLd(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
function decode(text: string) {
  return text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** The shared SEO block every indexable page must carry. */
function expectSeo(html: string, canonical: string) {
  const top = head(html);
  expect(attr(top, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
  const alternates = [...top.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)];
  expect(alternates.map((a) => a[1])).toEqual(["en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi", "x-default"]);
  for (const a of alternates) expect(a[2]!.startsWith(PUBLIC_URL)).toBe(true);
  expect(top).toMatch(/<title>[^<]+<\/title>/);
  expect(top).toMatch(/<meta name="description" content="[^"]+"/);
  for (const property of ["og:title", "og:description", "og:image", "og:url", "og:type"]) {
    expect(top, property).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
  }
  expect(attr(top, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^https:\/\/directory\.test\//);
  expect(top).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(top).not.toContain('name="robots"');
}

describe("tool page for a crawler without JavaScript", () => {
  it("answers /us-en/tool/chatgpt with SoftwareApplication, canonical, 11 hreflang and og tags", async () => {
    const { status, body } = await get("/us-en/tool/chatgpt");
    expect(status).toBe(200);
    expectSeo(body, `${PUBLIC_URL}/us-en/tool/chatgpt`);
    const ld = jsonLd(body);
    const app = ld.find((item) => item["@type"] === "SoftwareApplication")!;
    expect(app.name).toBe("ChatGPT");
    expect(app.offers["@type"]).toBe("Offer");
    // Search engines get ratings only from reviews written here (decision 0031); this catalogue has none yet.
    expect(app.aggregateRating).toBeUndefined();
    expect(ld.find((item) => item["@type"] === "BreadcrumbList")!.itemListElement).toHaveLength(4);
    expect(ld.find((item) => item["@type"] === "FAQPage")!.mainEntity[0].name).toBe("Is ChatGPT free?");
    expect(attr(head(body), /<meta property="og:title" content="([^"]+)"/)).toBe("ChatGPT | AI Tools Directory");
    // The visible page: description, features, FAQ, visit button that opens the tool's site.
    expect(decode(body)).toContain("OpenAI's conversational assistant for writing & analysis <fast>.");
    expect(body).toContain("Voice conversations");
    // The visit goes through /go/{slug}, which counts it (bots not) and sends the visitor on to the tool's site.
    expect(body).toMatch(/<a href="\/go\/chatgpt" target="_blank" rel="noopener"/);
    const visit = await fetch(`${server.url}/go/chatgpt`, { redirect: "manual" });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("https://chatgpt.example.com/");
    for (const action of ["favorite", "promote", "update"]) expect(body).toContain(`data-action="${action}"`);
  });

  it("writes the rating and review count the way the page language does, and keeps plain numbers in JSON-LD", async () => {
    const { status, body } = await get("/de/tool/chatgpt");
    expect(status).toBe(200);
    expect(attr(body, /data-testid="rating-value">([^<]+)</)).toBe("4,8");
    expect(body).toContain("2.150 Bewertungen");
    const app = jsonLd(body).find((item) => item["@type"] === "SoftwareApplication")!;
    expect(app.aggregateRating).toBeUndefined();
  });

  it("serves the unprefixed path with the prefixed canonical, and no AggregateRating without reviews", async () => {
    const { status, body } = await get("/tool/claude");
    expect(status).toBe(200);
    expectSeo(body, `${PUBLIC_URL}/us-en/tool/claude`);
    const app = jsonLd(body).find((item) => item["@type"] === "SoftwareApplication")!;
    expect(app.aggregateRating).toBeUndefined();
    expect(jsonLd(body).some((item) => item["@type"] === "FAQPage")).toBe(false);
  });

  it("shows Chinese content on /zh-CN and the English fallback with a Korean notice on /ko", async () => {
    const zh = await get("/zh-CN/tool/chatgpt");
    expect(zh.status).toBe(200);
    expect(zh.body).toContain('<html lang="zh-CN"');
    expect(zh.body).toContain("ChatGPT 中文");
    expect(zh.body).toContain("上传文件");
    expect(zh.body).toContain("核心功能");

    const ko = await get("/ko/tool/chatgpt");
    expect(ko.status).toBe(200);
    expect(ko.body).toContain("File uploads");
    expect(ko.body).not.toContain("ChatGPT 中文");
    const notice = attr(ko.body, /data-testid="language-notice">([^<]+)</);
    expect(notice).toContain("영어");
    expect(notice).toContain("한국어");
    expect((await get("/us-en/tool/chatgpt")).body).not.toContain('data-testid="language-notice"');
  });

  it("answers an unknown tool with 404, the slug, the language and the sources checked, noindex", async () => {
    const { status, body } = await get("/us-en/tool/no-such-tool");
    expect(status).toBe(404);
    expect(body).toContain("AI Tool Not Found");
    expect(decode(body)).toContain("Sorry, we couldn't find the AI tool you're looking for.");
    expect(attr(body, /data-testid="not-found-slug">([^<]+)</)).toBe("no-such-tool");
    expect(body).toContain("tool database, case studies, e-commerce tools, static multilingual data");
    expect(body).toContain("Multilingual data not available for no-such-tool");
    expect(head(body)).toContain('<meta name="robots" content="noindex"/>');
    expect(head(body)).not.toContain('rel="canonical"');
  });

  it("resolves an e-commerce-only slug on the tool page", async () => {
    const { status, body } = await get("/us-en/tool/listing-sync");
    expect(status).toBe(200);
    expect(decode(body)).toContain("Listing Sync & Co");
    expect(body).toContain("Fast setup");
  });
});

describe("case studies", () => {
  it("renders the case study with Article JSON-LD and is linked from the list", async () => {
    const list = await get("/de/case-studies");
    expect(list.status).toBe(200);
    expect(list.body).toContain('href="/de/case-study/support-team-automation"');
    expectSeo(list.body, `${PUBLIC_URL}/de/case-studies`);

    const { status, body } = await get("/case-study/support-team-automation");
    expect(status).toBe(200);
    expectSeo(body, `${PUBLIC_URL}/us-en/case-study/support-team-automation`);
    const article = jsonLd(body).find((item) => item["@type"] === "Article")!;
    expect(article.headline).toBe("How a support team answered twice as fast");
    expect(article.datePublished).toBe("2026-03-02");
    expect(body).toContain("Replies in half the time");
    expect(body).toContain("6 min read");
  });

  it("answers a missing case study with 404 and 产品未找到 in Chinese, translated elsewhere", async () => {
    const zh = await get("/zh-CN/case-study/nothing-here");
    expect(zh.status).toBe(404);
    expect(zh.body).toContain("产品未找到");
    expect(zh.body).toContain("nothing-here");
    const de = await get("/de/case-study/nothing-here");
    expect(de.status).toBe(404);
    expect(de.body).toContain("Produkt nicht gefunden");
  });
});

describe("SEO on the other pages", () => {
  it("gives home a WebSite SearchAction and every page the shared tags", async () => {
    const home = await get("/fr");
    expect(home.status).toBe(200);
    expectSeo(home.body, `${PUBLIC_URL}/fr`);
    const site = jsonLd(home.body).find((item) => item["@type"] === "WebSite")!;
    expect(site.potentialAction.target.urlTemplate).toBe(`${PUBLIC_URL}/fr/tools?search={search_term_string}`);
    for (const [path, canonical] of [
      ["/de/about", "/de/about"],
      ["/about", "/us-en/about"],
      ["/ja/privacy-policy", "/ja/privacy-policy"],
    ] as const) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expectSeo(page.body, `${PUBLIC_URL}${canonical}`);
    }
  });
});

describe("sitemaps, robots and data files", () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

  it("lists every tool, category, case study and static page in every language with alternates", async () => {
    const { status, type, body } = await get("/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toContain("xml");
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = parser.parse(body).urlset.url as Array<{ loc: string; "xhtml:link": Array<Record<string, string>> }>;
    const locs = urls.map((u) => u.loc);
    for (const lang of ["us-en", "zh-CN", "ko", "vi"]) {
      expect(locs).toContain(`${PUBLIC_URL}/${lang}/tool/chatgpt`);
      expect(locs).toContain(`${PUBLIC_URL}/${lang}/case-study/support-team-automation`);
      expect(locs).toContain(`${PUBLIC_URL}/${lang}/category/chatbot-virtual-companions`);
      expect(locs).toContain(`${PUBLIC_URL}/${lang}/terms-of-service`);
    }
    const chatgpt = urls.find((u) => u.loc === `${PUBLIC_URL}/ja/tool/chatgpt`)!;
    expect(chatgpt["xhtml:link"]).toHaveLength(11);
    expect(chatgpt["xhtml:link"].find((l) => l["@hreflang"] === "zh-CN")!["@href"]).toBe(`${PUBLIC_URL}/zh-CN/tool/chatgpt`);
  });

  it("lists the e-commerce list and product pages in every language", async () => {
    const { status, body } = await get("/sitemap-ecommerce.xml");
    expect(status).toBe(200);
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = parser.parse(body).urlset.url as Array<{ loc: string; "xhtml:link": unknown[] }>;
    expect(urls).toHaveLength(20);
    expect(urls.map((u) => u.loc)).toEqual(expect.arrayContaining([`${PUBLIC_URL}/de/ecommerce`, `${PUBLIC_URL}/de/ecommerce/listing-sync`]));
    expect(urls[0]!["xhtml:link"]).toHaveLength(11);
    expect((await get("/sitemap/1.xml")).status).toBe(404);
  });

  it("names both sitemaps in robots.txt", async () => {
    const { status, body } = await get("/robots.txt");
    expect(status).toBe(200);
    expect(body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap-ecommerce.xml`);
  });

  it("serves a tool's multilingual data generated from the database", async () => {
    for (const path of ["/data/chatgpt.json", "/data/multilingual/chatgpt.json"]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      const data = JSON.parse(body);
      expect(data.languages).toEqual(["us-en", "zh-CN"]);
      expect(data.content["zh-CN"].title).toBe("ChatGPT 中文");
    }
    const missing = await get("/data/multilingual/nothing.json");
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error).toBe("Multilingual data not available for nothing");
  });
});
