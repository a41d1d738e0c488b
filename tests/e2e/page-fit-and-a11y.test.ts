import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/.server/db";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpCapture } from "../support/smtp";
import { insertMakerAndPlacement } from "../support/makers";
import { insertAdRequest, insertSubmission, insertUpdateSubmission, submitPayload } from "../support/submissions";

/**
 * Every kind of page, as a visitor, a signed-in user and an administrator, in Chromium against the production
 * build: no page is wider than a 360 px phone (German, Vietnamese, Japanese and French are the long or
 * unbreakable ones), and axe-core finds nothing against WCAG 2.2 AA and its best practices on the desktop and
 * on a 390 px phone, in English, German and Chinese (see AXE_WALKS), nor an `aria-label` on a plain `span`
 * (which the HTML checker refuses). One server and one browser serve both walks.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };
const SCREENS = "test-results/screens";

type Role = "visitor" | "user" | "admin";
interface PageKind {
  name: string;
  path: string;
  role: Role;
}

/** Paths without the language segment; admin pages take their language from the cookie instead. */
const PAGE_KINDS: PageKind[] = [
  { name: "home", path: "/", role: "visitor" },
  { name: "tools", path: "/tools", role: "visitor" },
  { name: "tools-category", path: "/tools/image-generation-editing", role: "visitor" },
  { name: "tool", path: "/tool/chatgpt", role: "visitor" },
  { name: "categories", path: "/categories", role: "visitor" },
  { name: "category", path: "/category/text-generation-editing", role: "visitor" },
  { name: "case-studies", path: "/case-studies", role: "visitor" },
  { name: "case-study", path: "/case-study/jasper-agency-ad-variants", role: "visitor" },
  { name: "ecommerce", path: "/ecommerce", role: "visitor" },
  { name: "ecommerce-detail", path: "/ecommerce/jungle-scout", role: "visitor" },
  { name: "alternatives", path: "/alternatives/github-copilot", role: "visitor" },
  { name: "ecommerce-alternatives", path: "/ecommerce/alternatives/jungle-scout", role: "visitor" },
  { name: "compare", path: "/compare/chatgpt-vs-midjourney", role: "visitor" },
  { name: "trends", path: "/trends", role: "visitor" },
  { name: "developers", path: "/developers", role: "visitor" },
  { name: "about", path: "/about", role: "visitor" },
  { name: "contact", path: "/contact", role: "visitor" },
  { name: "careers", path: "/careers", role: "visitor" },
  { name: "privacy", path: "/privacy-policy", role: "visitor" },
  { name: "terms", path: "/terms-of-service", role: "visitor" },
  { name: "how-we-rank", path: "/how-we-rank", role: "visitor" },
  { name: "submit", path: "/submit-tool", role: "visitor" },
  { name: "not-found", path: "/no-such-page", role: "visitor" },
  { name: "user-dashboard", path: "/user/dashboard", role: "user" },
  { name: "user-business", path: "/user/business", role: "user" },
  { name: "user-my-tools", path: "/user/my-tools", role: "user" },
  { name: "user-advertise", path: "/user/advertise", role: "user" },
  // The walk's database is new: the one advertising request it adds has id 1.
  { name: "user-advertise-review", path: "/user/advertise/review?id=1", role: "user" },
  { name: "user-submit", path: "/user/submit-tool", role: "user" },
  { name: "user-update", path: "/user/update-tool", role: "user" },
  { name: "user-orders", path: "/user/orders", role: "user" },
  { name: "user-favorites", path: "/user/favorites", role: "user" },
  { name: "admin-login", path: "/admin/login", role: "visitor" },
  { name: "admin", path: "/admin", role: "admin" },
  { name: "admin-submissions", path: "/admin/submissions", role: "admin" },
  { name: "admin-tools-order", path: "/admin/tools-order", role: "admin" },
  { name: "admin-advertise", path: "/admin/advertise", role: "admin" },
  { name: "admin-audit-log", path: "/admin/audit-log", role: "admin" },
  { name: "admin-analytics", path: "/admin/analytics", role: "admin" },
  { name: "admin-claims", path: "/admin/claims", role: "admin" },
  // Administrators see every listing's statistics (the user is its verified maker: see below).
  { name: "user-listing-stats", path: "/user/my-tools/chatgpt/stats", role: "admin" },
  { name: "claim-confirm", path: "/claim/no-such-token", role: "visitor" },
  { name: "admin-reports", path: "/admin/reports?tab=pending", role: "admin" },
];

const ADMIN_EMAIL = "walk-admin@example.com";
const USER_EMAIL = "walk-user@example.com";
const PASSWORD = "a long password 1";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "walk-e2e-"));
let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const contexts = new Map<Role, BrowserContext>();

