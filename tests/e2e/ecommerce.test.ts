import { XMLParser } from "fast-xml-parser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

/** The e-commerce directory on the seed catalogue (103 tools, 7 groups, 31 platforms). */
const PUBLIC_URL = "https://directory.test";
/** In-app navigations on a busy machine can take seconds. */
const SLOW = { timeout: 20_000 };
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ PUBLIC_URL }), launchBrowser()]);
  page = await browser.newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

const cards = () => page.getByTestId("ecommerce-card");
const total = async () => Number((await page.getByTestId("ecommerce-total").innerText()).replace(/\D+/g, ""));
const facet = (section: string, name: string) => page.locator(`#${section}-values`).getByRole("checkbox", { name, exact: false }).filter({ hasText: new RegExp(`^${name}\\d+$`) });
const countOf = async (section: string, name: string) => Number((await facet(section, name).locator(".ecom-count").innerText()).replace(/\D+/g, ""));
const chips = async () => page.getByTestId("ecommerce-chips").locator("[data-chip]").evaluateAll((els) => els.map((el) => el.getAttribute("data-chip")));

describe("e-commerce directory in Chromium", { timeout: 120_000 }, () => {
  it("selects two categories and a platform: counts, chips and URL agree, and a reload keeps the view", async () => {
    await gotoHydrated(page, `${server.url}/us-en/ecommerce`);
    expect(await cards().count()).toBe(40);
    expect(await total()).toBe(103);

    await facet("ecom-group-product-research", "Amazon product research").click();
    await page.waitForURL(/categories=amazon-product-research$/);
    await facet("ecom-group-product-research", "Keyword research").click();
    await page.waitForURL(/categories=amazon-product-research,keyword-research$/);
    await facet("ecom-platforms", "Amazon").click();
    await page.waitForURL((url) => url.search === "?categories=amazon-product-research,keyword-research&platforms=amazon");

    await expect.poll(chips, SLOW).toEqual(["amazon-product-research", "keyword-research", "amazon"]);
    const shown = await total();
    expect(shown).toBeGreaterThan(0);
    expect(await cards().count()).toBe(shown);
    // A platform's count is taken with the categories applied: the ticked one counts exactly the list.
    expect(await countOf("ecom-platforms", "Amazon")).toBe(shown);
    expect(await chips()).toEqual(["amazon-product-research", "keyword-research", "amazon"]);
    for (const [section, name] of [["ecom-group-product-research", "Amazon product research"], ["ecom-group-product-research", "Keyword research"], ["ecom-platforms", "Amazon"]]) {
      await expect.poll(() => facet(section!, name!).getAttribute("aria-checked"), SLOW).toBe("true");
    }
    const amazonResearchAlone = await countOf("ecom-group-product-research", "Amazon product research");
    const keywordAlone = await countOf("ecom-group-product-research", "Keyword research");
    // OR inside the group: the list holds at least each ticked category's tools, at most both.
    expect(shown).toBeGreaterThanOrEqual(Math.max(amazonResearchAlone, keywordAlone));
    expect(shown).toBeLessThanOrEqual(amazonResearchAlone + keywordAlone);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, SLOW);
    expect(await total()).toBe(shown);
    expect(await chips()).toEqual(["amazon-product-research", "keyword-research", "amazon"]);
    expect(await facet("ecom-platforms", "Amazon").getAttribute("aria-checked")).toBe("true");

    // Clearing a chip: the list becomes what that category's neighbour counted before.
    await page.getByTestId("ecommerce-chips").locator('[data-chip="keyword-research"]').click();
    await page.waitForURL((url) => url.search === "?categories=amazon-product-research&platforms=amazon");
    await expect.poll(chips, SLOW).toEqual(["amazon-product-research", "amazon"]);
    await expect.poll(total, SLOW).toBe(amazonResearchAlone);
    expect(await facet("ecom-group-product-research", "Keyword research").getAttribute("aria-checked")).toBe("false");

    await page.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL((url) => url.pathname === "/us-en/ecommerce" && url.search === "");
    await expect.poll(total, SLOW).toBe(103);
  });

  it("load more appends 40 while the last page was full, then disappears", async () => {
    await gotoHydrated(page, `${server.url}/us-en/ecommerce`);
    const firstSlugs = await cards().locator("a.ecom-card-link").evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    await page.getByTestId("ecommerce-load-more").click();
    await expect.poll(() => cards().count(), SLOW).toBe(80);
    const slugs = await cards().locator("a.ecom-card-link").evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(slugs.slice(0, 40)).toEqual(firstSlugs);
    expect(new Set(slugs).size).toBe(80);
    // The view itself did not change: the URL is still the list's.
    expect(new URL(page.url()).search).toBe("");
    await page.getByTestId("ecommerce-load-more").click();
    await expect.poll(() => cards().count(), SLOW).toBe(103);
    await expect.poll(() => page.getByTestId("ecommerce-load-more").count(), SLOW).toBe(0);
  });

  it("finds tools for 亚马逊 on /zh-CN/ecommerce", async () => {
    await gotoHydrated(page, `${server.url}/zh-CN/ecommerce`);
    await page.getByRole("searchbox").fill("亚马逊");
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL(/search=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toBe("?search=亚马逊");
    await expect.poll(total, SLOW).toBeGreaterThan(10);
    expect(await cards().first().innerText()).toBeTruthy();
    expect(await page.getByTestId("ecommerce-total").innerText()).toMatch(/款工具/);
  });

  it("on a phone puts the filters above the cards behind a button, and they stay open while filtering", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await gotoHydrated(phone, `${server.url}/us-en/ecommerce`);
      const button = phone.getByTestId("ecommerce-filters-button");
      const sidebar = phone.getByTestId("ecommerce-sidebar");
      expect(await sidebar.isVisible()).toBe(false);
      // Above the first card, not below forty of them.
      const buttonTop = (await button.boundingBox())!.y;
      expect(buttonTop).toBeLessThan((await phone.getByTestId("ecommerce-card").first().boundingBox())!.y);
      await button.click();
      expect(await sidebar.isVisible()).toBe(true);
      await phone.locator("#ecom-platforms-values").getByRole("checkbox", { name: "Amazon", exact: false }).filter({ hasText: /^Amazon\d+$/ }).click();
      await phone.waitForURL(/platforms=amazon$/);
      await expect.poll(() => phone.getByTestId("ecommerce-chips").locator("[data-chip]").count(), SLOW).toBe(1);
      expect(await sidebar.isVisible()).toBe(true);
      expect(await button.innerText()).toMatch(/Filter\s*\(1\)/);
      // A desktop window shows the sidebar as its left column, without the button.
      await phone.setViewportSize({ width: 1280, height: 900 });
      await phone.reload();
      expect(await phone.getByTestId("ecommerce-filters-button").isVisible()).toBe(false);
      expect(await phone.getByTestId("ecommerce-sidebar").isVisible()).toBe(true);
    } finally {
      await phone.close();
    }
  });
});

