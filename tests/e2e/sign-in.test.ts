import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { providerEnv, startFakeDouyin, startFakeGithub, startFakeGoogle, startFakeWechat, type FakeServer } from "../support/fake-providers";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpCapture } from "../support/smtp";

/** Every sign-in method end to end in Chromium against the production build and fake providers. */
let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let wechat: FakeServer;
let douyin: FakeServer;
let github: FakeServer;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const ADMIN_EMAIL = "chief@example.com";

beforeAll(async () => {
  [smtp, wechat, douyin, github, google, browser] = await Promise.all([
    startSmtpCapture(),
    startFakeWechat(),
    startFakeDouyin(),
    startFakeGithub(),
    startFakeGoogle({ email: "gina@example.com", name: "Gina Google", picture: "https://example.com/g.png" }),
    launchBrowser(),
  ]);
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: ADMIN_EMAIL,
    // The HTTP tests below speak through a "proxy" on loopback, so each can come from its own address.
    TRUST_PROXY: "loopback",
    ...providerEnv({ wechat, douyin, github, googleUrl: google.url }),
  });
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) (await import("node:fs")).writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? "");
  await browser?.close();
  await server?.stop();
  await Promise.all([smtp?.stop(), wechat?.stop(), douyin?.stop(), github?.stop(), google?.stop()]);
});

const GERMAN = JSON.parse(readFileSync("public/locales/de/user.json", "utf8")) as { auth: Record<string, string> };

let clientNumber = 0;

/**
 * A new browser as a new client: each context comes through the (trusted, loopback) proxy with its
 * own address, as visitors do in production, so one test's sign-ins do not use up the per-address
 * sign-in limit of the next.
 */
