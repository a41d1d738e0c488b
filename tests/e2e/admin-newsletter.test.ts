import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startSmtpCapture } from "../support/smtp";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * /admin/newsletter in Chromium: without SMTP_URL the page says why and the test send is off; with a mail
 * server the preview starts in the admin's language and a test arrives; when the mail server is gone the
 * page says so instead of failing.
 */
const ADMIN_EMAIL = "letters@example.com";
const PASSWORD = "newsletter owner password";
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const servers: RunningServer[] = [];

beforeAll(async () => {
  [browser, smtp] = await Promise.all([launchBrowser(), startSmtpCapture()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.stop().catch(() => undefined);
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const server = await startServer({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_EMAILS: ADMIN_EMAIL, ...env });
  servers.push(server);
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD, name: "Letters" }),
  });
  expect(signUp.status).toBe(200);
  await markAddressVerified(server.databaseEnv, ADMIN_EMAIL);
  return server;
}

async function adminPage(server: RunningServer, lang: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  await context.addCookies([{ name: "preferred-language", value: lang, url: server.url }]);
  const page = await context.newPage();
  await gotoHydrated(page, `${server.url}/admin/login`);
  await page.fill("input[name=email]", ADMIN_EMAIL);
  await page.fill("input[name=password]", PASSWORD);
  await page.locator("[data-testid=admin-login-form] button[type=submit]").click();
  await page.waitForURL((u) => u.pathname === "/admin");
  await gotoHydrated(page, `${server.url}/admin/newsletter`);
  return page;
}

describe("the newsletter admin screen", { timeout: 120_000 }, () => {
  it("without SMTP says why and offers no test send", async () => {
    const page = await adminPage(await start({ SMTP_URL: "" }), "de");
    expect(await page.getByTestId("newsletter-off").innerText()).toContain("SMTP_URL");
    const send = page.locator("form[method=post] button[type=submit]");
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute("aria-describedby")).toBe("newsletter-off");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("with a mail server previews in the admin's language, sends a test, and explains a refused send", async () => {
    const page = await adminPage(await start({ SMTP_URL: smtp.url }), "zh-CN");
    expect(await page.getByTestId("newsletter-off").count()).toBe(0);
    expect(await page.locator("select[name=lang]").inputValue()).toBe("zh-CN");
    await page.locator("form[method=post] button[type=submit]").click();
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(ADMIN_EMAIL)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByRole("status").filter({ hasText: ADMIN_EMAIL }).count(), { timeout: 20_000 }).toBe(1);

    await smtp.stop();
    await page.locator("form[method=post] button[type=submit]").click();
    await expect.poll(() => page.getByTestId("newsletter-test-failed").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId("newsletter-test-failed").innerText()).toContain("SMTP_URL");
    await page.context().close();
  });
});