describe("e-commerce pages over HTTP", () => {
  it("answers 200 for every URL of /sitemap-ecommerce.xml", async () => {
    const sitemap = await get("/sitemap-ecommerce.xml");
    expect(sitemap.status).toBe(200);
    const parsed = new XMLParser().parse(sitemap.body) as { urlset: { url: Array<{ loc: string }> } };
    const urls = parsed.urlset.url.map((u) => u.loc.replace(PUBLIC_URL, ""));
    // The list and every tool page in every language ((1 + 103) x 10), then the alternatives and comparison
    // pages that pass their gates.
    expect(urls.filter((url) => /^\/[a-zA-Z-]+\/ecommerce(?:\/[^/]+)?$/.test(url)).length).toBe(1040);
    expect(urls.every((url) => /^\/[a-zA-Z-]+\/(?:ecommerce|ecommerce\/[^/]+|ecommerce\/alternatives\/[^/]+|compare\/[^/]+-vs-[^/]+)$/.test(url)), "only list, tool, alternatives and comparison pages").toBe(true);
    const failures: string[] = [];
    for (let i = 0; i < urls.length; i += 8) {
      const batch = await Promise.all(urls.slice(i, i + 8).map(async (url) => [url, (await get(url)).status] as const));
      failures.push(...batch.filter(([, status]) => status !== 200).map(([url, status]) => `${status} ${url}`));
    }
    expect(failures).toEqual([]);
  }, 480_000);

  it("works without JavaScript: filters are links, load more is a link to the next page", async () => {
    const { body } = await get("/us-en/ecommerce?platforms=amazon");
    const link = /<a [^>]*data-facet="amazon-product-research"[^>]*>/.exec(body)?.[0] ?? "";
    expect(link).toContain('href="/us-en/ecommerce?categories=amazon-product-research&amp;platforms=amazon"');
    expect(link).toContain('role="checkbox" aria-checked="false"');
    const next = await get("/us-en/ecommerce?page=2");
    expect(next.status).toBe(200);
    expect(/<a [^>]*data-testid="ecommerce-load-more"[^>]*>/.exec(next.body)?.[0]).toContain('href="/us-en/ecommerce?page=3"');
    expect([...next.body.matchAll(/data-testid="ecommerce-card"/g)]).toHaveLength(40);
  });

  it("gives a product page its canonical, hreflang and SoftwareApplication JSON-LD", async () => {
    const { status, body } = await get("/zh-CN/ecommerce/jungle-scout");
    expect(status).toBe(200);
    const head = body.slice(0, body.indexOf("</head>"));
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/zh-CN/ecommerce/jungle-scout"/>`);
    expect([...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/g)].map((m) => m[1])).toEqual(["en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi", "x-default"]);
    const ld = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const app = ld.find((item) => item["@type"] === "SoftwareApplication");
    expect(app).toMatchObject({ name: "Jungle Scout", url: `${PUBLIC_URL}/zh-CN/ecommerce/jungle-scout` });
    // Ratings for search engines come only from reviews written here (decision 0031).
    expect(app.aggregateRating).toBeUndefined();
    // Chinese texts where the catalogue has them, with the features, pros and cons.
    expect(body).toContain("面向亚马逊卖家");
    expect(body).toContain("产品数据库，提供月销量与销售额估算");
    expect(head).not.toContain('name="robots"');
  });

  it("shows English, German and French visitors the English text of a tool translated only into Chinese, without a language notice", async () => {
    for (const path of ["/us-en/ecommerce/jungle-scout", "/de/ecommerce/helium-10", "/fr/ecommerce/keepa"]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      // Neither the description, the features, the pros and cons nor the meta description is Chinese.
      const main = body.slice(body.indexOf("<main"), body.indexOf("</main>"));
      const meta = body.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
      expect({ path, chinese: `${main} ${meta}`.match(/[\u4e00-\u9fff]{4,}/g)?.slice(0, 3) ?? [] }).toEqual({ path, chinese: [] });
      expect(body).not.toContain("Chinese because");
      expect(body).not.toMatch(/auf Chinesisch angezeigt|affichée en chinois/);
    }
    const english = (await get("/us-en/ecommerce/jungle-scout")).body;
    expect(english).toContain("Jungle Scout is an Amazon seller platform");
    expect(english).toContain("Product Database with monthly sales and revenue estimates");
    expect(english).toContain("Clear interface suited to first-time sellers");
    expect(english).toMatch(/<meta name="description" content="Jungle Scout is an Amazon seller platform/);
  });

  it("writes the cards' ratings as the page language does (4,7 in German, 4.7 in English)", async () => {
    const cardRatings = (body: string) => [...body.matchAll(/Bewertet mit ([0-9][.,][0-9]) von 5|Rated ([0-9][.,][0-9]) out of 5/g)].map((m) => m[1] ?? m[2]);
    const german = cardRatings((await get("/de/ecommerce")).body);
    expect(german.length).toBeGreaterThan(10);
    expect(german.filter((value) => value!.includes("."))).toEqual([]);
    const english = cardRatings((await get("/us-en/ecommerce")).body);
    expect(english.length).toBeGreaterThan(10);
    expect(english.filter((value) => value!.includes(","))).toEqual([]);
  });

  it("sends a missing product to the list with noindex, never a 500", async () => {
    const missing = await get("/de/ecommerce/no-such-product");
    expect(missing.status).toBe(302);
    expect(missing.headers.get("location")).toBe("/de/ecommerce?missing=no-such-product");
    expect(missing.headers.get("x-robots-tag")).toBe("noindex");
    const list = await get("/de/ecommerce?missing=no-such-product");
    expect(list.status).toBe(200);
    expect(list.body).toContain("Produkt nicht gefunden");
    expect(list.body).toMatch(/<meta name="robots" content="noindex/);
  });

  it("answers bad list parameters with the default view instead of an error", async () => {
    const { status, body } = await get("/us-en/ecommerce?sort=%3Cscript%3E&page=abc&categories=%22%3E,unknown&platforms=,,");
    expect(status).toBe(200);
    expect([...body.matchAll(/data-testid="ecommerce-card"/g)]).toHaveLength(40);
  });
});
