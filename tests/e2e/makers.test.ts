import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "~/.server/db";
import { CLAIM_META_NAME } from "~/lib/makers";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * Makers and sponsored places in Chromium against the production build: a maker claims a listing through a
 * meta tag on a fake website (loopback, allowed by FETCH_ALLOW_HOSTS), sees the "Verified" mark, opens the
 * listing's statistics and copies the badge snippet; an administrator turns an approved advertising request
 * into a placement that appears labelled in German and Chinese beside the unchanged organic order, and a
 * visitor's click on it is counted on the buyer's orders page.
 */
const ADMIN_EMAIL = "ads-desk@example.com";
const MAKER_EMAIL = "maker@example.com";
const PASSWORD = "a long password 1";
/** An ordinary browser's user agent: headless Chromium names itself a bot, and bots are never counted. */
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SLUG = "grammarly";

let server: RunningServer;
let browser: Browser;
let db: DB;
let site: http.Server;
let siteUrl: string;
let siteHome = "<!doctype html><html><head><title>Maker site</title></head><body>Maker site</body></html>";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "makers-e2e-"));
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(siteHome);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const sitePort = (site.address() as AddressInfo).port;
  siteUrl = `http://127.0.0.1:${sitePort}/`;
  browser = await launchBrowser();
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${path.join(dir, "makers.db")}`,
    ADMIN_EMAILS: ADMIN_EMAIL,
    FETCH_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
  });
  db = createDatabase({ database: { kind: "sqlite", path: path.join(dir, "makers.db") } });
  // The listing's website is the fake site on loopback.
  await db.updateTable("tools").set({ website_url: siteUrl }).where("slug", "=", SLUG).execute();
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await db?.destroy();
  await new Promise((resolve) => site?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newPage(options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ userAgent: PERSON, ...options });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(email: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await gotoHydrated(page, `${server.url}/us-en/about`);
  for (const endpoint of ["sign-up/email", "sign-in/email"]) {
    const status = await page.evaluate(
      ({ endpoint, email, password }) =>
        fetch(`/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password, name: email.split("@")[0] }) }).then((r) => r.status),
      { endpoint, email, password: PASSWORD },
    );
    expect(status).toBe(200);
  }
  return page;
}

