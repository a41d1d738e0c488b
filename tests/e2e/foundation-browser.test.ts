import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await browser.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("site shell in Chromium", () => {
  it("hydrates without CSP, hydration or script errors", async () => {
    // The list's texts come from a preloaded address and its cards' descriptions from their markup (decision 0042).
    for (const path of ["/us-en", "/fr/about", "/about", "/ja/no-such-page", "/de/tools"]) {
      await gotoHydrated(page, `${server.url}${path}`);
      // Production React reports hydration mismatches only as "Minified React error #418".
      await page.waitForTimeout(300);
    }
    const descriptions = await page.locator(".tool-card-description").allTextContents();
    expect(descriptions.length).toBeGreaterThan(0);
    expect(descriptions.filter((text) => text.trim() === "")).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|hydrat|React error/i.test(e))).toEqual([]);
  });

  it("follows tool card and footer links inside the app, leaving modified clicks to the browser", async () => {
    await gotoHydrated(page, `${server.url}/us-en`);
    // A marker on window survives in-app navigation only, not a document load.
    await page.evaluate(() => Object.assign(window, { inAppMarker: true }));
    const card = page.locator('[data-testid="tool-card"]').first();
    const href = (await card.getAttribute("href"))!;
    expect(href).toMatch(/^\/us-en\/tool\/[\w-]+$/);
    // A click with a modifier key (new tab or window) is left to the browser: the app does not prevent it.
    const takenOver = await card.evaluate((a) => {
      let prevented: boolean | undefined;
      // Window listeners run after React's, which sit on the document; this one also stops the new tab.
      window.addEventListener("click", (e) => ((prevented = e.defaultPrevented), e.preventDefault()), { once: true });
      a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true, button: 0 }));
      return prevented;
    });
    expect(takenOver).toBe(false);
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator("h1").waitFor();
    expect(await page.evaluate(() => (window as unknown as { inAppMarker?: boolean }).inAppMarker)).toBe(true);
    await page.locator('footer a[href="/us-en/about"]').click();
    await page.waitForURL((url) => url.pathname === "/us-en/about");
    expect(await page.evaluate(() => (window as unknown as { inAppMarker?: boolean }).inAppMarker)).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === href);
  });

  it("searches only for a non-blank term and clears the box", async () => {
    await gotoHydrated(page, `${server.url}/us-en/about`);
    const box = page.locator("header #header-search");
    const button = page.locator("header form[role=search] button[type=submit]");
    await box.fill("   ");
    expect(await button.isDisabled()).toBe(true);
    await box.fill("  chat  ");
    await button.click();
    await page.waitForURL((url) => url.pathname === "/us-en/tools");
    expect(new URL(page.url()).searchParams.get("search")).toBe("chat");
    expect(await page.locator("header #header-search").inputValue()).toBe("");
  });

  it("switches language, keeping path and query, and remembers the choice", async () => {
    await gotoHydrated(page, `${server.url}/us-en/about?ref=test`);
    await page.locator("header details summary").click();
    await page.locator('header details a[hreflang="ja"]').click();
    await page.waitForURL((url) => url.pathname === "/ja/about");
    expect(new URL(page.url()).search).toBe("?ref=test");
    await page.waitForFunction(() => document.documentElement.lang === "ja");
    expect(await page.locator("h1").textContent()).toBe("AIツールディレクトリについて");
    expect(await page.evaluate(() => localStorage.getItem("i18nLng"))).toBe("ja");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "preferred-language")?.value).toBe("ja");
    // The root path now follows the saved choice.
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/ja");
  });

  it("names the language menu with the language it shows, so voice users can say what they see", async () => {
    await gotoHydrated(page, `${server.url}/de/about`);
    const summary = page.locator("header details summary");
    const visible = (await summary.innerText()).trim();
    expect(visible).toBe("Deutsch");
    expect(await summary.getAttribute("aria-label")).toMatch(/^Deutsch: /);
  });

  it("keeps the current language when the new bundles cannot load", async () => {
    await gotoHydrated(page, `${server.url}/de/about`);
    await page.route("**/locales/ko/**", (route) => route.abort());
    const warnings: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "warning") warnings.push(msg.text());
    });
    await page.locator("header details summary").click();
    await page.locator('header details a[hreflang="ko"]').click();
    await expect.poll(() => warnings.some((w) => w.includes("Could not load language ko")), { timeout: 20_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/de/about");
    await page.unroute("**/locales/ko/**");
  });

  it("opens the mobile menu with the keyboard", async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydrated(page, `${server.url}/fr/about`);
    const toggle = page.locator("button[aria-controls=mobile-menu]");
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#mobile-menu nav a").allTextContents()).toContain("À propos");
    await page.screenshot({ path: "test-results/mobile-menu.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
