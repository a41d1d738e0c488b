import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "~/.server/db";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";
import { markAddressVerified } from "../support/verified-address";

/**
 * Reviews, reports and moderation in Chromium against the production build: a visitor reports a dead link, a
 * new user writes a review in German (it waits for approval), an administrator publishes it and, once it is
 * reported, hides it; the tool's figures are back exactly where they were.
 */
let server: RunningServer;
let browser: Browser;
let db: DB;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reviews-e2e-"));
const ADMIN_EMAIL = "moderator@example.com";
const USER_EMAIL = "reviewer@example.com";
const PASSWORD = "a long password 1";
const TOOL = "chatgpt";
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${path.join(dir, "reviews.db")}`,
    ADMIN_EMAILS: ADMIN_EMAIL,
    LINK_CHECK: "off",
  });
  db = createDatabase({ database: { kind: "sqlite", path: path.join(dir, "reviews.db") } });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function signedIn(email: string): Promise<Page> {
  const page = await newPage();
  await gotoHydrated(page, `${server.url}/us-en/about`);
  for (const endpoint of ["sign-up", "sign-in"]) {
    const status = await page.evaluate(
      ({ email, password, endpoint }) =>
        fetch(`/api/auth/${endpoint}/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password, name: "Greta Beispiel" }) }).then((r) => r.status),
      { email, password: PASSWORD, endpoint },
    );
    expect(status).toBe(200);
  }
  return page;
}

const figures = () => db.selectFrom("tools").select(["rating", "review_count"]).where("slug", "=", TOOL).executeTakeFirstOrThrow();
/** The side panel's rating and review count as a new visitor sees them. */
async function shownFigures(): Promise<string> {
  const page = await newPage();
  await gotoHydrated(page, `${server.url}/de/tool/${TOOL}`);
  const text = await page.locator("[data-testid=rating-value]").first().locator("xpath=../..").innerText();
  await page.context().close();
  return text;
}

