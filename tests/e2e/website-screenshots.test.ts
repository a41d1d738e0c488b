import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/.server/db";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startFakeWebsite, type CountingServer } from "../support/fake-websites";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * Website screenshots end to end: the server says at start whether it takes them; an administrator takes one
 * from the console's tools list and the detail page shows the website as its preview; an instance without
 * Chromium says so once and answers the console's request with 503.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "screenshots-e2e-"));
const file = path.join(dir, "site.db");
const ADMIN_EMAIL = "shots-admin@example.com";
const PASSWORD = "screenshots are previews 42";
let site: CountingServer;
let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  site = await startFakeWebsite({ title: "ChatGPT on a fake site", colour: "#a7f3d0" });
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: `file:${file}`, ADMIN_EMAILS: ADMIN_EMAIL, FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`, LOG_LEVEL: "info", SCREENSHOTS: "on" }),
    launchBrowser(),
  ]);
  admin = await browser.newContext();
  const page = await admin.newPage();
  await gotoHydrated(page, `${server.url}/us-en/about`);
  await page.evaluate(async ({ email, password }) => {
    const post = (url: string, body: object) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await post("/api/auth/sign-up/email", { email, password, name: "admin" });
  }, { email: ADMIN_EMAIL, password: PASSWORD });
  const db = createDatabase({ database: { kind: "sqlite", path: file } });
  try {
    // A listed address counts as an administrator once verified; the tool's website is the fake site.
    await db.updateTable("user").set({ emailVerified: 1 as never }).where("email", "=", ADMIN_EMAIL).execute();
    await db.updateTable("tools").set({ website_url: `${site.url}/` }).where("slug", "=", "chatgpt").execute();
  } finally {
    await db.destroy();
  }
  const status = await page.evaluate(
    ({ email, password }) => fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }).then((r) => r.status),
    { email: ADMIN_EMAIL, password: PASSWORD },
  );
  expect(status).toBe(200);
  await page.close();
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.stop();
  await site?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("website screenshots in the product", () => {
  it("are taken from the admin console and shown as the detail page's preview", { timeout: 120_000 }, async () => {
    expect(server.output()).toContain("website screenshots are on");
    const page = await admin.newPage();
    await gotoHydrated(page, `${server.url}/admin/tools-order?sortBy=id&sortDir=asc`);
    // The tools list is paged: ChatGPT's row is found by its name through the list's own order.
    const row = page.locator("[data-testid=order-row][data-slug=chatgpt]");
    for (let pages = 0; (await row.count()) === 0 && pages < 20; pages++) {
      await page.getByTestId("pager-next").click();
      await page.waitForTimeout(300);
    }
    await row.getByTestId("order-screenshot").click();
    await expect.poll(() => row.getByRole("status").textContent(), { timeout: 30_000 }).toBe("Screenshot saved");
    expect(site.hits).toContain("GET /");

    await gotoHydrated(page, `${server.url}/us-en/tool/chatgpt`);
    const preview = page.getByTestId("image-preview").locator("img");
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    expect(await preview.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/screenshots\/.+\/site-[0-9a-f]{10}\.webp$/);
    // The card keeps the mark: the related cards and lists show logos, not screenshots.
    await gotoHydrated(page, `${server.url}/us-en/tools?search=chatgpt`);
    expect(await page.locator("[data-testid=card-mark]").first().getAttribute("src")).not.toContain("screenshots/");
    await page.close();
  });

  it("are off on an instance without Chromium, which says so once at start", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const second = await startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: `file:${file}`, ADMIN_EMAILS: ADMIN_EMAIL, CHROMIUM_PATH: path.join(dir, "no-chromium"), LOG_LEVEL: "info", SCREENSHOTS: "on" });
    try {
      await expect.poll(() => second.output().includes("website screenshots are off: no Chromium"), { timeout: 10_000 }).toBe(true);
      expect(second.output().match(/website screenshots are off: no Chromium/g)).toHaveLength(1);
      // The session cookie is the same site's (cookies do not tell ports apart), and both instances share the database.
      const direct = await admin.request.post(`${second.url}/api/admin/tools/chatgpt/screenshot`, { data: {}, headers: { origin: second.url } });
      expect([direct.status(), (await direct.json()).error?.code]).toEqual([503, "screenshots_off"]);
    } finally {
      await second.stop();
    }
  });
});
