import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { insertDetailCatalogue } from "../support/detail-fixtures";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let database: TestDatabase;
let browser: Browser;
let page: Page;
let uploads: string;
const consoleErrors: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  await insertDetailCatalogue(database.db);
  // The fixture tool's screenshot, where the server serves uploads from.
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), "detail-uploads-"));
  fs.mkdirSync(path.join(uploads, "tools"));
  await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#10a37f" } }).png().toFile(path.join(uploads, "tools", "chatgpt.png"));
  [server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url, SEED_ON_START: "false", UPLOAD_DIR: uploads }),
    launchBrowser(),
  ]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.destroy();
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** True for React's attribute-mismatch warning when every differing attribute is a nonce. */
function onlyNonceDiffers(message: string): boolean {
  if (!message.includes("attributes of the server rendered HTML didn't match")) return false;
  const changed = message.split("\n").filter((line) => /^\s*[+-]\s+\w[\w-]*=/.test(line));
  return changed.length > 0 && changed.every((line) => /^\s*[+-]\s+nonce=/.test(line));
}

/** Presses Tab until the focused element matches `selector`; returns how many presses it took or -1. */
async function tabTo(selector: string, limit = 60): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return i;
  }
  return -1;
}

describe("tool detail in Chromium", () => {
  it("hydrates without errors and opens FAQ answers one question at a time", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tool/chatgpt`);
    await page.screenshot({ path: "test-results/tool-detail.png", fullPage: true });
    const items = page.locator('[data-testid="faq-item"]');
    expect(await items.count()).toBe(2);
    const answer = items.nth(0).locator("p");
    expect(await answer.isVisible()).toBe(false);
    await items.nth(0).locator("summary").click();
    expect(await answer.isVisible()).toBe(true);
    expect(await answer.textContent()).toBe("There is a free plan with limits.");
    // Opening the second question closes the first.
    await items.nth(1).locator("summary").click();
    expect(await items.nth(1).locator("p").isVisible()).toBe(true);
    expect(await answer.isVisible()).toBe(false);
    await items.nth(1).locator("summary").click();
    expect(await items.nth(1).locator("p").isVisible()).toBe(false);
    // Related cards point at fixture images that do not exist; those 404s are expected. Browsers hide CSP
    // nonces from the DOM, so React's development-build warning about a differing `nonce` attribute is noise.
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e) && !onlyNonceDiffers(e))).toEqual([]);
  });

  it("enlarges the image in a dialog that Escape and the close button shut", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tool/chatgpt`);
    const dialog = page.locator("dialog");
    expect(await dialog.isVisible()).toBe(false);
    await page.locator('[data-testid="image-preview"]').click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator("img").getAttribute("src")).toBe("/uploads/tools/chatgpt.png");
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(false);
    await page.locator('[data-testid="image-preview"]').click();
    await page.locator('[data-testid="close-preview"]').click();
    expect(await dialog.isVisible()).toBe(false);
  });

  it("shows the initial instead of a broken image when the file is missing", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tool/claude`);
    await page.waitForFunction(() => !document.querySelector('[data-testid="image-preview"]'));
    const broken = await page.evaluate(() => [...document.querySelectorAll("main img")].filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length);
    expect(broken).toBe(0);
  });

  it("shows the initials tile on a list card whose image file is missing, even when it failed before hydration", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tools`);
    // Claude's logo file is missing in this catalogue: its card shows its initials instead of a broken picture.
    const claude = page.locator('main a[href="/us-en/tool/claude"] [data-testid="card-stage"]');
    await claude.locator(".card-mark-initials").waitFor();
    expect(await claude.locator("img").count()).toBe(0);
    const broken = await page.evaluate(() => [...document.querySelectorAll("main img")].filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length);
    expect(broken).toBe(0);
  });

  it("reaches every action and the FAQ from the keyboard", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tool/chatgpt`);
    await page.locator("body").focus();
    for (const selector of ['[data-action="visit"]', '[data-action="favorite"]', '[data-action="promote"]', '[data-action="update"]']) {
      expect(await tabTo(selector), selector).toBeGreaterThan(0);
    }
    expect(await page.locator('[data-action="visit"]').getAttribute("rel")).toBe("noopener");
    expect(await tabTo('[data-testid="faq-item"] summary')).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    expect(await page.locator('[data-testid="faq-item"]').nth(0).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    // The image preview is a button too: Enter opens the enlarged view.
    await page.locator("body").focus();
    expect(await tabTo('[data-testid="image-preview"]')).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    expect(await page.locator("dialog").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
  });

  it("moves between related tools by client navigation, saying 'Loading AI tool...' meanwhile", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tool/chatgpt`);
    // Hold the next page's data until the loading text has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/us-en\/tool\/claude\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('section[aria-labelledby="related-tools"] a[href="/us-en/tool/claude"]').click();
    await page.getByRole("status").filter({ hasText: "Loading AI tool..." }).waitFor();
    release();
    await page.waitForURL((url) => url.pathname === "/us-en/tool/claude");
    await page.locator("h1", { hasText: "Claude" }).waitFor();
    expect(await page.title()).toBe("Claude | AI Tools Directory");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/us-en\/tool\/claude$/);
    expect(await page.locator('link[rel="alternate"]').count()).toBe(11);
  });
});