async function freshPage(options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${++clientNumber}` }, ...options });
  return { context, page: await context.newPage() };
}

async function openDialog(page: Page, path = "/us-en/about") {
  await gotoHydrated(page, `${server.url}${path}`);
  await page.getByTestId("login-button").click();
  await page.getByTestId("login-dialog").waitFor();
}

/** Signed in: the menu shows the name, survives a reload, and logout brings the login button back. */
async function expectSignedInThenLogout(page: Page, name: string) {
  await page.getByTestId("user-menu-button").waitFor();
  expect(await page.getByTestId("user-name").textContent()).toBe(name);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(await page.getByTestId("user-name").textContent()).toBe(name);
  const mirrored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("user") ?? "null"));
  expect(mirrored?.name).toBe(name);
  await page.getByTestId("user-menu-button").click();
  await page.screenshot({ path: `test-results/auth-menu-${name.replace(/\W+/g, "_")}.png` });
  await page.getByTestId("logout-button").click();
  await page.getByTestId("login-button").waitFor();
  expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBeNull();
  await page.reload();
  await page.getByTestId("login-button").waitFor();
}

describe("sign-in in Chromium", () => {
  it("signs in by a magic link read from the mail", async () => {
    const { context, page } = await freshPage();
    await openDialog(page, "/de/about");
    const submit = page.getByTestId("email-submit");
    expect(await submit.isDisabled()).toBe(true);
    await page.locator("[data-testid=email-form] input[name=email]").fill("mia@example.com");
    await submit.click();
    expect(await page.getByTestId("login-notice").textContent()).toBe("Der Anmeldelink wurde an Ihre E-Mail-Adresse gesendet; bitte prüfen Sie Ihr Postfach.");
    const link = await smtp.linkFor("mia@example.com");
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/de/about");
    await expectSignedInThenLogout(page, "mia@example.com");
    await context.close();
  });

  it("registers with a password, then signs in with it", async () => {
    const { context, page } = await freshPage();
    await openDialog(page);
    await page.getByRole("tab", { name: "Register" }).click();
    await page.screenshot({ path: "test-results/auth-dialog-register.png" });
    await page.locator("[data-testid=email-form] input[name=email]").fill("pat@example.com");
    await page.locator("[data-testid=email-form] input[name=password]").fill("correct horse battery");
    await page.getByTestId("email-submit").click();
    expect(await page.getByTestId("login-notice").textContent()).toBe("Registration email sent, finish verification then return to the site.");
    await expectSignedInThenLogout(page, "pat@example.com");
    expect(smtp.messages.some((m) => m.to.includes("pat@example.com"))).toBe(true);

    await openDialog(page);
    await page.locator("[data-testid=email-form] input[name=email]").fill("pat@example.com");
    await page.locator("[data-testid=email-form] input[name=password]").fill("wrong password!");
    await page.getByTestId("email-submit").click();
    expect(await page.getByTestId("login-notice").textContent()).toBe("Wrong e-mail or password.");
    await page.locator("[data-testid=email-form] input[name=password]").fill("correct horse battery");
    await page.getByTestId("email-submit").click();
    await expectSignedInThenLogout(page, "pat@example.com");
    await context.close();
  });

  it("says on a German page why a registration password is refused", async () => {
    const { context, page } = await freshPage();
    await openDialog(page, "/de/about");
    await page.getByRole("tab", { name: GERMAN.auth.modeRegister }).click();
    const form = page.locator("[data-testid=email-form]");
    await form.locator("input[name=email]").fill("schwach@example.com");
    for (const [password, key] of [["Summer2024", "passwordDates"], ["schwach@example.com", "passwordPersonal"], ["abcdefgh", "passwordSequence"]] as const) {
      await form.locator("input[name=password]").fill(password);
      await page.getByTestId("email-submit").click();
      await page.getByTestId("login-notice").filter({ hasText: GERMAN.auth[key] }).waitFor();
    }
    await page.screenshot({ path: "test-results/auth-weak-password-de.png" });
    await context.close();
  });

  it("tells the owner on a German page that a sign-in link was mailed while strangers guess at the account", async () => {
    const email = "eva@example.com";
    const post = (path: string, body: unknown, address: string) =>
      fetch(`${server.url}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": address }, body: JSON.stringify(body) });
    expect((await post("/sign-up/email", { email, password: "Quiet-Lantern-Orbit-4", name: "" }, "198.51.100.240")).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await post("/sign-in/email", { email, password: `Wrong-Guess-${i}-Orbit` }, `203.0.113.${100 + i}`)).status).toBe(401);
    // Only mail sent from here on counts (the registration sent a verification mail).
    for (let i = smtp.messages.length - 1; i >= 0; i--) if (smtp.messages[i]!.to.includes(email)) smtp.messages.splice(i, 1);

    const { context, page } = await freshPage();
    await openDialog(page, "/de/about");
    const form = page.locator("[data-testid=email-form]");
    await form.locator("input[name=email]").fill(email);
    await form.locator("input[name=password]").fill("Quiet-Lantern-Orbit-4");
    await page.getByTestId("email-submit").click();
    await page.getByTestId("login-notice").filter({ hasText: GERMAN.auth.signInLinkSent }).waitFor();
    await page.screenshot({ path: "test-results/auth-link-sent-de.png" });
    await page.goto(await smtp.linkFor(email));
    await page.waitForURL((url) => url.pathname === "/de/about");
    await page.getByTestId("user-menu-button").waitFor();
    await context.close();
  });

  it("signs in with the Google fake and returns to the page", async () => {
    const { context, page } = await freshPage();
    await openDialog(page, "/fr/about");
    await page.getByRole("button", { name: "Continuer avec Google" }).click();
    await page.waitForURL((url) => url.pathname === "/fr/about");
    await expectSignedInThenLogout(page, "Gina Google");
    await context.close();
  });

  it("signs in with the GitHub fake", async () => {
    const { context, page } = await freshPage();
    await openDialog(page);
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL((url) => url.pathname === "/us-en/about");
    await expectSignedInThenLogout(page, "Octo Tester");
    expect(github.requests).toContain("GET /user/emails");

    // A failed token exchange comes back to the page with the dialog open and the spec's message.
    github.failTokenExchange = true;
    try {
      await openDialog(page);
      await page.getByRole("button", { name: "Continue with GitHub" }).click();
      await page.waitForURL((url) => url.pathname === "/us-en/about" && url.searchParams.get("loginError") === "github");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(await page.getByTestId("login-notice").textContent()).toBe("GitHub login failed");
      expect(await page.getByTestId("login-button").count()).toBe(1);
    } finally {
      github.failTokenExchange = false;
    }
    await context.close();
  });

  it("signs in by WeChat QR through the fake", async () => {
    const { context, page } = await freshPage();
    await openDialog(page, "/zh-CN/about");
    await page.getByRole("tab", { name: "微信扫码" }).click();
    await page.getByTestId("wechat-start").click();
    const frame = page.frameLocator("[data-testid=wechat-qr]");
    await frame.locator("#confirm").waitFor();
    await page.screenshot({ path: "test-results/auth-dialog-wechat.png" });
    await frame.locator("#confirm").click();
    await page.waitForURL((url) => url.pathname === "/auth/wechat/callback");
    expect(await page.getByTestId("callback-title").textContent()).toBe("登录成功，正在返回...");
    await page.waitForURL((url) => url.pathname === "/zh-CN/about");
    // The fake's avatar URL cannot load here: the menu shows the initial, not a broken image.
    await page.getByTestId("user-initial").waitFor();
    expect(await page.getByTestId("user-initial").textContent()).toBe("微");
    await expectSignedInThenLogout(page, "微信测试用户");
    await context.close();
  });

  it("signs in by Douyin QR scanned on another device", async () => {
    const { context, page } = await freshPage();
    await openDialog(page);
    await page.getByRole("tab", { name: "Douyin QR" }).click();
    const started = page.waitForResponse((r) => r.url().endsWith("/api/auth/douyin/start"));
    await page.getByTestId("douyin-start").click();
    const { authorizeUrl } = (await (await started).json()) as { authorizeUrl: string };
    expect(await page.getByTestId("douyin-qr").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("scope")).toBe("user_info");
    expect(url.searchParams.get("state")).toMatch(/^douyin_login_/);

    const phone = await freshPage();
    await phone.page.goto(authorizeUrl);
    await phone.page.click("#confirm");
    await phone.page.waitForURL((u) => u.pathname === "/auth/douyin/callback");
    expect(await phone.page.getByTestId("callback-message").textContent()).toBe("Signed in. You can return to your computer.");
    await phone.context.close();

    await page.waitForURL((u) => u.pathname === "/us-en/about" && u.search === "", { timeout: 15_000 });
    await expectSignedInThenLogout(page, "抖音测试用户");
    await context.close();
  });

  it("opens the login dialog from a tool's promote button and continues there after sign-in", async () => {
    const { context, page } = await freshPage();
    await gotoHydrated(page, `${server.url}/us-en/tool/grammarly`);
    await page.locator("[data-action=promote]").click();
    await page.getByTestId("login-dialog").waitFor();
    expect(new URL(page.url()).pathname).toBe("/us-en/tool/grammarly");
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL((url) => url.pathname === "/us-en/user/advertise");
    await context.close();
  });

  it("refuses a WeChat callback with a bad state and creates no session", async () => {
    const { context, page } = await freshPage({ locale: "zh-CN" });
    await page.goto(`${server.url}/auth/wechat/callback?code=x&state=bad`);
    expect(await page.getByTestId("callback-message").textContent()).toBe("无效的状态参数");
    const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(session).toBeNull();
    await page.goto(`${server.url}/auth/wechat/callback?state=wechat_login_x`);
    expect(await page.getByTestId("callback-message").textContent()).toBe("未获取到授权码");
    await page.waitForURL((u) => u.pathname === "/zh-CN" || u.pathname === "/", { timeout: 10_000 });

    // A provider error during the exchange: the page says so (with WeChat's message) and no session exists.
    wechat.failTokenExchange = true;
    try {
      await openDialog(page, "/zh-CN/about");
      await page.getByRole("tab", { name: "微信扫码" }).click();
      await page.getByTestId("wechat-start").click();
      await page.frameLocator("[data-testid=wechat-qr]").locator("#confirm").click();
      await page.waitForURL((u) => u.pathname === "/auth/wechat/callback");
      expect(await page.getByTestId("callback-message").textContent()).toBe("微信登录交换失败 (40029 invalid code)");
    } finally {
      wechat.failTokenExchange = false;
    }
    expect(await page.evaluate(async () => (await fetch("/api/auth/get-session")).json())).toBeNull();
    await context.close();
  });
});

