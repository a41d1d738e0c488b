import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

/**
 * Tool list filters, the compare toggle and tray, and comparison and alternatives pages in Chromium, on a
 * desktop and a phone, in English and Japanese (seed catalogue).
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
const total = async (page: Page) => Number((await page.locator("h1 + p").first().innerText()).replace(/\D+/g, ""));
const countOf = async (page: Page, filter: string) => Number((await page.locator(`[data-filter="${filter}"] .ecom-count`).innerText()).replace(/\D+/g, ""));

describe.each(VIEWPORTS)("compare features on a $name", { timeout: 180_000 }, (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  for (const lang of ["us-en", "ja"] as const) {
    it(`filters the ${lang} tool list with counts that match the list, kept in the URL`, async () => {
      await gotoHydrated(page, `${server.url}/${lang}/tools`);
      const all = await total(page);
      // On phones the filters start folded behind the Filters button, and stay open while values are ticked.
      const openFilters = async () => {
        if (viewport.name === "phone" && !(await page.locator('[data-filter="freePlan:yes"]').isVisible())) await page.getByTestId("tool-filters-button").click();
      };
      if (viewport.name === "phone") expect(await page.locator('[data-filter="freePlan:yes"]').isVisible()).toBe(false);
      await openFilters();
      const freeCount = await countOf(page, "freePlan:yes");
      expect(freeCount).toBeGreaterThan(0);
      expect(freeCount).toBeLessThan(all);
      await page.locator('[data-filter="freePlan:yes"]').click();
      await page.waitForURL(/freePlan=yes/, SLOW);
      await expect.poll(() => total(page), SLOW).toBe(freeCount);
      await openFilters();
      await page.locator("details.tool-filter-group", { has: page.locator('[data-filter="platforms:ios"]') }).locator("summary").click();
      const iosCount = await countOf(page, "platforms:ios");
      await page.locator('[data-filter="platforms:ios"]').click();
      await page.waitForURL(/platforms=ios/, SLOW);
      await expect.poll(() => total(page), SLOW).toBe(iosCount);
      expect(await page.locator(".tool-card, [data-testid=tool-card]").count()).toBeGreaterThan(0);
      // Reloading the URL shows the same view; on phones the button names how many filters are on.
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, SLOW);
      expect(await total(page)).toBe(iosCount);
      if (viewport.name === "phone") expect(await page.getByTestId("tool-filters-button").innerText()).toContain("(2)");
      expect(await page.locator('[data-filter="freePlan:yes"]').getAttribute("aria-checked")).toBe("true");
    });

    it(`picks two ${lang} tools with Compare, shows the count in the tray and opens their comparison`, async () => {
      await gotoHydrated(page, `${server.url}/${lang}/tools`);
      await page.evaluate(() => window.localStorage.removeItem("compare-tools"));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, SLOW);
      const toggles = page.locator("li.tool-card [data-compare]");
      const first = await toggles.nth(0).getAttribute("data-compare");
      const second = await toggles.nth(1).getAttribute("data-compare");
      await toggles.nth(0).click();
      await expect.poll(() => page.getByTestId("compare-tray").isVisible(), SLOW).toBe(true);
      expect(await toggles.nth(0).getAttribute("aria-pressed")).toBe("true");
      // The tool was not opened: the toggle sits on the card's link.
      expect(new URL(page.url()).pathname).toBe(`/${lang}/tools`);
      await toggles.nth(1).click();
      const open = page.getByTestId("compare-tray-open");
      await expect.poll(() => open.innerText(), SLOW).toContain("2");
      // Kept in this browser: another page shows the same tray.
      await gotoHydrated(page, `${server.url}/${lang}/categories`);
      await expect.poll(() => page.getByTestId("compare-tray-open").innerText(), SLOW).toContain("2");
      await page.getByTestId("compare-tray-open").click();
      const [a, b] = [first!, second!].sort();
      await page.waitForURL(new RegExp(`/${lang}/compare/${a}-vs-${b}$`), SLOW);
      await expect.poll(() => page.getByTestId("comparison-table").isVisible(), SLOW).toBe(true);
    });
  }

  it("shows a comparison table with differences marked and answers bad comparison URLs", async () => {
    const response = await page.goto(`${server.url}/ja/compare/midjourney-vs-chatgpt`);
    expect(new URL(page.url()).pathname).toBe("/ja/compare/chatgpt-vs-midjourney");
    expect(response?.status()).toBe(200);
    const table = page.getByTestId("comparison-table");
    expect(await table.locator("thead th").allInnerTexts()).toEqual(expect.arrayContaining(["ChatGPT", "Midjourney"]));
    // ChatGPT has a free plan, Midjourney says it has none: the row is marked.
    expect(await table.locator('tr[data-row="freePlan"]').getAttribute("data-differs")).toBe("true");
    expect(await table.locator('tr[data-row="freePlan"] td').allInnerTexts()).toEqual(["あり", "なし"]);
    // Both state a starting price in US dollars of their own: shown as the page language writes it.
    expect(await table.locator('tr[data-row="price"] td').first().innerText()).toContain("$20");
    const unknown = await page.goto(`${server.url}/us-en/compare/chatgpt-vs-not-a-tool`);
    expect(unknown?.status()).toBe(404);
    expect(await page.getByTestId("compare-unknown").getByRole("link").getAttribute("href")).toContain("search=not%20a%20tool");
    const mixed = await page.goto(`${server.url}/us-en/compare/chatgpt-vs-jungle-scout`);
    expect(mixed?.status()).toBe(200);
    expect(await page.getByTestId("compare-mixed").isVisible()).toBe(true);
    await page.goto(`${server.url}/us-en/compare?tools=chatgpt,claude,gemini,perplexity,deepseek`);
    expect(await page.getByTestId("compare-truncated").isVisible()).toBe(true);
    expect(await page.getByTestId("comparison-table").locator("thead th").count()).toBe(5);
  });

  it("links a tool page to its alternatives, each with a reason", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tool/github-copilot`);
    await page.getByTestId("alternatives-link").click();
    await page.waitForURL(/\/us-en\/alternatives\/github-copilot$/, SLOW);
    const items = page.getByTestId("alternative");
    await expect.poll(() => items.count(), SLOW).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId("alternative-reason").first().innerText()).toMatch(/also/);
  });
});
