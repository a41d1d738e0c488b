import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

/**
 * The e-commerce list's marketplace and China-fit filters in Chromium, on a desktop and a phone, in English
 * and Japanese (seed catalogue): ticking them narrows the list to what the counts said, the other counts
 * follow, the URL keeps the view through a reload, and the folded marketplaces open with "show more".
 */
const SLOW = { timeout: 20_000 };
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ PUBLIC_URL: "https://directory.test" }), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIEWPORTS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const TITLES = { "us-en": { marketplaces: "Marketplaces", chinaFit: "China fit" }, ja: { marketplaces: "対応マーケットプレイス", chinaFit: "中国での使いやすさ" } };

const value = (page: Page, group: string, slug: string) => page.locator(`[data-group="${group}"][data-facet="${slug}"]`);
const countOf = async (page: Page, group: string, slug: string) => Number((await value(page, group, slug).locator(".ecom-count").innerText()).replace(/\D+/g, ""));
const total = async (page: Page) => Number((await page.getByTestId("ecommerce-total").innerText()).replace(/\D+/g, ""));

describe.each(VIEWPORTS)("e-commerce offer filters on a $name", { timeout: 180_000 }, (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  for (const lang of ["us-en", "ja"] as const) {
    it(`filters the ${lang} list by a marketplace and China fit, with counts that match and a URL that keeps them`, async () => {
      await gotoHydrated(page, `${server.url}/${lang}/ecommerce`);
      const all = await total(page);
      const sidebar = page.getByTestId("ecommerce-sidebar");
      // On phones the filters are folded behind the Filter button and stay open while values are ticked.
      const openFilters = async () => {
        if (viewport.name === "phone" && !(await sidebar.isVisible())) await page.getByTestId("ecommerce-filters-button").click();
      };
      if (viewport.name === "phone") expect(await sidebar.isVisible()).toBe(false);
      await openFilters();
      expect(await page.locator("#ecom-marketplaces-title").innerText()).toBe(TITLES[lang].marketplaces);
      expect(await page.locator("#ecom-china-fit-title").innerText()).toBe(TITLES[lang].chinaFit);

      // Marketplaces past the first eight are folded; "show more" reveals them.
      const japan = value(page, "marketplaces", "amazon-jp");
      expect(await japan.isVisible()).toBe(false);
      await page.locator("#ecom-marketplaces-values summary").click();
      await expect.poll(() => japan.isVisible(), SLOW).toBe(true);

      const amazonUs = await countOf(page, "marketplaces", "amazon-us");
      expect(amazonUs).toBeGreaterThan(0);
      expect(amazonUs).toBeLessThan(all);
      await value(page, "marketplaces", "amazon-us").click();
      await page.waitForURL(/\?marketplaces=amazon-us$/, SLOW);
      await expect.poll(() => total(page), SLOW).toBe(amazonUs);

      await openFilters();
      const chineseBefore = await countOf(page, "chineseInterface", "yes");
      expect(chineseBefore).toBeGreaterThan(0);
      expect(chineseBefore).toBeLessThan(amazonUs);
      await value(page, "chineseInterface", "yes").click();
      await page.waitForURL(/marketplaces=amazon-us&chineseInterface=yes$/, SLOW);
      await expect.poll(() => total(page), SLOW).toBe(chineseBefore);
      // Across groups the counts follow each other: the ticked marketplace now counts the narrowed list.
      await openFilters();
      await expect.poll(() => countOf(page, "marketplaces", "amazon-us"), SLOW).toBe(chineseBefore);
      expect(await value(page, "chineseInterface", "yes").getAttribute("aria-checked")).toBe("true");
      if (viewport.name === "phone") expect(await page.getByTestId("ecommerce-filters-button").innerText()).toMatch(/\(2\)/);
      expect(await page.getByTestId("ecommerce-chips").locator("[data-chip]").count()).toBe(2);

      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, SLOW);
      expect(new URL(page.url()).search).toBe("?marketplaces=amazon-us&chineseInterface=yes");
      expect(await total(page)).toBe(chineseBefore);
      // Views narrowed by what tools offer stay out of search indexes, as the tool list's filter views do.
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      await openFilters();
      expect(await value(page, "marketplaces", "amazon-us").getAttribute("aria-checked")).toBe("true");
      expect(await value(page, "chineseInterface", "yes").getAttribute("aria-checked")).toBe("true");
    });
  }
});