describe("a maker claims a listing", () => {
  it("proves the domain with a meta tag, gets the Verified mark, opens the statistics and copies the badge snippet", async () => {
    const page = await signedIn(MAKER_EMAIL, { permissions: ["clipboard-read", "clipboard-write"] });
    await gotoHydrated(page, `${server.url}/us-en/tool/${SLUG}`);
    await expect(page.locator("[data-testid=verified-mark]").count()).resolves.toBe(0);
    await page.locator("[data-testid=claim-panel] summary").click();
    await page.locator("[data-testid=claim-method-meta]").check();
    await page.locator("[data-testid=claim-start]").click();
    const snippet = (await page.locator("[data-testid=claim-snippet]").textContent()) ?? "";
    expect(snippet).toMatch(new RegExp(`^<meta name="${CLAIM_META_NAME}" content="[\\w-]+">$`));

    // Not on the site yet: the check says so.
    await page.locator("[data-testid=claim-check]").click();
    await expect.poll(() => page.locator("[data-testid=claim-message]").textContent()).toContain("not found");

    siteHome = `<!doctype html><html><head>${snippet}<title>Maker site</title></head><body>Maker site</body></html>`;
    await page.locator("[data-testid=claim-check]").click();
    await expect.poll(() => page.locator("[data-testid=claim-message]").textContent()).toContain("Verified");

    await gotoHydrated(page, `${server.url}/us-en/tool/${SLUG}`);
    const mark = page.locator("[data-testid=verified-mark]");
    await mark.focus();
    await expect.poll(() => page.locator("[data-testid=verified-explanation]").isVisible()).toBe(true);
    expect(await page.locator("[data-testid=verified-explanation]").textContent()).toContain("proved");

    await page.locator("[data-testid=claim-panel] summary").click();
    await page.locator("[data-testid=claim-stats-link]").click();
    await page.waitForURL(`**/us-en/user/my-tools/${SLUG}/stats`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect.poll(() => page.locator("h1").textContent()).toContain("Statistics");
    expect(await page.locator("[data-testid=stats-views]").count()).toBe(1);

    const html = await page.locator("[data-testid=snippet-html]").inputValue();
    expect(html).toContain(`/badge/${SLUG}.svg?theme=light&amp;lang=us-en`.replace("&amp;", "&"));
    expect(html).toContain(`/badge/${SLUG}/visit`);
    await page.locator("[data-testid=copy-html]").click();
    await expect.poll(() => page.locator("[data-testid=copied-html]").textContent()).toBe("Copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

    // The badge itself: an SVG with the live rating, revalidated by its ETag.
    const badge = await page.request.get(`${server.url}/badge/${SLUG}.svg?theme=dark&lang=de`);
    expect(badge.status()).toBe(200);
    expect(badge.headers()["content-type"]).toContain("image/svg+xml");
    expect(await badge.text()).toContain("Vorgestellt auf");
    const again = await page.request.get(`${server.url}/badge/${SLUG}.svg?theme=dark&lang=de`, { headers: { "If-None-Match": badge.headers().etag! } });
    expect(again.status()).toBe(304);
    // A visit through the badge is counted as a referral and lands on the tool's page.
    const visit = await page.request.get(`${server.url}/badge/${SLUG}/visit?lang=de`, { maxRedirects: 0 });
    expect(visit.status()).toBe(302);
    expect(visit.headers().location).toBe(`/de/tool/${SLUG}`);
    await gotoHydrated(page, `${server.url}/us-en/user/my-tools/${SLUG}/stats?range=7`);
    expect(await page.locator("[data-testid=stats-badgeVisits-total]").textContent()).toBe("1");
  });
});

describe("an administrator sells a sponsored place", () => {
  const organic = async (page: Page) => page.locator("section[aria-labelledby=featured-title] [data-testid=tool-card]").evaluateAll((cards) => cards.map((c) => c.getAttribute("href")));

  it("turns an approved request into a placement shown labelled in de and zh-CN, outside the organic order, and counts its click", async () => {
    const visitor = await newPage();
    await gotoHydrated(visitor, `${server.url}/de`);
    const before = await organic(visitor);
    expect(before.length).toBeGreaterThan(0);
    expect(await visitor.locator("[data-testid=sponsored-slot]").count()).toBe(0);

    const maker = await signedIn(MAKER_EMAIL);
    const makerId = (await db.selectFrom("user").select("id").where("email", "=", MAKER_EMAIL).executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    const request = await db
      .insertInto("ad_submissions")
      .values({ user_id: makerId, tool_name: "Grammarly", contact_email: MAKER_EMAIL, status: "pending", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();

    const admin = await signedIn(ADMIN_EMAIL);
    await markAddressVerified(server.databaseEnv, ADMIN_EMAIL);
    await gotoHydrated(admin, `${server.url}/admin/advertise`);
    const card = admin.locator(`[data-testid=ad-row][data-id="${request.id}"]`);
    await card.locator("[data-testid=review-approve]").click();
    const form = card.locator("[data-testid=placement-form]");
    await form.waitFor();
    await form.locator("[data-testid=placement-tool]").fill(SLUG);
    await form.locator("[data-testid=placement-slot]").selectOption("home");
    await form.locator("[data-testid=placement-lang-us-en]").uncheck();
    await form.locator("[data-testid=placement-create]").click();
    await card.locator("[data-testid=placement-row]").waitFor();
    expect(await card.locator("[data-testid=placement-row]").getAttribute("data-state")).toBe("running");

    // A new reader (the first one's browser keeps the page it was sent for a minute, as the site allows).
    const reader = await newPage();
    for (const [lang, label] of [["de", "Gesponsert"], ["zh-CN", "赞助"]] as const) {
      await gotoHydrated(reader, `${server.url}/${lang}`);
      const slot = reader.locator("[data-testid=sponsored-slot]");
      expect(await slot.count()).toBe(1);
      expect(await slot.getAttribute("data-tool-slug")).toBe(SLUG);
      expect(await slot.locator("[data-testid=sponsored-label]").textContent()).toBe(label);
      // The organic row is exactly what it was: the placement sits beside it, not inside it.
      if (lang === "de") expect(await organic(reader)).toEqual(before);
    }
    await gotoHydrated(reader, `${server.url}/us-en`);
    expect(await reader.locator("[data-testid=sponsored-slot]").count()).toBe(0);

    // A reader's click: through /go/ to the tool's website, counted once.
    await gotoHydrated(reader, `${server.url}/de`);
    const [popup] = await Promise.all([reader.context().waitForEvent("page"), reader.locator("[data-testid=sponsored-visit]").click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(siteUrl);

    await admin.locator("[data-testid=placement-mark-paid]").click();
    await expect.poll(async () => (await db.selectFrom("sponsored_placements").select("paid_at").executeTakeFirst())?.paid_at ?? null).not.toBeNull();

    await expect
      .poll(async () => {
        await gotoHydrated(maker, `${server.url}/de/user/orders`);
        return maker.locator("[data-testid=order-clicks]").textContent();
      })
      .toBe("1");
    expect(Number(await maker.locator("[data-testid=order-impressions]").textContent())).toBeGreaterThanOrEqual(1);
    expect(await maker.locator("[data-testid=order-paid]").textContent()).toBe("Bezahlt");
  });
});
