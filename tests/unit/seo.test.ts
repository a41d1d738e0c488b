import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { escapeXml, robotsTxt, sitemapDocument, sitemapPart, urlElements } from "~/.server/seo/sitemap";
import { alternateUrls, canonicalUrl, jsonLdText, metaDescription } from "~/lib/seo";

const BASE = "https://dir.example";

describe("canonical and alternates", () => {
  it("uses the prefixed form, keeping only content-selecting query parameters", () => {
    expect(canonicalUrl(BASE, "/tool/chatgpt")).toBe("https://dir.example/us-en/tool/chatgpt");
    expect(canonicalUrl(BASE, "/de/tools", "?category=x&search=y&sort=new")).toBe("https://dir.example/de/tools?category=x");
    expect(canonicalUrl(BASE, "/")).toBe("https://dir.example/us-en");
  });
  it("lists ten languages plus x-default", () => {
    const alternates = alternateUrls(BASE, "/ja/tool/chatgpt");
    expect(alternates).toHaveLength(11);
    expect(alternates.map((a) => a.hreflang)).toEqual(["en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi", "x-default"]);
    expect(alternates.at(-1)?.href).toBe("https://dir.example/tool/chatgpt");
  });
  it("keeps JSON-LD from closing its script element", () => {
    expect(jsonLdText({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
  it("shortens long descriptions on a word boundary", () => {
    const text = metaDescription("word ".repeat(100));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("sitemaps", () => {
  const parser = new XMLParser({ ignoreAttributes: false });
  const pages = [{ path: "/tool/a&b<c>" }, { path: "/case-study/x", lastmod: "2026-02-03T10:00:00.000Z" }];

  it("writes valid, escaped XML with every language and its alternates", () => {
    const xml = sitemapDocument(BASE, pages, "/sitemap");
    expect(XMLValidator.validate(xml)).toBe(true);
    const urls = parser.parse(xml).urlset.url as Array<{ loc: string; lastmod?: string; "xhtml:link": unknown[] }>;
    expect(urls).toHaveLength(20);
    expect(urls[0]!.loc).toBe("https://dir.example/us-en/tool/a%26b%3Cc%3E");
    expect(urls[0]!["xhtml:link"]).toHaveLength(11);
    expect(urls[10]!.lastmod).toBe("2026-02-03");
    expect(escapeXml(`a&"'<>`)).toBe("a&amp;&quot;&apos;&lt;&gt;");
  });

  it("becomes an index of numbered parts beyond the URL limit", () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ path: `/tool/t${i}` }));
    expect(urlElements(BASE, many)).toHaveLength(70);
    const index = parser.parse(sitemapDocument(BASE, many, "/sitemap", 30));
    const parts = index.sitemapindex.sitemap as Array<{ loc: string }>;
    expect(parts.map((p) => p.loc)).toEqual(["https://dir.example/sitemap/1.xml", "https://dir.example/sitemap/2.xml", "https://dir.example/sitemap/3.xml"]);
    const third = parser.parse(sitemapPart(BASE, many, 3, 30)!);
    expect(third.urlset.url).toHaveLength(10);
    expect(sitemapPart(BASE, many, 4, 30)).toBeNull();
    expect(sitemapPart(BASE, many, 1)).toBeNull();
  });

  it("splits parts inside a page's languages and loses or repeats no URL", () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ path: `/tool/t${i}` }));
    const locs = (xml: string | null) => (parser.parse(xml!).urlset.url as Array<{ loc: string }>).map((u) => u.loc);
    const joined = [1, 2, 3].flatMap((part) => locs(sitemapPart(BASE, many, part, 25)));
    expect(joined).toEqual(urlElements(BASE, many).map((element) => /<loc>([^<]+)<\/loc>/.exec(element)![1]));
    expect(locs(sitemapPart(BASE, many, 3, 25))).toHaveLength(20);
    expect(sitemapPart(BASE, many, 0, 25)).toBeNull();
  });

  it("names both sitemaps in robots.txt", () => {
    const robots = robotsTxt(BASE);
    expect(robots).toContain("Sitemap: https://dir.example/sitemap.xml");
    expect(robots).toContain("Sitemap: https://dir.example/sitemap-ecommerce.xml");
  });
});
