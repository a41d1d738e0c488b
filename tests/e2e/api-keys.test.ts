import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * The dashboard's API keys in Chromium, as a user manages them: an empty panel, a named key shown once
 * that the public API accepts, revoking it through the confirm dialog (the secret leaves the page and the
 * API refuses the key), in English and German, on a desktop and a phone.
 */
let server: RunningServer;
let browser: Browser;
let cookie: string;
const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  server = await startServer({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: "" });
  const email = "keys-owner@example.com";
  const headers = { origin: server.url, "content-type": "application/json" };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ email, password: "correct horse battery", name: "" }) });
  expect(signUp.status).toBe(200);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password: "correct horse battery" }) });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: server.url };
    }),
  );
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  return { context, page };
}

const apiStatus = async (key: string) => (await fetch(`${server.url}/api/v1/categories`, { headers: { "X-API-Key": key } })).status;

const CASES = [
  { lang: "us-en", width: 1366, none: "You have no API keys yet.", revokedOn: /^Revoked on /, nameRequired: "Give the key a name." },
  { lang: "de", width: 390, none: "Sie haben noch keine API-Schlüssel.", revokedOn: /^Widerrufen am /, nameRequired: "Geben Sie dem Schlüssel einen Namen." },
] as const;

describe("API keys on the dashboard", { timeout: 120_000 }, () => {
  it.each(CASES)("creates a key shown once and revokes it through the $lang panel at $width px", async ({ lang, width, none, revokedOn, nameRequired }) => {
    const { context, page } = await signedIn(width);
    try {
      await gotoHydrated(page, `${server.url}/${lang}/user/dashboard`);
      const panel = page.getByTestId("api-keys");
      const rows = panel.getByTestId("api-key-row");
      // The first case starts from no keys; the second sees the first one's revoked key.
      if (lang === "us-en") await expect.poll(() => panel.innerText(), SLOW).toContain(none);

      // No name: the panel says what is missing instead of sending.
      await panel.locator("button[type=submit]").click();
      expect(await panel.getByRole("alert").innerText()).toBe(nameRequired);

      const before = await rows.count();
      await panel.locator("input[name=name]").fill(`Nightly export ${lang}`);
      await panel.locator("button[type=submit]").click();
      const secret = (await page.getByTestId("new-api-key-secret").innerText({ timeout: 20_000 })).trim();
      expect(secret).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
      expect(await page.getByTestId("new-api-key").innerText()).toContain(`Nightly export ${lang}`);
      await expect.poll(() => rows.count(), SLOW).toBe(before + 1);
      const row = rows.first();
      expect(await row.innerText()).toContain(secret.slice(0, 9));
      // The list shows the key's first characters only, never the key.
      expect(await panel.locator("[data-testid=api-key-row]").evaluateAll((els) => els.map((el) => el.textContent ?? "").join(" "))).not.toContain(secret);
      expect(await apiStatus(secret)).toBe(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await row.getByRole("button").click();
      // Revoked keys fold away below the keys in use, each with the date it was revoked.
      const revoked = panel.getByTestId("revoked-keys");
      await expect.poll(() => revoked.locator("[data-testid=api-key-row]").count(), SLOW).toBe(before + 1);
      await revoked.locator("summary").click();
      const gone = revoked.locator("[data-testid=api-key-row]").first();
      expect(await gone.innerText()).toContain(secret.slice(0, 9));
      expect(await gone.innerText()).toMatch(new RegExp(revokedOn.source, "m"));
      expect(await panel.locator("[data-testid=api-key-row][data-revoked=false]").count()).toBe(0);
      expect(await page.getByTestId("new-api-key").count()).toBe(0);
      expect(await apiStatus(secret)).toBe(401);

      // A reload shows the same state: nothing about the key lives only in the page.
      await page.reload();
      await expect.poll(() => panel.getByTestId("revoked-keys").locator("[data-testid=api-key-row]").count(), SLOW).toBe(before + 1);
      expect(await panel.locator("[data-testid=api-key-row][data-revoked=false]").count()).toBe(0);
      expect(await page.getByTestId("new-api-key").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