describe("sign-in over HTTP", () => {
  it("signs up by POST, signs in and reads the session with the cookie", async () => {
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": "198.51.100.1" },
      body: JSON.stringify({ email: "fetch@example.com", password: "long enough pw", name: "" }),
    });
    expect(signUp.status).toBe(200);
    // Sign-up answers alike whether or not the address is taken: no session until the password signs in.
    expect(signUp.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toEqual([]);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": "198.51.100.1" },
      body: JSON.stringify({ email: "fetch@example.com", password: "long enough pw" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toMatch(/session_token=/);
    expect(signIn.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    const session = await (await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } })).json();
    expect(session.user.email).toBe("fetch@example.com");
  });

  it("answers the sixth wrong password within a minute with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": "203.0.113.66" },
        body: JSON.stringify({ email: "fetch@example.com", password: "not the password" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("refuses sign-in requests from another origin", async () => {
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie: "theme=light", "x-forwarded-for": "203.0.113.70" },
      body: JSON.stringify({ email: "fetch@example.com", password: "long enough pw" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("admin area", () => {
  it("sends anonymous visitors of /admin to /admin/login", async () => {
    const response = await fetch(`${server.url}/admin`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin\/login/);
  });

  it("refuses a signed-in non-admin, and signs them out at the admin login", async () => {
    const { context, page } = await freshPage();
    await gotoHydrated(page, `${server.url}/us-en`);
    await page.evaluate(() =>
      fetch("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "plain@example.com", password: "plain password", name: "" }) }).then(() =>
        fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "plain@example.com", password: "plain password" }) }),
      ),
    );
    const response = await page.goto(`${server.url}/admin`);
    expect(response?.status()).toBe(403);
    expect(await page.getByTestId("admin-forbidden").locator("h1").textContent()).toBe("No admin permission to access this page");

    await gotoHydrated(page, `${server.url}/admin/login`);
    await page.locator("[data-testid=admin-login-form] button[type=submit]").click();
    expect(await page.getByTestId("admin-login-error").textContent()).toBe("Please enter e-mail and password");
    await page.fill("input[name=email]", "plain@example.com");
    await page.fill("input[name=password]", "plain password");
    await page.locator("[data-testid=admin-login-form] button[type=submit]").click();
    await page.getByText("No admin permission to access this page").waitFor();
    const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(session).toBeNull();
    await context.close();
  });

  it("gives an unverified listed address nothing, tells it to verify first, and lets it in after the mail link", async () => {
    const { context, page } = await freshPage();
    await gotoHydrated(page, `${server.url}/us-en`);
    const signIn = await page.evaluate(async (email) => {
      const post = (path: string, body: unknown) => fetch(`/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      await post("/sign-up/email", { email, password: "admin password", name: "Chief" });
      const response = await post("/sign-in/email", { email, password: "admin password" });
      return { status: response.status, token: response.headers.get("set-auth-token") };
    }, ADMIN_EMAIL);
    expect(signIn.status).toBe(200);
    // Anyone can register a listed address: until its mailbox proves it, neither the console nor the API opens.
    expect((await page.goto(`${server.url}/admin`))?.status()).toBe(403);
    const api = await fetch(`${server.url}/api/admin/submissions`, { headers: { authorization: `Bearer ${signIn.token}` } });
    expect(api.status).toBe(403);
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
    await gotoHydrated(page, `${server.url}/admin/login`);
    await page.fill("input[name=email]", ADMIN_EMAIL);
    await page.fill("input[name=password]", "admin password");
    await page.locator("[data-testid=admin-login-form] button[type=submit]").click();
    await page.getByTestId("admin-login-error").filter({ hasText: "verified" }).waitFor();
    expect(await page.getByTestId("admin-login-error").textContent()).toBe(
      "This address is on the administrators' list but has not been verified yet. We have sent you a verification e-mail: open its link, then log in here again.",
    );
    expect(await page.evaluate(async () => (await fetch("/api/auth/get-session")).json())).toBeNull();

    // The owner opens the link from the mail: signed in, verified, an administrator.
    await page.goto(await smtp.linkFor(ADMIN_EMAIL));
    await gotoHydrated(page, `${server.url}/admin/login`);
    await page.waitForURL((u) => u.pathname === "/admin");
    await page.getByTestId("admin-card").first().waitFor();
    expect(await page.getByTestId("admin-card").count()).toBe(4);
    expect(await page.getByRole("link", { name: /Review tool submissions/ }).first().getAttribute("href")).toBe("/admin/submissions");
    await page.screenshot({ path: "test-results/auth-admin-home.png" });
    await context.close();
  });
});
