import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";
import { markAddressVerified } from "../support/verified-address";

/**
 * Sign-in on the address a person actually opened. A local start (no PUBLIC_URL) accepts every loopback
 * name of its port; with PUBLIC_URL, a page opened elsewhere says which address to open instead of
 * "Registration failed" or "Wrong e-mail or password".
 */
let local: RunningServer;
let localPort: number;
let published: RunningServer;
let publishedPort: number;
let browser: Browser;
const ADMIN = "boss@example.com";
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  [localPort, publishedPort] = [await freePort(), await freePort()];
  [local, published, browser] = await Promise.all([
    // Every interface, IPv6 too, as `npm start` does: localhost, 127.0.0.1 and [::1] all reach it.
    startServer({ PORT: String(localPort), HOST: "::", PUBLIC_URL: "", SMTP_URL: "", ADMIN_EMAILS: ADMIN }),
    startServer({ PORT: String(publishedPort), PUBLIC_URL: `http://localhost:${publishedPort}`, SMTP_URL: "", ADMIN_EMAILS: ADMIN }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([local?.stop(), published?.stop()]);
});

async function register(page: Page, base: string, email: string) {
  await gotoHydrated(page, `${base}/us-en/about`);
  await page.getByTestId("login-button").click();
  await page.getByTestId("login-dialog").waitFor();
  await page.getByRole("tab", { name: "Register" }).click();
  await page.locator("[data-testid=email-form] input[name=email]").fill(email);
  await page.locator("[data-testid=email-form] input[name=password]").fill(PASSWORD);
  await page.getByTestId("email-submit").click();
}

describe("a local start (no PUBLIC_URL)", () => {
  it("names the address to open in its start line", () => {
    expect(local.output()).toContain(`open http://localhost:${localPort} in a browser`);
  });

  it("registers at 127.0.0.1 and signs in at [::1] and localhost", async () => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await register(page, `http://127.0.0.1:${localPort}`, "lou@example.com");
    await page.getByTestId("user-menu-button").waitFor();
    expect(await page.getByTestId("user-name").textContent()).toBe("lou@example.com");
    await first.close();

    for (const host of ["[::1]", "localhost"]) {
      const context = await browser.newContext();
      const other = await context.newPage();
      await gotoHydrated(other, `http://${host}:${localPort}/us-en/about`);
      await other.getByTestId("login-button").click();
      await other.locator("[data-testid=email-form] input[name=email]").fill("lou@example.com");
      await other.locator("[data-testid=email-form] input[name=password]").fill(PASSWORD);
      await other.getByTestId("email-submit").click();
      await other.getByTestId("user-menu-button").waitFor();
      expect(await other.getByTestId("user-name").textContent()).toBe("lou@example.com");
      await context.close();
    }
  });

  it("lets an administrator into the console at 127.0.0.1", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await register(page, `http://localhost:${localPort}`, ADMIN);
    await page.getByTestId("user-menu-button").waitFor();
    // A listed address counts only once verified (this start has no mail: as the operator's admin:create does).
    await markAddressVerified(local.databaseEnv, ADMIN);
    await context.clearCookies();
    await gotoHydrated(page, `http://127.0.0.1:${localPort}/admin/login`);
    await page.locator("[data-testid=admin-login-form] input[name=email]").fill(ADMIN);
    await page.locator("[data-testid=admin-login-form] input[name=password]").fill(PASSWORD);
    await page.locator("[data-testid=admin-login-form] button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await context.close();
  });

  it("still refuses writes from other sites, and from other ports of the same machine", async () => {
    const post = (origin: string) =>
      fetch(`http://127.0.0.1:${localPort}/api/favorites`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ kind: "tool", slug: "chatgpt" }),
      }).then((r) => r.status);
    // Not signed in: an accepted origin reaches the session check (401), a foreign one stops at the origin (403).
    expect(await post(`http://[::1]:${localPort}`)).toBe(401);
    expect(await post(`http://localhost:${localPort}`)).toBe(401);
    expect(await post("https://evil.example")).toBe(403);
    expect(await post(`http://localhost:${localPort + 1}`)).toBe(403);
  });
});

describe("with PUBLIC_URL, a page opened at another address", () => {
  it("names PUBLIC_URL in the start line", () => {
    expect(published.output()).toContain(`open http://localhost:${publishedPort} (PUBLIC_URL)`);
  });

  it("says in the page language which address to open, instead of a wrong reason", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `http://127.0.0.1:${publishedPort}/de/about`);
    await page.getByTestId("login-button").click();
    const notice = page.getByTestId("wrong-address");
    await notice.waitFor();
    expect(await notice.locator("p").textContent()).toBe(
      `Die Anmeldung funktioniert nur unter http://localhost:${publishedPort}. Diese Seite wurde unter einer anderen Adresse geöffnet, daher können Sie sich hier weder anmelden noch registrieren.`,
    );
    expect(await notice.getByRole("link").getAttribute("href")).toBe(`http://localhost:${publishedPort}/de/about`);
    // No form that could only fail.
    expect(await page.getByTestId("email-form").count()).toBe(0);
    await page.screenshot({ path: "test-results/sign-in-wrong-address-de.png" });

    await gotoHydrated(page, `http://127.0.0.1:${publishedPort}/admin/login`);
    await page.getByTestId("wrong-address").waitFor();
    expect(await page.getByTestId("wrong-address").getByRole("link").getAttribute("href")).toBe(`http://localhost:${publishedPort}/admin/login`);
    await context.close();
  });

  it("works at PUBLIC_URL itself", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await register(page, `http://localhost:${publishedPort}`, "pia@example.com");
    await page.getByTestId("user-menu-button").waitFor();
    await context.close();
  });

  it("refuses the app's own writes from the other address too", async () => {
    const status = await fetch(`http://127.0.0.1:${publishedPort}/api/favorites`, {
      method: "POST",
      headers: { origin: `http://127.0.0.1:${publishedPort}`, "content-type": "application/json" },
      body: JSON.stringify({ kind: "tool", slug: "chatgpt" }),
    }).then((r) => r.status);
    expect(status).toBe(403);
  });
});