async function signedInContext(email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `${server.url}/us-en/about`);
  const statuses = await page.evaluate(
    async ({ email, password }) => {
      const post = (url: string, body: object) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      // Sign-up opens no session (it answers alike for taken addresses): sign in next.
      return [await post("/api/auth/sign-up/email", { email, password, name: email.split("@")[0] }), await post("/api/auth/sign-in/email", { email, password })];
    },
    { email, password: PASSWORD },
  );
  expect(statuses).toEqual([200, 200]);
  await page.close();
  return context;
}

beforeAll(async () => {
  const [port, mail] = await Promise.all([freePort(), startSmtpCapture()]);
  smtp = mail;
  const file = path.join(dir, "walk.db");
  [server, browser] = await Promise.all([
    startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, DATABASE_URL: `file:${file}` }),
    launchBrowser(),
  ]);
  contexts.set("visitor", await browser.newContext());
  contexts.set("user", await signedInContext(USER_EMAIL));
  contexts.set("admin", await signedInContext(ADMIN_EMAIL));
  await fillUserAndAdminPages(file);
  fs.mkdirSync(SCREENS, { recursive: true });
}, 120_000);
afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The user and admin pages with something on them (empty lists hide most of their markup): a pending
 * submission, a proposed change with its diff table, a rejected submission (an audit log row), an advertising
 * request and a favourite.
 */
