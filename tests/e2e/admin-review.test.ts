import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listToolsOrder } from "~/.server/admin/tools-order";
import { createDatabase, type DB } from "~/.server/db";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpCapture } from "../support/smtp";
import { insertSubmission, insertUpdateSubmission, submitPayload } from "../support/submissions";

/**
 * The admin console in Chromium against the production build: a submission
 * is approved and published everywhere at once, another is rejected only
 * with a reason (the submitter's "my tools" page shows each decision with
 * its note), the tools order changes the home page, and the API takes a
 * bearer token.
 */
let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let db: DB;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-e2e-"));
const ADMIN_EMAIL = "chief-editor@example.com";
const MAKER_EMAIL = "maker@example.com";
const PASSWORD = "a long password 1";
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [smtp, browser] = await Promise.all([startSmtpCapture(), launchBrowser()]);
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${path.join(dir, "admin.db")}`,
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: ADMIN_EMAIL,
  });
  db = createDatabase({ database: { kind: "sqlite", path: path.join(dir, "admin.db") } });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await db?.destroy();
  await smtp?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await gotoHydrated(page, `${server.url}/us-en/about`);
  const status = await page.evaluate(
    ({ email, password }) =>
      fetch("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password, name: email.split("@")[0] }) }).then((r) => r.status),
    { email, password: PASSWORD },
  );
  expect(status).toBe(200);
  // Sign-up opens no session (it answers alike for taken addresses): sign in next.
  const signedInStatus = await page.evaluate(
    ({ email, password }) =>
      fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }).then((r) => r.status),
    { email, password: PASSWORD },
  );
  expect(signedInStatus).toBe(200);
  return page;
}

async function userId(email: string): Promise<string> {
  return (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function mailText(to: string, containing: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const found = smtp.messages.filter((m) => m.to.includes(to)).map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
    const match = found.find((raw) => raw.includes(containing));
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} containing ${containing}`);
}

/** One entry of the signed-in user's "my tools" page, as they see it (the page is never cached). */
async function myTool(page: Page, name: string) {
  await gotoHydrated(page, `${server.url}/us-en/user/my-tools`);
  const item = page.locator("[data-testid=my-tool]", { has: page.locator("[data-testid=my-tool-name]", { hasText: name }) });
  expect(await item.count()).toBe(1);
  const badge = item.locator("[data-testid=status-badge]");
  const link = item.locator("[data-testid=my-tool-link]");
  return {
    status: await badge.getAttribute("data-status"),
    badge: await badge.textContent(),
    note: await item.locator("[data-testid=my-tool-note]").textContent(),
    link: (await link.count()) ? await link.getAttribute("href") : null,
  };
}

async function anonymousPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

