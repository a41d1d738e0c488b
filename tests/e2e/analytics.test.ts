import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * Cookie-free page views end to end: a visitor browses five pages in Chromium (three loaded, two by
 * client navigation), a crawler browses too, and the administrator's analytics screen shows the five.
 */
const ADMIN_EMAIL = "owner@example.com";
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let server: RunningServer;
let browser: Browser;
let dir = "";
let dbFile = "";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "analytics-e2e-"));
  dbFile = path.join(dir, "site.db");
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${dbFile}`,
      ADMIN_EMAILS: ADMIN_EMAIL,
      TRENDS_REFRESH: "off",
      ANALYTICS_FLUSH_INTERVAL_MS: "200",
      ANALYTICS_ROLLUP_INTERVAL_MS: "500",
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function views(): Array<{ path: string; language: string; tool_slug: string | null; visitor_hash: string; device: string }> {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare("select path, language, tool_slug, visitor_hash, device from page_views order by id").all() as never;
  } finally {
    db.close();
  }
}

/** Waits until `expected` views are written (at most `waitMs`), then one more flush interval. */
async function settle(expected: number, waitMs = 15_000): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (views().length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  // One more flush interval: nothing beyond the expected views may arrive.
  await new Promise((resolve) => setTimeout(resolve, 600));
}

/** The name of the tool the first test opens (the analytics screen lists it by this name). */
let visitedToolName = "";

describe("page views", () => {
  it("records five views with one visitor hash and sets no cookie", async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, locale: "en-US" });
    const page = await context.newPage();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, `${server.url}/us-en`);
    await page.getByRole("link", { name: "Browse All Tools" }).click();
    await page.waitForURL((u) => u.pathname === "/us-en/tools", { waitUntil: "commit" });
    await page.getByTestId("tool-card").first().waitFor();
    // The home page's cards may still be on screen for a moment: let the list settle, then click the card read.
    await page.waitForLoadState("networkidle");
    const toolHref = await page.getByTestId("tool-card").first().getAttribute("href");
    const listHeading = await page.locator("h1").first().textContent();
    await page.locator(`[data-testid=tool-card][href="${toolHref}"]`).first().click();
    await page.waitForURL((u) => u.pathname === toolHref, { waitUntil: "commit" });
    // The address changes before the tool page renders: wait for its own heading, not the list's.
    await expect.poll(() => page.locator("h1").first().textContent()).not.toBe(listHeading);
    visitedToolName = (await page.locator("h1").first().textContent())!.trim();
    await gotoHydrated(page, `${server.url}/fr/about`);
    await gotoHydrated(page, `${server.url}/zh-CN/trends`);
    expect(dataRequests).toEqual(["/us-en/tools.data", `${toolHref}.data`]);

    await settle(5);
    const recorded = views();
    const slug = toolHref!.split("/").pop();
    expect(recorded.map((v) => [v.path, v.language, v.tool_slug])).toEqual([
      ["/", "us-en", null],
      ["/tools", "us-en", null],
      [`/tool/${slug}`, "us-en", slug],
      ["/about", "fr", null],
      ["/trends", "zh-CN", null],
    ]);
    expect(new Set(recorded.map((v) => v.visitor_hash)).size).toBe(1);
    expect(recorded.every((v) => v.device === "desktop")).toBe(true);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it("records nothing for a crawler", async () => {
    const before = views().length;
    const context = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    const page = await context.newPage();
    for (const target of ["/us-en", "/us-en/tools", "/fr/about"]) {
      const response = await page.goto(`${server.url}${target}`);
      expect(response?.status()).toBe(200);
    }
    await context.close();
    // Several flush intervals (200 ms) pass; a recorded crawler view would be written by then.
    await settle(before + 1, 2000);
    expect(views()).toHaveLength(before);
  });

  it("shows the views on the administrator's analytics screen", async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/us-en`);
    await page.evaluate(
      (email) =>
        fetch("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "owner password", name: "Owner" }) }),
      ADMIN_EMAIL,
    );
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
    // A listed address counts only once verified (the link of its verification mail).
    await markAddressVerified(server.databaseEnv, ADMIN_EMAIL);
    await gotoHydrated(page, `${server.url}/admin/login`);
    await page.fill("input[name=email]", ADMIN_EMAIL);
    await page.fill("input[name=password]", "owner password");
    await page.locator("[data-testid=admin-login-form] button[type=submit]").click();
    await page.waitForURL((u) => u.pathname === "/admin");
    // The visit to /us-en above is the sixth view (the administrator's own browsing counts; admin screens do not).
    await settle(6);
    await page.getByTestId("admin-analytics-link").getByRole("link").click();
    await page.waitForURL((u) => u.pathname === "/admin/analytics");
    await page.getByTestId("admin-analytics").waitFor();
    // The screen reads the rollups, which follow the writes within a rollup interval (500 ms here).
    for (let i = 0; i < 20 && (await page.getByTestId("analytics-total-views").textContent()) !== "6"; i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    expect(await page.getByTestId("analytics-total-views").textContent()).toBe("6");
    // Same browser, same address, same day: the administrator is the same anonymous visitor.
    expect(await page.getByTestId("analytics-total-visitors").textContent()).toBe("1");
    expect(await page.getByTestId("analytics-daily-chart").locator("circle").count()).toBe(1);
    const pages = await page.getByTestId("analytics-top-path").locator("li").allTextContents();
    expect(pages[0]).toBe("/2 · 1");
    expect(pages).toHaveLength(5);
    expect(await page.getByTestId("analytics-top-language").locator("li").allTextContents()).toEqual(["us-en4 · 1", "fr1 · 1", "zh-CN1 · 1"]);
    expect(await page.getByTestId("analytics-top-device").locator("li").allTextContents()).toEqual(["Desktop6 · 1"]);
    // Tools by name (not slug), in a list of tools only; case studies have their own list.
    expect(await page.getByTestId("analytics-top-tool").locator("li").allTextContents()).toEqual([`${visitedToolName}1 · 1`]);
    await page.getByTestId("analytics-top-caseStudy").waitFor();
    await page.screenshot({ path: "test-results/admin-analytics.png", fullPage: true });
    expect(views()).toHaveLength(6);
    await context.close();
  });

  it("says in the privacy policy, in every language, what is recorded and that no cookie is set", async () => {
    for (const [path, title] of [["/privacy-policy", "Page-view statistics without cookies"], ["/zh-CN/privacy-policy", "不使用 Cookie 的页面浏览统计"], ["/de/privacy-policy", "Seitenaufruf-Statistik ohne Cookies"]]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain(`<h3 id="page-view-statistics" class="text-lg font-semibold text-slate-900">${title}</h3>`);
    }
  });
});