async function fillUserAndAdminPages(file: string) {
  const db = createDatabase({ database: { kind: "sqlite", path: file } });
  let rejected: number;
  try {
    const userId = (await db.selectFrom("user").select("id").where("email", "=", USER_EMAIL).executeTakeFirstOrThrow()).id;
    const chatgpt = await db.selectFrom("tools").select("id").where("slug", "=", "chatgpt").executeTakeFirstOrThrow();
    await insertSubmission(db, userId, submitPayload({ contact_email: USER_EMAIL }));
    rejected = await insertSubmission(db, userId, submitPayload({ name: "Second Draft Studio", website_url: "https://second-draft.example.com", contact_email: USER_EMAIL }));
    await insertUpdateSubmission(db, userId, Number(chatgpt.id), {
      tool_slug: "chatgpt",
      language: "us-en",
      contact_email: USER_EMAIL,
      before: { pricing: "freemium" },
      changes: { pricing: "paid", description: "A chat assistant that drafts, summarizes and answers questions about files, pictures and the web." },
    });
    await insertAdRequest(db, userId, "Quill Draftsmith", USER_EMAIL);
    // The user makes ChatGPT (a verified claim), and their request runs as the home page's sponsored place.
    await insertMakerAndPlacement(db, userId, Number(chatgpt.id));
    // A listed address counts as an administrator only once verified (the link of its verification mail).
    await db.updateTable("user").set({ emailVerified: 1 as never }).where("email", "=", ADMIN_EMAIL).execute();
    await db.destroy();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const admin = await contexts.get("admin")!.newPage();
  const user = await contexts.get("user")!.newPage();
  await gotoHydrated(admin, `${server.url}/admin`);
  await gotoHydrated(user, `${server.url}/us-en/about`);
  const statuses = await Promise.all([
    admin.evaluate(
      (id) => fetch(`/api/admin/submissions/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "rejected", notes: "Duplicate of an existing listing" }) }).then((r) => r.status),
      rejected,
    ),
    user.evaluate(() => fetch("/api/favorites", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: "tool", slug: "chatgpt" }) }).then((r) => r.status)),
  ]);
  expect(statuses).toEqual([200, 200]);
  await Promise.all([admin.close(), user.close()]);
}

function urlOf(kind: PageKind, lang: string): string {
  return kind.path.startsWith("/admin") ? kind.path : `/${lang}${kind.path === "/" ? "" : kind.path}`;
}

/** What sticks out sideways: the document's own width, and each heading whose box leaves the viewport. */
async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`document is ${document.documentElement.scrollWidth} px wide`);
    for (const heading of document.querySelectorAll<HTMLElement>("h1, h2, h3, h4")) {
      const box = heading.getBoundingClientRect();
      if (box.width === 0) continue;
      // A heading that runs past its own box (a word too long to wrap) overflows even when a parent clips it.
      if (box.left < 0 || box.right > width || heading.scrollWidth > heading.clientWidth + 1) found.push(`heading "${heading.textContent!.trim().slice(0, 60)}" overflows`);
    }
    return found;
  });
}

/**
 * What the HTML checker refuses and axe only lists for review: `aria-label` on an element without a role that
 * takes a name (a plain `span` or `div`), which screen readers ignore. Ratings and counts are `role="img"`.
 */
async function namesOnGenericElements(page: Page): Promise<string[]> {
  return page.$$eval("span[aria-label]:not([role]), div[aria-label]:not([role]), p[aria-label]:not([role])", (elements) =>
    elements.map((el) => `aria-label "${el.getAttribute("aria-label")}" on a plain ${el.tagName.toLowerCase()}`).slice(0, 3),
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] }> } }).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    AXE_TAGS,
  );
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

interface Step {
  size: string;
  viewport: { width: number; height: number };
  axe: boolean;
}

/**
 * Visits every page kind in one language, a few pages at once (each on a tab of its role's context). Each
 * page is loaded once and checked at every size of `steps` in turn: the layout is CSS alone (no script reads
 * the window's width), so resizing the tab shows what a load at that size would. Returns what each check
 * found, by size and page.
 */
async function walk(lang: string, steps: Step[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  const queue = [...PAGE_KINDS];
  const tabs = new Map<Role, Page[]>();
  async function worker(slot: number) {
    for (let kind = queue.shift(); kind; kind = queue.shift()) {
      const list = tabs.get(kind.role) ?? [];
      tabs.set(kind.role, list);
      list[slot] ??= await contexts.get(kind.role)!.newPage();
      const page = list[slot]!;
      await page.setViewportSize(steps[0]!.viewport);
      await page.context().addCookies([{ name: "preferred-language", value: lang, url: server.url }]);
      await gotoHydrated(page, `${server.url}${urlOf(kind, lang)}`);
      const markup = await namesOnGenericElements(page);
      if (markup.length > 0) problems[urlOf(kind, lang)] = markup;
      for (const step of steps) {
        await page.setViewportSize(step.viewport);
        const found = await overflowOf(page);
        if (step.axe) found.push(...(await axeViolations(page)));
        if (process.env.WALK_SCREENSHOTS) await page.screenshot({ path: path.join(SCREENS, `walk-${lang}-${step.size}-${kind.name}.png`), fullPage: true });
        if (found.length > 0) problems[`${step.size} ${urlOf(kind, lang)}`] = found;
      }
    }
  }
  await Promise.all([0, 1, 2].map(worker));
  for (const list of tabs.values()) for (const page of list) await page?.close();
  return problems;
}

const desktop: Step = { size: "desktop", viewport: DESKTOP, axe: true };
const phone: Step = { size: "390px", viewport: PHONE, axe: true };
const narrow: Step = { size: "360px", viewport: NARROW, axe: false };

/**
 * Each language and each size is walked by axe, not every pair: a page's markup is the same at every width
 * (CSS alone lays it out), so what depends on the size (what is shown, targets, contrast over pictures) is
 * walked at both sizes in English, and what depends on the language (names, lengths, lang attributes) in
 * German on the phone and in Chinese on the desktop. German also fits a 360 px phone.
 */
const AXE_WALKS: Array<{ lang: string; steps: Step[] }> = [
  { lang: "us-en", steps: [desktop, phone] },
  { lang: "de", steps: [{ ...desktop, axe: false }, phone, narrow] },
  { lang: "zh-CN", steps: [desktop, { ...phone, axe: false }] },
];

describe("every page in English, German and Chinese", () => {
  for (const { lang, steps } of AXE_WALKS) {
    const walked = steps.filter((step) => step.axe).map((step) => (step.size === "desktop" ? "the desktop" : `a ${step.size} phone`));
    it(`passes axe-core (WCAG 2.2 AA, best practices) on ${walked.join(" and ")} and fits every size it is shown at: ${lang}`, async () => {
      expect(await walk(lang, steps)).toEqual({});
    }, 120_000);
  }
});

describe("every page in the languages with long or unbreakable words", () => {
  for (const lang of ["vi", "ja", "fr"]) {
    it(`fits a 360 px phone: ${lang}`, async () => {
      expect(await walk(lang, [narrow])).toEqual({});
    }, 120_000);
  }
});

describe("e-commerce filter labels", () => {
  it("show every group, filter and platform name whole (wrapped, never cut with an ellipsis) on the desktop and a phone", async () => {
    const cut: string[] = [];
    for (const lang of ["us-en", "de"]) {
      for (const [size, viewport] of [["desktop", DESKTOP], ["390px", PHONE]] as const) {
        const page = await contexts.get("visitor")!.newPage();
        await page.setViewportSize(viewport);
        await gotoHydrated(page, `${server.url}/${lang}/ecommerce`);
        // On phones the filters are folded behind their button.
        if (size !== "desktop") await page.getByTestId("ecommerce-filters-button").click();
        const sidebar = page.getByTestId("ecommerce-sidebar");
        await sidebar.waitFor();
        const labels = await sidebar.evaluate((root) =>
          [...root.querySelectorAll<HTMLElement>(".ecom-facet > span, .ecom-group-toggle > span")]
            .filter((label) => label.textContent!.trim() !== "" && label.getClientRects().length > 0)
            .map((label) => ({ text: label.textContent!.trim(), hidden: label.scrollWidth - label.clientWidth, right: label.getBoundingClientRect().right - root.getBoundingClientRect().right })),
        );
        expect(labels.length, `${lang} ${size}`).toBeGreaterThan(40);
        for (const label of labels) if (label.hidden > 0 || label.right > 0) cut.push(`${lang} ${size}: ${label.text}`);
        if (lang === "de") await page.screenshot({ path: path.join(SCREENS, `ecommerce-filters-${lang}-${size}.png`), fullPage: size !== "desktop" });
        await page.close();
      }
    }
    expect(cut).toEqual([]);
  }, 60_000);
});
