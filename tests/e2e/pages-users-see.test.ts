import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpCapture } from "../support/smtp";

/**
 * What visitors see on the list and detail pages at the two sizes of the issue (desktop 1366x900, phone
 * 390x844) in English, German and Chinese. Screenshots land in test-results/screens for a person to look at.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENS = "test-results/screens";

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  // Sign-up (the user menu test) checks the request's origin against PUBLIC_URL and sends a welcome mail.
  const [port, mail] = await Promise.all([freePort(), startSmtpCapture()]);
  smtp = mail;
  [server, browser] = await Promise.all([startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url }), launchBrowser()]);
  fs.mkdirSync(SCREENS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function open(url: string, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await gotoHydrated(page, `${server.url}${url}`);
  return page;
}

describe("tool cards", () => {
  it("show the review count and category whole in the 4-column German grid", async () => {
    const page = await open("/de/tools");
    await page.screenshot({ path: path.join(SCREENS, "de-desktop-tools.png") });
    const cut = await page.$$eval(".tool-card", (cards) =>
      cards.flatMap((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll<HTMLElement>(".tool-card-reviews, .tool-card-category")].flatMap((el) => {
          const own = el.getBoundingClientRect();
          const clipped = el.scrollWidth > el.clientWidth + 1 || own.right > box.right - 8 || own.left < box.left;
          return clipped ? [el.textContent] : [];
        });
      }),
    );
    expect(await page.locator(".tool-card").count()).toBe(24);
    expect(cut).toEqual([]);
    await page.close();
  });

  it("write every number of a German card the German way", async () => {
    const page = await open("/de/tools?sort=rating");
    const card = page.locator(".tool-card").first();
    const hearts = (await card.locator(".tool-card-hearts").textContent())!.trim();
    const rating = (await card.locator(".tool-card-rating .tool-card-score").textContent())!.trim();
    const reviews = (await card.locator(".tool-card-reviews").textContent())!.trim();
    expect(rating).toMatch(/^\d,\d$/);
    expect(hearts).toMatch(/^\d{1,3}(\.\d{3})*$/);
    // Seed ratings are over a thousand reviews for the best rated tools: grouped with a dot.
    expect(reviews).toMatch(/^\(\d{1,3}\.\d{3} Bewertungen\)$/);
    await page.close();
  });

  it("draw well-known tools' logos from icon packages and keep initials for the others", async () => {
    const page = await open("/us-en/tool/chatgpt");
    const logoUrl = await page.locator("main img").first().getAttribute("src");
    await page.close();
    const pixel = async (url: string) => {
      const png = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
      // Inside the tile, left of the mark: white behind a brand mark, the brand colour behind initials.
      const { data } = await sharp(png).extract({ left: 24, top: 128, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    expect(logoUrl).toMatch(/^\/uploads\/tools\/chatgpt\/logo-[0-9a-f]{10}\.(png|webp)$/);
    expect(await pixel(logoUrl!.replace(/\.webp$/, ".png"))).toEqual([255, 255, 255]);
    const jasper = await fetch(`${server.url}/us-en/tool/jasper`).then((r) => r.text());
    const jasperLogo = /src="(\/uploads\/tools\/jasper\/logo-[0-9a-f]{10}\.png)"/.exec(jasper)![1]!;
    expect(await pixel(jasperLogo)).not.toEqual([255, 255, 255]);
  });
});

describe("category filter on a phone", () => {
  it("opens from a button above the results instead of sitting below every card", async () => {
    const page = await open("/us-en/tools", PHONE);
    const button = page.getByTestId("mobile-category-button");
    const firstCard = page.locator(".tool-card").first();
    expect((await button.boundingBox())!.y).toBeLessThan((await firstCard.boundingBox())!.y);
    await button.click();
    const link = page.locator("#mobile-categories button", { hasText: "Music & Audio" });
    await link.waitFor();
    // Within the first two screens, not 10,000 px down.
    expect((await link.boundingBox())!.y).toBeLessThan(PHONE.height * 2);
    await page.screenshot({ path: path.join(SCREENS, "us-en-mobile-categories.png") });
    await page.close();
  });
});

describe("category names in German", () => {
  it("are the same in the sidebar and the footer, and never leave a line ending in '-'", async () => {
    const page = await open("/de/tools");
    const sidebar = Object.fromEntries(
      await page.$$eval("#category-sidebar-title ~ ul > li > button", (buttons) =>
        buttons.map((b) => [b.getAttribute("aria-controls")!.replace("sidebar-", ""), b.querySelector("span")!.textContent!]),
      ),
    );
    const footer = await page.$$eval('footer a[href^="/de/tools/"]', (links) => links.map((a) => [a.getAttribute("href")!.split("/").pop()!, a.textContent!]));
    expect(footer.length).toBe(4);
    for (const [slug, name] of footer) expect(name, slug).toBe(sidebar[slug!]);
    const endsInHyphen = await page.$$eval("#category-sidebar-title ~ ul > li > button > span:first-child", (labels) =>
      labels.flatMap((label) => {
        const text = label.firstChild!;
        const value = text.textContent!;
        // Suspended hyphens ("& -bearbeitung"); a break after the hyphen inside "Anti-Erkennung" is normal.
        return [...value.matchAll(/(?:^|\s)-/g)].flatMap((match) => {
          const at = match.index! + match[0].length - 1;
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, Math.min(value.length, at + 3));
          // A hyphen and the letter after it on different lines give two rectangles.
          return range.getClientRects().length > 1 ? [value] : [];
        });
      }),
    );
    expect(endsInHyphen).toEqual([]);
    await page.close();
  });
});

describe("pages that do not exist", () => {
  it("answer /tools/{unknown category} with the not-found view and 404", async () => {
    const response = await fetch(`${server.url}/us-en/tools/no-such-cat`);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain('name="robots" content="noindex');
    expect(body).not.toContain("no-such-cat</h1>");
    expect((await fetch(`${server.url}/us-en/tools/music-audio`)).status).toBe(200);
  });
});

describe("the user menu", () => {
  it("shows an e-mail address used as the name once, whole", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/us-en`);
    const email = "a.rather.long.address.for.the.menu@example.com";
    await page.evaluate(
      async (address) => {
        const body = { email: address, password: "long enough pw" };
        await fetch("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, name: "" }) });
        // Sign-up opens no session: sign in next.
        await fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      },
      email,
    );
    await gotoHydrated(page, `${server.url}/us-en`);
    await page.getByTestId("user-menu-button").click();
    const identity = page.getByTestId("user-menu-identity");
    expect(await identity.innerText()).toBe(email);
    await page.screenshot({ path: path.join(SCREENS, "us-en-desktop-user-menu.png") });
    await context.close();
  });
});

describe("screenshots", () => {
  it("of list and tool pages in us-en, de and zh-CN, with the CJK font in place", async () => {
    for (const lang of ["us-en", "de", "zh-CN"]) {
      for (const [size, viewport] of [["desktop", DESKTOP], ["mobile", PHONE]] as const) {
        for (const [name, url] of [["tools", "/tools"], ["tool", "/tool/chatgpt"]]) {
          const page = await open(`/${lang}${url}`, viewport);
          if (lang === "zh-CN") expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans CJK SC"', "工具"))).toBe(true);
          await page.screenshot({ path: path.join(SCREENS, `${lang}-${size}-${name}.png`) });
          await page.close();
        }
      }
    }
    expect(fs.readdirSync(SCREENS).length).toBeGreaterThanOrEqual(12);
  }, 300_000);
});