describe("review queue", () => {
  let admin: Page;
  let maker: Page;

  beforeAll(async () => {
    maker = await signedIn(MAKER_EMAIL);
    admin = await signedIn(ADMIN_EMAIL);
    // A listed address counts only once verified (the link of its verification mail).
    await markAddressVerified(server.databaseEnv, ADMIN_EMAIL);
  });

  it("approves a submission with a note; the tool shows in search, autocomplete, its category and the sitemap at once", async () => {
    const payload = submitPayload({ name: "Lumen Sketchpad", category: "image-generation-editing", contact_email: MAKER_EMAIL, tags: ["Design"], description: "Turns rough sketches into finished illustrations." });
    await insertSubmission(db, await userId(MAKER_EMAIL), payload);
    const visitor = await anonymousPage();
    // Seen before the approval, so the page cache and the autocomplete file hold the old catalogue.
    await visitor.goto(`${server.url}/us-en/tools?search=Lumen%20Sketchpad`);
    await visitor.goto(`${server.url}/us-en/tools?search=Lumen%20Sketchpad`);
    // Search finds tools matching some of the words too; the new tool is not among them yet.
    expect(await visitor.locator('[data-testid=tool-card][href="/us-en/tool/lumen-sketchpad"]').count()).toBe(0);

    const response = await admin.goto(`${server.url}/admin/submissions`);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const row = admin.locator('[data-testid=submission-row][data-name="Lumen Sketchpad"]');
    expect(await row.locator("dd").allTextContents()).toEqual(expect.arrayContaining(["https://quill-draftsmith.example.com", "Turns rough sketches into finished illustrations.", "Image Generation & Editing", "Design"]));
    await row.locator("[data-testid=review-notes]").fill("Lovely tool, welcome aboard");
    await row.locator("[data-testid=review-approve]").click();
    await row.waitFor({ state: "detached" });
    await admin.screenshot({ path: "test-results/admin-submissions-after-approve.png", fullPage: true });

    // A new visitor (a browser may show its own copy of a page it saw in the last minute: max-age=60).
    const next = await anonymousPage();
    await next.goto(`${server.url}/us-en/tools?search=Lumen%20Sketchpad`);
    expect(await next.locator("[data-testid=tool-card]").first().getAttribute("href")).toBe("/us-en/tool/lumen-sketchpad");

    await gotoHydrated(next, `${server.url}/us-en/about`);
    const box = next.locator("header #header-search");
    await box.click();
    await box.pressSequentially("Lumen Sk");
    await next.locator("header [role=listbox] [role=option]", { hasText: "Lumen Sketchpad" }).first().waitFor();

    await next.goto(`${server.url}/us-en/tools/image-generation-editing?sort=newest`);
    expect(await next.locator('[data-testid=tool-card][href="/us-en/tool/lumen-sketchpad"]').count()).toBe(1);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/tool/lumen-sketchpad");

    const mail = await mailText(MAKER_EMAIL, "Lumen Sketchpad");
    expect(mail).toContain("Lovely tool, welcome aboard");
    expect(mail).toContain("/us-en/tool/lumen-sketchpad");
    // The submitter's own view of it: "my tools" shows the decision, the reviewer's note and the live tool.
    const own = await myTool(maker, "Lumen Sketchpad");
    expect(own.status).toBe("approved");
    expect(own.badge).toBe("Passed");
    expect(own.note).toBe("Reviewer's note: Lovely tool, welcome aboard");
    expect(own.link).toBe("/us-en/tool/lumen-sketchpad");
  }, 150_000);

  it("says in the admin's language when an item was decided elsewhere while the page was open", async () => {
    await insertSubmission(db, await userId(MAKER_EMAIL), submitPayload({ name: "Stale Row", contact_email: MAKER_EMAIL }));
    await gotoHydrated(admin, `${server.url}/admin/submissions`);
    const row = admin.locator('[data-testid=submission-row][data-name="Stale Row"]');
    // Another administrator decides it first.
    await db.updateTable("submissions").set({ status: "rejected" }).where("slug", "=", "stale-row").execute();
    await row.locator("[data-testid=review-approve]").click();
    await row.locator("[data-testid=review-error]").waitFor();
    expect(await row.locator("[data-testid=review-error]").textContent()).toMatch(/^This item can no longer be decided this way/);
  });

  it("refuses a rejection without a reason, then rejects with one and tells the owner", async () => {
    await insertSubmission(db, await userId(MAKER_EMAIL), submitPayload({ name: "Spam Bucket", contact_email: MAKER_EMAIL }));
    await gotoHydrated(admin, `${server.url}/admin/submissions`);
    const row = admin.locator('[data-testid=submission-row][data-name="Spam Bucket"]');
    await row.locator("[data-testid=review-reject]").click();
    expect(await row.locator("[data-testid=review-error]").textContent()).toBe("Rejecting requires a reason");
    expect((await db.selectFrom("submissions").select("status").where("slug", "=", "spam-bucket").executeTakeFirstOrThrow()).status).toBe("pending");

    await row.locator("[data-testid=review-notes]").fill("Looks like a duplicate listing");
    await row.locator("[data-testid=review-reject]").click();
    await row.waitFor({ state: "detached" });
    await gotoHydrated(admin, `${server.url}/admin/submissions?status=rejected`);
    const rejected = admin.locator('[data-testid=submission-row][data-name="Spam Bucket"]');
    expect(await rejected.locator("[data-testid=status-badge]").textContent()).toBe("Refused");
    expect(await rejected.locator("[data-testid=submission-notes] dd").textContent()).toBe("Looks like a duplicate listing");
    expect(await mailText(MAKER_EMAIL, "Spam Bucket")).toContain("Looks like a duplicate listing");
    const own = await myTool(maker, "Spam Bucket");
    expect(own.status).toBe("rejected");
    expect(own.badge).toBe("Refused");
    expect(own.note).toBe("Reason: Looks like a duplicate listing");
    expect(own.link).toBeNull();

    await gotoHydrated(admin, `${server.url}/admin/audit-log`);
    expect(await admin.locator("[data-testid=audit-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")))).toEqual(["submission.reject", "submission.approve"]);
  });

  it("shows the pending counts on the admin home", async () => {
    await insertSubmission(db, await userId(MAKER_EMAIL), submitPayload({ name: "Pending Pal", contact_email: MAKER_EMAIL }));
    await gotoHydrated(admin, `${server.url}/admin`);
    expect(await admin.locator("[data-card=submissions] [data-testid=admin-card-value]").textContent()).toBe("1");
    // In the admin's chosen language: the spec's Chinese labels in zh-CN.
    await admin.context().addCookies([{ name: "preferred-language", value: "zh-CN", url: server.url }]);
    await gotoHydrated(admin, `${server.url}/admin/submissions`);
    const row = admin.locator('[data-testid=submission-row][data-name="Pending Pal"]');
    expect(await row.locator("[data-testid=status-badge]").textContent()).toBe("待审核");
    expect(await row.locator("[data-testid=review-approve]").textContent()).toBe("通过");
    await admin.screenshot({ path: "test-results/admin-submissions-zh-CN.png", fullPage: true });
    await admin.context().addCookies([{ name: "preferred-language", value: "us-en", url: server.url }]);
  }, 120_000);

  it("names what each card is about, and keeps the pager inside the list", async () => {
    const tool = await db
      .selectFrom("tools as t")
      .innerJoin("tool_translations as tr", "tr.tool_id", "t.id")
      .select(["t.id", "t.slug", "t.image_url", "t.image_webp_url", "tr.name"])
      .where("tr.language", "=", "zh-CN")
      .where("t.status", "=", "published")
      .where("t.image_url", "is not", null)
      .orderBy("t.id")
      .executeTakeFirstOrThrow();
    const current = (
      await db
        .selectFrom("tool_categories as tc")
        .innerJoin("categories as c", "c.id", "tc.category_id")
        .select("c.slug")
        .where("tc.tool_id", "=", tool.id)
        .where("c.parent_id", "is", null)
        .orderBy("tc.position")
        .executeTakeFirstOrThrow()
    ).slug;
    const proposed = current === "image-generation-editing" ? "text-generation-editing" : "image-generation-editing";
    await insertUpdateSubmission(db, await userId(MAKER_EMAIL), tool.id, {
      tool_slug: tool.slug,
      language: "us-en",
      contact_email: MAKER_EMAIL,
      before: { category: current as never },
      changes: { category: proposed as never },
    });
    const categoryName = async (slug: string) =>
      (await db.selectFrom("category_translations as ct").innerJoin("categories as c", "c.id", "ct.category_id").select("ct.name").where("c.slug", "=", slug).where("ct.language", "=", "zh-CN").executeTakeFirstOrThrow()).name;

    await admin.context().addCookies([{ name: "preferred-language", value: "zh-CN", url: server.url }]);
    await gotoHydrated(admin, `${server.url}/admin/submissions`);
    // The update is titled with the tool it changes, in the admin's language, with the tool's picture.
    const update = admin.locator(`[data-testid=submission-row][data-name="${tool.name}"]`);
    expect(await update.locator("[data-testid=submission-title]").textContent()).toBe(tool.name);
    expect(await update.locator("[data-testid=submission-image]").getAttribute("src")).toBe(tool.image_webp_url ?? tool.image_url);
    const categoryRow = update.locator("[data-testid=diff-row][data-field=category] td");
    expect(await categoryRow.nth(1).textContent()).toBe(await categoryName(current));
    expect(await categoryRow.nth(2).textContent()).toBe(await categoryName(proposed));
    // A new tool's category by name too.
    const pendingPal = admin.locator('[data-testid=submission-row][data-name="Pending Pal"]');
    expect(await pendingPal.locator("[data-testid=submission-category] dd").textContent()).toBe(await categoryName("text-generation-editing"));
    await admin.screenshot({ path: "test-results/admin-update-card-zh-CN.png", fullPage: true });
    await admin.context().addCookies([{ name: "preferred-language", value: "us-en", url: server.url }]);

    // The users figure has no screen of its own: no link (it used to open the audit log).
    await gotoHydrated(admin, `${server.url}/admin`);
    expect(await admin.locator("[data-card=users] a").count()).toBe(0);
    expect(await admin.locator("[data-card=submissions] a").getAttribute("href")).toBe("/admin/submissions");

    // Page 99 of a one-page list is its last page, typed in the address or in the jump box.
    await gotoHydrated(admin, `${server.url}/admin/submissions?status=all&page=99`);
    expect(new URL(admin.url()).searchParams.get("page")).toBe("1");
    expect(await admin.getByTestId("pager-position").textContent()).toBe("Page 1 of 1");
    expect(await admin.locator("[data-testid=submission-row]").count()).toBeGreaterThan(0);
    await admin.getByTestId("pager-jump").fill("99");
    await admin.getByTestId("pager-jump").press("Enter");
    await admin.waitForURL((url) => url.searchParams.get("page") === "1");
    expect(await admin.getByTestId("pager-position").textContent()).toBe("Page 1 of 1");
  }, 120_000);

  it("pins a tool and moves another up: the home page's featured order follows", async () => {
    const featured = async () => {
      const visitor = await anonymousPage();
      await visitor.goto(`${server.url}/us-en`);
      return visitor.locator("section[aria-labelledby=featured-title] [data-testid=tool-card]").evaluateAll((cards) => cards.map((c) => c.getAttribute("href")!.split("/").pop()!));
    };
    const before = await featured();
    // The listing page that holds the fourth featured tool; pin it and move the tool below it up past it.
    const all = await listToolsOrder(db, { page: 1, pageSize: 1000, sortDir: "desc" });
    const position = all.data.findIndex((row) => row.slug === before[3]);
    const pageNumber = Math.floor(position / 20) + 1;
    await gotoHydrated(admin, `${server.url}/admin/tools-order`);
    await admin.locator("[data-testid=pager-jump]").fill(String(pageNumber));
    await admin.locator("[data-testid=pager-jump]").press("Enter");
    await admin.waitForURL((url) => url.searchParams.get("page") === String(pageNumber));
    const rows = admin.locator("[data-testid=order-row]");
    const slugs = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-slug")!));
    const pinned = before[3]!;
    const mover = slugs[slugs.indexOf(pinned) + 1] ?? slugs[slugs.indexOf(pinned) - 1]!;
    await admin.locator(`[data-testid=order-row][data-slug="${pinned}"] [data-testid=order-pin]`).click();
    // Move the other tool to the top of the page.
    for (let i = slugs.indexOf(mover); i > 0; i--) await admin.locator(`[data-testid=order-row][data-slug="${mover}"] [data-testid=order-up]`).click();
    expect(await rows.first().getAttribute("data-slug")).toBe(mover);
    await admin.locator("[data-testid=order-save]").click();
    await admin.locator("[data-testid=order-saved]").waitFor();
    // The list is reloaded after the save: the pinned tool now heads the page.
    if (pageNumber === 1) await admin.waitForFunction((slug) => document.querySelector("[data-testid=order-row]")?.getAttribute("data-slug") === slug, pinned);
    await admin.screenshot({ path: "test-results/admin-tools-order.png", fullPage: true });
    expect(await admin.locator(`[data-testid=order-row][data-slug="${pinned}"] [data-testid=order-pinned]`).textContent()).toBe("Yes");

    const after = await featured();
    expect(after).not.toEqual(before);
    expect(after[0]).toBe(pinned);
    // The moved tool now comes before every other tool of its page in the home page's order.
    const samePage = after.filter((slug) => slugs.includes(slug) && slug !== pinned);
    if (after.includes(mover)) expect(samePage[0]).toBe(mover);
  }, 150_000);
});