describe("reviews and reports in the browser", () => {
  it("a visitor reports a dead link, a German review is published and hidden, and the figures return", async () => {
    // A visitor reports the website.
    const visitor = await newPage();
    await gotoHydrated(visitor, `${server.url}/de/tool/${TOOL}`);
    await visitor.click("[data-testid=listing-report] [data-testid=report-open]");
    await visitor.click("[data-testid=report-reason-dead]");
    await visitor.fill("[data-testid=report-details]", "Die Seite lädt seit Tagen nicht.");
    await visitor.click("[data-testid=report-send]");
    await visitor.waitForSelector("[data-testid=report-sent]");
    expect(await visitor.innerText("[data-testid=report-sent]")).toContain("Vielen Dank");

    // A new user writes a review in German: it waits for approval and moves no figure.
    const before = await figures();
    const user = await signedIn(USER_EMAIL);
    await gotoHydrated(user, `${server.url}/de/tool/${TOOL}`);
    const shownBefore = await shownFigures();
    await user.click("[data-testid=review-star-1]");
    await user.fill("[data-testid=review-title]", "Für lange Texte ungeeignet");
    await user.fill("[data-testid=review-body]", "Bei Dokumenten über zwanzig Seiten verliert das Werkzeug regelmäßig den Faden. <b>Kein HTML</b>");
    await user.click("[data-testid=review-submit]");
    await user.waitForSelector("[data-testid=own-review-status]");
    expect(await user.innerText("[data-testid=own-review-status]")).toContain("Freigabe");
    expect(await figures()).toEqual(before);
    const stored = await db.selectFrom("reviews").select(["id", "language", "status"]).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ language: "de", status: "pending" });

    // The administrator sees the report and the waiting review, and publishes the review.
    const admin = await signedIn(ADMIN_EMAIL);
    await markAddressVerified(server.databaseEnv, ADMIN_EMAIL);
    await gotoHydrated(admin, `${server.url}/admin`);
    expect(await admin.innerText("[data-testid=admin-report-counts]")).toMatch(/1/);
    await gotoHydrated(admin, `${server.url}/admin/reports?tab=tool`);
    const reported = admin.locator("[data-testid=report-card]");
    await expect.poll(() => reported.count()).toBe(1);
    expect(await reported.innerText()).toContain("Die Seite lädt seit Tagen nicht.");
    await gotoHydrated(admin, `${server.url}/admin/reports?tab=pending`);
    await admin.click("[data-testid=pending-review] [data-testid=moderate-publish_review]");
    await expect.poll(() => admin.locator("[data-testid=pending-review]").count()).toBe(0);
    const published = await figures();
    expect(Number(published.review_count)).toBe(Number(before.review_count) + 1);
    expect(await shownFigures()).not.toBe(shownBefore);

    // Everyone sees it, as plain text (a new visitor: browsers keep anonymous pages for a minute).
    const visitor2 = await newPage();
    await gotoHydrated(visitor2, `${server.url}/de/tool/${TOOL}`);
    const review = visitor2.locator("[data-testid=review]", { hasText: "Für lange Texte ungeeignet" });
    await expect.poll(() => review.count()).toBe(1);
    expect(await review.innerText()).toContain("<b>Kein HTML</b>");
    expect(await visitor2.locator("[data-testid=review] b").count()).toBe(0);
    const ld = await visitor2.locator("script[type='application/ld+json']").allTextContents();
    expect(ld.join("\n")).toContain("Für lange Texte ungeeignet");
    // The visitor reports the review; the administrator hides it from the queue.
    await review.locator("[data-testid=report-open]").click();
    await review.locator("[data-testid=report-reason-spam]").click();
    await review.locator("[data-testid=report-send]").click();
    await review.locator("[data-testid=report-sent]").waitFor();
    await gotoHydrated(admin, `${server.url}/admin/reports?tab=review`);
    await admin.click("[data-testid=report-card] [data-testid=moderate-hide_review]");
    await expect.poll(() => admin.locator("[data-testid=report-card]").count()).toBe(0);

    // The figures are exactly what they were before the review, in the database and on the page.
    expect(await figures()).toEqual(before);
    await gotoHydrated(user, `${server.url}/de/tool/${TOOL}`);
    expect(await shownFigures()).toBe(shownBefore);
    expect(await user.locator("[data-testid=review]").count()).toBe(0);
    expect(await user.innerText("[data-testid=own-review-status]")).toContain("ausgeblendet");
    const audit = await db.selectFrom("admin_audit_log").select("action").where("entity_type", "=", "review").orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["review.publish", "review.hide"]);
  });

  it("an administrator edits a listing from the report queue, and the public page shows the change", async () => {
    const visitor = await newPage();
    await gotoHydrated(visitor, `${server.url}/us-en/tool/${TOOL}`);
    await visitor.click("[data-testid=listing-report] [data-testid=report-open]");
    await visitor.click("[data-testid=report-reason-wrong]");
    await visitor.fill("[data-testid=report-details]", "The description is out of date.");
    await visitor.click("[data-testid=report-send]");
    await visitor.waitForSelector("[data-testid=report-sent]");

    const admin = await signedIn("editor@example.com");
    await db.insertInto("user_roles").values({ user_id: (await db.selectFrom("user").select("id").where("email", "=", "editor@example.com").executeTakeFirstOrThrow()).id, role: "admin" }).execute();
    await gotoHydrated(admin, `${server.url}/admin/reports?tab=tool`);
    await admin.click("[data-testid=report-card] [data-testid=moderate-edit]");
    // The editor is its own page load: typing starts once it is hydrated.
    await admin.waitForURL(/\/admin\/listings\//);
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await admin.waitForSelector("[data-testid=listing-editor]");
    // A bad address is refused at its field, and what was typed stays.
    const description = "A conversational assistant for writing, coding and research, edited from the queue.";
    await admin.fill("[data-testid=listing-editor] textarea[name=description]", description);
    await admin.fill("[data-testid=listing-editor] input[name=website_url]", "not a web address");
    await admin.click("[data-testid=editor-save]");
    await admin.waitForSelector("[data-testid=editor-field-error]");
    expect(await admin.getAttribute("[data-testid=listing-editor] input[name=website_url]", "aria-invalid")).toBe("true");
    expect(await admin.inputValue("[data-testid=listing-editor] textarea[name=description]")).toBe(description);
    await admin.fill("[data-testid=listing-editor] input[name=website_url]", "https://chatgpt.com/");
    await admin.click("[data-testid=editor-save]");
    await admin.waitForSelector("[data-testid=editor-saved] [data-field=description]");

    const reader = await newPage();
    await gotoHydrated(reader, `${server.url}/us-en/tool/${TOOL}`);
    expect(await reader.locator("main").innerText()).toContain(description);
    const audit = await db.selectFrom("admin_audit_log").select(["action", "changes"]).where("action", "=", "tool.edit").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.changes!).description.after).toBe(description);
  });

  it("a user deletes their account and the tool's figures return to what they were", async () => {
    const before = await figures();
    const leaver = await signedIn("leaver@example.com");
    await gotoHydrated(leaver, `${server.url}/de/tool/${TOOL}`);
    const rated = await leaver.evaluate((slug) => fetch("/api/ratings", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug, rating: 1 }) }).then((r) => r.status), TOOL);
    expect(rated).toBe(200);
    expect(Number((await figures()).review_count)).toBe(Number(before.review_count) + 1);

    await gotoHydrated(leaver, `${server.url}/de/user/dashboard`);
    await leaver.click("[data-testid=delete-account-link]");
    await leaver.waitForSelector("[data-testid=delete-account-form]");
    // A wrong password deletes nothing.
    await leaver.fill("[data-testid=delete-account-password]", "not my password");
    await leaver.check("[data-testid=delete-account-confirm]");
    await leaver.click("[data-testid=delete-account-submit]");
    await leaver.waitForSelector("[data-testid=delete-account-error]");
    expect(await leaver.innerText("[data-testid=delete-account-error]")).toContain("Passwort");
    await leaver.fill("[data-testid=delete-account-password]", PASSWORD);
    await leaver.click("[data-testid=delete-account-submit]");
    await leaver.waitForSelector("[data-testid=delete-account-done]");
    expect(await leaver.innerText("[data-testid=delete-account-done]")).toContain("gelöscht");

    expect(await figures()).toEqual(before);
    expect(await db.selectFrom("user").select("id").where("email", "=", "leaver@example.com").execute()).toEqual([]);
    const audit = await db.selectFrom("admin_audit_log").select("action").where("entity_type", "=", "user").execute();
    expect(audit.map((a) => a.action)).toEqual(["account.delete"]);
    // Signed out: the dashboard asks to sign in again.
    await gotoHydrated(leaver, `${server.url}/de/user/dashboard`);
    expect(await leaver.locator("[data-testid=delete-account-link]").count()).toBe(0);
  });

  it("a reported e-commerce tool is marked discontinued (notice, noindex), then unpublished (410)", async () => {
    const SHOP = "jungle-scout";
    const visitor = await newPage();
    await gotoHydrated(visitor, `${server.url}/de/ecommerce/${SHOP}`);
    const filed = await visitor.evaluate(
      (slug) => fetch("/api/reports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ subject: "ecommerce_tool", slug, reason: "dead", details: "" }) }).then((r) => r.status),
      SHOP,
    );
    expect(filed).toBeLessThan(300);
    const admin = await signedIn("shops@example.com");
    const adminId = (await db.selectFrom("user").select("id").where("email", "=", "shops@example.com").executeTakeFirstOrThrow()).id;
    await db.insertInto("user_roles").values({ user_id: adminId, role: "admin" }).execute();
    await gotoHydrated(admin, `${server.url}/admin/reports?tab=ecommerce_tool`);
    await admin.click("[data-testid=report-card] [data-testid=moderate-discontinue]");
    await expect.poll(() => admin.locator("[data-testid=report-card]").count()).toBe(0);

    const reader = await newPage();
    const response = await reader.goto(`${server.url}/de/ecommerce/${SHOP}`);
    expect(response!.status()).toBe(200);
    await reader.waitForSelector("[data-testid=discontinued-notice]");
    expect(await reader.getAttribute("meta[name=robots]", "content")).toContain("noindex");
    const sitemap = await (await fetch(`${server.url}/sitemap-ecommerce.xml`)).text();
    expect(sitemap).not.toContain(`/ecommerce/${SHOP}<`);

    await visitor.evaluate((slug) => fetch("/api/reports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ subject: "ecommerce_tool", slug, reason: "spam", details: "" }) }), SHOP);
    await gotoHydrated(admin, `${server.url}/admin/reports?tab=ecommerce_tool`);
    await admin.click("[data-testid=report-card] [data-testid=moderate-unpublish]");
    await expect.poll(() => admin.locator("[data-testid=report-card]").count()).toBe(0);
    const gone = await fetch(`${server.url}/de/ecommerce/${SHOP}`, { redirect: "manual" });
    expect(gone.status).toBe(410);
    const audit = await db.selectFrom("admin_audit_log").select("action").where("entity_type", "=", "ecommerce_tool").orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["ecommerce_tool.discontinue", "ecommerce_tool.unpublish"]);
  });
});
