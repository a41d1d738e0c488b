import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

/**
 * A fresh start seeds the real catalogue and draws every logo and preview
 * itself: pages show their images without a single request leaving the site.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a page with every off-site request blocked and recorded. */
async function openOffline(path: string): Promise<{ page: Page; external: string[] }> {
  const page = await browser.newPage();
  const external: string[] = [];
  const origin = new URL(server.url).origin;
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    external.push(url);
    return route.abort();
  });
  await page.goto(`${server.url}${path}`);
  return { page, external };
}

/**
 * Rendered images on the page that did not load (the first start draws them right after listening, so retry
 * briefly). Images that are not rendered, such as the enlarged view inside a closed dialog, load only when shown.
 */
async function brokenImages(page: Page): Promise<string[]> {
  let broken: string[] = [];
  for (let attempt = 0; attempt < 30; attempt++) {
    await page.waitForLoadState("load");
    broken = await page.$$eval("img", (images) =>
      images.filter((img) => img.currentSrc && img.checkVisibility() && (!img.complete || img.naturalWidth === 0)).map((img) => img.currentSrc),
    );
    if (broken.length === 0) return broken;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await page.reload();
  }
  return broken;
}

describe("catalogue images offline", () => {
  it("shows the home page's tool logos from /uploads without contacting other sites", async () => {
    const { page, external } = await openOffline("/us-en");
    expect(await brokenImages(page)).toEqual([]);
    const sources = await page.$$eval("img", (images) => images.map((img) => img.currentSrc));
    expect(sources.filter((src) => src.includes("/uploads/tools/")).length).toBeGreaterThan(5);
    expect(external).toEqual([]);
    await page.close();
  });

  it("shows a tool's drawn logo on its detail page", async () => {
    const { page, external } = await openOffline("/zh-CN/tool/chatgpt");
    expect(await brokenImages(page)).toEqual([]);
    const sources = await page.$$eval("img", (images) => images.map((img) => img.currentSrc));
    expect(sources.some((src) => /\/uploads\/tools\/chatgpt\/(logo|preview)-[0-9a-f]{10}\.(png|webp)$/.test(src))).toBe(true);
    expect(external).toEqual([]);
    await page.close();
  });

  it("serves drawn images with a long cache and a 404 for missing ones", async () => {
    const html = await (await fetch(`${server.url}/us-en`)).text();
    const logo = /\/uploads\/tools\/[a-z0-9-]+\/logo-[0-9a-f]{10}\.webp/.exec(html)?.[0];
    expect(logo).toBeDefined();
    let res = await fetch(`${server.url}${logo}`);
    for (let i = 0; i < 30 && res.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      res = await fetch(`${server.url}${logo}`);
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${server.url}/uploads/tools/none/logo-0000000000.png`)).status).toBe(404);
    // A missing image is an ordinary 404 in the request log, not an error with a stack trace.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).not.toContain("ENOENT");
  });
});