describe("admin API", () => {
  it("accepts a bearer token from sign-in, and answers 401 without one and 403 for a non-admin", async () => {
    const signIn = async (email: string) => {
      const response = await fetch(`${server.url}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify({ email, password: PASSWORD }) });
      expect(response.status).toBe(200);
      return response.headers.get("set-auth-token")!;
    };
    const adminToken = await signIn(ADMIN_EMAIL);
    const list = await fetch(`${server.url}/api/admin/submissions?status=approved`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: Array<{ slug: string }>; error: null };
    expect(body.error).toBeNull();
    expect(body.data.map((s) => s.slug)).toContain("lumen-sketchpad");

    const order = (await (await fetch(`${server.url}/api/admin/tools-order?page=1&pageSize=5&sortBy=id&sortDir=asc`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { data: Array<{ id: number }>; total: number };
    expect(order.data).toHaveLength(5);
    expect(order.total).toBeGreaterThan(5);

    const bad = await fetch(`${server.url}/api/admin/tools-order`, { method: "PATCH", headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" }, body: JSON.stringify({ updates: [{ id: "x" }] }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_input");

    expect((await fetch(`${server.url}/api/admin/submissions`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { authorization: "Bearer forged.token" } })).status).toBe(401);
    const makerToken = await signIn(MAKER_EMAIL);
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { authorization: `Bearer ${makerToken}` } })).status).toBe(403);
  });
});
