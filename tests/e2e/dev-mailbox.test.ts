import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * With no mail server and no provider accounts (outside production) a new
 * user still signs in: mail lands in the outbox shown at /dev/mailbox, and
 * the Douyin tab offers the demo scan. Production offers neither.
 */
let devServer: RunningServer;
let prodServer: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const [port, prodPort] = [await freePort(), await freePort()];
  [devServer, prodServer, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: "" }),
    startServer({ PORT: String(prodPort), PUBLIC_URL: `http://127.0.0.1:${prodPort}`, SMTP_URL: "" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([devServer?.stop(), prodServer?.stop()]);
});

describe("signing in with no accounts at all", () => {
  it("delivers the magic link to /dev/mailbox and signs in from it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `${devServer.url}/ko/about`);
    await page.getByTestId("login-button").click();
    await page.locator("[data-testid=email-form] input[name=email]").fill("first@example.com");
    await page.getByTestId("email-submit").click();
    expect(await page.getByTestId("login-notice").textContent()).toBe("로그인 링크를 이메일로 보냈습니다. 확인해 주세요.");
    await gotoHydrated(page, `${devServer.url}/dev/mailbox`);
    const message = page.getByTestId("mailbox-message").first();
    expect(await message.textContent()).toContain("first@example.com");
    expect(await message.textContent()).toContain("로그인 링크");
    await message.getByTestId("mailbox-link").first().click();
    await page.waitForURL((url) => url.pathname === "/ko/about");
    expect(await page.getByTestId("user-name").textContent()).toBe("first@example.com");
    await context.close();
  });

  it("offers the demo Douyin scan outside production when Douyin is not configured", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `${devServer.url}/us-en/about`);
    await page.getByTestId("login-button").click();
    await page.getByRole("tab", { name: "Douyin QR" }).click();
    await page.getByTestId("douyin-start").click();
    expect(await page.getByTestId("douyin-qr").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    await page.getByTestId("douyin-simulate").click();
    await page.getByTestId("user-menu-button").waitFor();
    expect(await page.getByTestId("user-name").textContent()).toMatch(/^抖音演示用户/);
    await context.close();
  });

  it("has neither the mailbox nor the demo in production", async () => {
    expect((await fetch(`${prodServer.url}/dev/mailbox`)).status).toBe(404);
    const page = await browser.newPage();
    await gotoHydrated(page, `${prodServer.url}/us-en/about`);
    await page.getByTestId("login-button").click();
    await page.getByTestId("login-dialog").waitFor();
    expect(await page.getByRole("tab", { name: "Douyin QR" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
    const simulate = await fetch(`${prodServer.url}/api/auth/douyin/simulate`, { method: "POST", headers: { origin: prodServer.url, "content-type": "application/json" }, body: "{}" });
    expect(simulate.status).toBe(404);
    await page.close();
  });

  it("asks for a password in production when no mail can be sent, and signs a new account straight in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The home page is publicly cacheable: after sign-in the browser must not show its stored anonymous copy.
    await gotoHydrated(page, `${prodServer.url}/us-en`);
    await page.getByTestId("login-button").click();
    await page.locator("[data-testid=email-form] input[name=email]").fill("solo@example.com");
    const submit = page.getByTestId("email-submit");
    // No "send login link": with an address but no password there is nothing to submit.
    expect(await submit.textContent()).toBe("Log in");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole("tab", { name: "Register" }).click();
    await page.locator("[data-testid=email-form] input[name=password]").fill("a long password 1");
    await submit.click();
    expect(await page.getByTestId("login-notice").textContent()).toBe("Account created. You are signed in.");
    await page.getByTestId("user-menu-button").waitFor();
    expect(new URL(page.url()).pathname).toBe("/us-en");
    await context.close();
  });

  it("answers a forged WeChat or Douyin callback with the invalid-state error even with no provider set up", async () => {
    for (const [path, message] of [
      ["/auth/wechat/callback?code=x&state=bad", "Invalid state parameter"],
      ["/auth/douyin/callback?code=x&state=douyin_login_forged", "Invalid state parameter"],
    ] as const) {
      const response = await fetch(`${prodServer.url}${path}`, { headers: { "accept-language": "en" } });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
      expect(await response.text()).toMatch(new RegExp(`data-testid="callback-message"[^>]*>${message}`));
    }
  });
});
