import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * Issue 32 in Chromium: every card picture is drawn in a box of its own shape (nothing cropped) and no
 * larger than its file (nothing blown up), inside its card's stage, on every page that shows cards, in
 * 3-, 4- and 5-column grids and on a phone; the favourites page's Remove button sits clear of them.
 */
let server: RunningServer;
let browser: Browser;
let signedIn: BrowserContext;
const EMAIL = "cards@example.com";
const PASSWORD = "cards look finished 42";
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const PAGES = [
  { name: "home", path: "/us-en" },
  { name: "list", path: "/us-en/tools" },
  { name: "category", path: "/us-en/category/text-generation-editing" },
  { name: "related tools", path: "/us-en/tool/chatgpt" },
  { name: "e-commerce", path: "/us-en/ecommerce" },
  { name: "case studies", path: "/us-en/case-studies" },
  { name: "favourites", path: "/us-en/user/favorites" },
];

beforeAll(async () => {
  const port = await freePort();
  // Info logs say when the seed's pictures are all drawn: until then a card shows its initials tile.
  [server, browser] = await Promise.all([startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info" }), launchBrowser()]);
  for (const started = Date.now(); !server.output().includes("catalog images drawn"); ) {
    if (Date.now() - started > 150_000) throw new Error(`the seed's pictures were not drawn:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  signedIn = await browser.newContext();
  const page = await signedIn.newPage();
  await gotoHydrated(page, `${server.url}/us-en/about`);
  const statuses = await page.evaluate(
    async ({ email, password }) => {
      const post = (url: string, body: object) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/auth/sign-up/email", { email, password, name: "cards" }),
        await post("/api/auth/sign-in/email", { email, password }),
        // A tool with a brand mark, one with an initials tile, a product with a mark and a case study.
        await post("/api/favorites", { type: "tool", slug: "chatgpt" }),
        await post("/api/favorites", { type: "tool", slug: "jasper" }),
        await post("/api/favorites", { type: "ecommerce_tool", slug: "stripe" }),
        await post("/api/favorites", { type: "ecommerce_tool", slug: "jungle-scout" }),
        await post("/api/favorites", { type: "case_study", slug: "jasper-agency-ad-variants" }),
      ];
    },
    { email: EMAIL, password: PASSWORD },
  );
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  await page.close();
}, 240_000);
afterAll(async () => {
  await signedIn?.close();
  await browser?.close();
  await server?.stop();
});

interface Drawn {
  src: string;
  natural: [number, number];
  box: [number, number];
  insideStage: boolean;
}

/** Scrolls the page through so lazy pictures load, then waits until every card picture has loaded or failed. */
async function loadAllPictures(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("[data-testid=card-mark]")].every((img) => img.complete), null, { timeout: 20_000 });
}

async function drawnPictures(page: Page): Promise<Drawn[]> {
  return page.$$eval("[data-testid=card-mark]", (images) =>
    (images as HTMLImageElement[])
      .filter((img) => img.naturalWidth > 0)
      .map((img) => {
        const box = img.getBoundingClientRect();
        const stage = (img.closest("[data-testid=card-stage]") ?? img.closest("li"))!.getBoundingClientRect();
        const within = (a: number, b: number) => a >= b - 0.5;
        return {
          src: img.currentSrc,
          natural: [img.naturalWidth, img.naturalHeight] as [number, number],
          box: [box.width, box.height] as [number, number],
          insideStage: within(box.left, stage.left) && within(box.top, stage.top) && within(stage.right, box.right) && within(stage.bottom, box.bottom),
        };
      }),
  );
}

/** What is wrong with how a picture is drawn: cut (its box has another shape), enlarged or outside its card. */
function problemsOf(pictures: Drawn[]): string[] {
  return pictures.flatMap(({ src, natural, box, insideStage }) => {
    const problems: string[] = [];
    const shown = box[0] / box[1];
    const drawn = natural[0] / natural[1];
    if (Math.abs(shown / drawn - 1) > 0.02) problems.push(`${src}: drawn ${natural.join("x")} shown in a ${box.map(Math.round).join("x")} box (cropped)`);
    if (box[0] > natural[0] + 0.5) problems.push(`${src}: ${natural[0]} px wide file shown ${Math.round(box[0])} px wide (enlarged)`);
    if (!insideStage) problems.push(`${src}: reaches outside its card`);
    return problems;
  });
}

describe("card pictures are shown whole", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`on every page with cards at ${viewport.width} px`, { timeout: 180_000 }, async () => {
      const page = await signedIn.newPage();
      await page.setViewportSize(viewport);
      const report: Record<string, string[]> = {};
      const counts: Record<string, number> = {};
      for (const { name, path } of PAGES) {
        await gotoHydrated(page, `${server.url}${path}`);
        await loadAllPictures(page);
        const pictures = await drawnPictures(page);
        counts[name] = pictures.length;
        const problems = problemsOf(pictures);
        if (problems.length) report[name] = problems;
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `test-results/card-images-${name.replace(/\s+/g, "-")}-${viewport.width}.png`, fullPage: false });
      }
      expect(report).toEqual({});
      // Each page showed its cards' pictures (a page without any would pass the check above unseen).
      expect(Object.entries(counts).filter(([, count]) => count < 3)).toEqual([]);
      await page.close();
    });
  }

  it("keeps the favourites page's Remove button off the pictures", { timeout: 60_000 }, async () => {
    const page = await signedIn.newPage();
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, `${server.url}/us-en/user/favorites`);
    const overlaps = await page.$$eval("[data-testid=favorite-item]", (items) =>
      items.flatMap((item) => {
        const button = item.querySelector("[data-testid=favorite-remove]")!.getBoundingClientRect();
        const picture = (item.querySelector("[data-testid=card-stage]") ?? item.querySelector("[data-testid=card-mark]"))!.getBoundingClientRect();
        const apart = button.bottom <= picture.top || button.top >= picture.bottom || button.right <= picture.left || button.left >= picture.right;
        return apart ? [] : [item.getAttribute("data-favorite-slug")];
      }),
    );
    expect(await page.locator("[data-testid=favorite-item]").count()).toBe(5);
    expect(overlaps).toEqual([]);
    await page.close();
  });
});
