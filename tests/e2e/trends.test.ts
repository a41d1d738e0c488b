import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { bundleFolder, LANGUAGES, type Lang } from "~/i18n/languages";
import { launchBrowser, gotoHydrated } from "../support/browser";
import { startFakeTrends, type FakeTrends } from "../support/fake-trends";
import { startServer, type RunningServer } from "../support/server";

/**
 * The trends page against fake GitHub and Product Hunt services: nothing yet, then rows, then the same
 * rows with their time while the services fail or hang; the page itself never waits for them.
 */
const FETCH_TIMEOUT_MS = 8000;
let fake: FakeTrends;
let server: RunningServer;
let browser: Browser;
let bust = 0;

beforeAll(async () => {
  fake = await startFakeTrends("error");
  [server, browser] = await Promise.all([
    startServer({
      TRENDS_GITHUB_BASE: fake.url,
      TRENDS_PRODUCTHUNT_SITE_BASE: fake.url,
      TRENDS_PRODUCTHUNT_API_BASE: fake.url,
      TRENDS_REFRESH_INTERVAL_MS: "1000",
      TRENDS_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});

/** The page's HTML; each request has its own query so the page cache never answers it. */
async function trendsHtml(path = "/trends"): Promise<string> {
  const response = await fetch(`${server.url}${path}?v=${++bust}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path).length;

function bundle(lang: Lang, ns: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join("public/locales", bundleFolder(lang), `${ns}.json`), "utf8"));
}

describe("trends page", () => {
  it("is linked from every page's footer, in each language, and opens inside the app", async () => {
    for (const lang of LANGUAGES) {
      const html = await (await fetch(`${server.url}/${lang}/about`)).text();
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
      expect(footer, lang).toMatch(new RegExp(`<a [^>]*href="/${lang}/trends"[^>]*>${bundle(lang, "common").footer.trends}</a>`));
    }
    const page = await browser.newPage();
    await gotoHydrated(page, `${server.url}/de/about`);
    await page.locator('footer a[href="/de/trends"]').click();
    await page.waitForURL(`${server.url}/de/trends`);
    await page.locator("h1", { hasText: bundle("de", "trends").title }).waitFor();
    await page.close();
  });

  it("shows the no-data text while the services have never answered well", async () => {
    await waitFor(async () => requestsTo("GET /trending") > 0 && requestsTo("GET /feed") > 0, "a first attempt");
    await waitFor(async () => (await trendsHtml("/zh-CN/trends")).includes('data-testid="trends-github-empty"'), "the no-data state");
    const html = await trendsHtml("/zh-CN/trends");
    expect(html).toContain("暂无数据");
    expect(html).toContain('data-testid="trends-producthunt-empty"');
  });

  it("shows the fake services' rows, 20 per table, with links opening in a new tab", async () => {
    fake.mode = "good";
    await waitFor(async () => (await trendsHtml()).includes("author1/repo1"), "rows from the fakes");
    const page = await browser.newPage();
    await gotoHydrated(page, `${server.url}/trends?v=${++bust}`);
    const github = page.getByTestId("trends-github");
    expect(await github.locator("tbody tr").count()).toBe(20);
    const first = github.locator("tbody tr").first();
    expect(await first.locator("td").allTextContents()).toEqual(["1", "author1/repo1", "Repository number 1 & friends", "TypeScript", "99"]);
    expect(await github.locator("tbody tr").nth(1).locator("td").allTextContents()).toEqual(["2", "author2/repo2", "Repository number 2 & friends", "—", "2,468"]);
    const link = first.getByRole("link", { name: "author1/repo1" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    expect(await link.getAttribute("href")).toBe(`${fake.url}/author1/repo1`);
    const products = page.getByTestId("trends-producthunt");
    expect(await products.locator("tbody tr").count()).toBe(20);
    expect(await products.locator("tbody tr").first().locator("td").allTextContents()).toEqual(["1", "Product 1", "Tagline of product 1", "—"]);
    expect(await page.getByTestId("trends-github-updated").textContent()).toMatch(/^Updated (now|this minute|\d+ minutes? ago)$/);
    await page.screenshot({ path: "test-results/trends-page.png", fullPage: true });
    await page.close();
  });

  it("keeps the last good lists with their time while the services fail or return garbage", async () => {
    const refreshes = async (mode: string) => {
      const before = requestsTo("GET /trending");
      await waitFor(async () => requestsTo("GET /trending") >= before + 2, `refreshes against a ${mode} service`);
    };
    // A refresh already under way when the services turn bad may still store a good list (with a later time):
    // the last good time is read once the next refreshes have come.
    fake.mode = "garbage";
    await refreshes("garbage");
    const fetchedAt = /data-testid="trends-github-updated"><time dateTime="([^"]+)"/.exec(await trendsHtml())?.[1];
    expect(fetchedAt).toBeTruthy();
    for (const mode of ["garbage", "error"] as const) {
      fake.mode = mode;
      await refreshes(mode);
      await waitFor(async () => (await trendsHtml()).includes('data-testid="trends-github-stale"'), "the stale notice");
      const after = await trendsHtml();
      expect(after).toContain("author20/repo20");
      expect(after).toContain("Product 1");
      expect(after).toContain(`<time dateTime="${fetchedAt}"`);
    }
  });

  it("answers at once while a service hangs, before the fetch would time out", async () => {
    fake.mode = "hanging";
    await waitFor(async () => fake.openHanging > 0, "a hanging request to the fake");
    const heldSince = Date.now();
    const html = await trendsHtml("/ja/trends");
    // The upstream request is still open: the page did not wait for it (it would end at the fetch timeout).
    expect(fake.openHanging).toBeGreaterThan(0);
    expect(Date.now() - heldSince).toBeLessThan(FETCH_TIMEOUT_MS);
    expect(html).toContain("author1/repo1");
  });
});
