import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * `npm start` without SMTP_URL (production, no mail): pages promise no e-mail and say where the answer shows
 * up; the advertise page shows its audience figures only past the configured thresholds, with labels in
 * each language's plural forms; one advertising request is announced once.
 */
let server: RunningServer;
let browser: Browser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: "",
      ADVERTISE_MIN_USERS: "2",
      ADVERTISE_MIN_FAVORITES: "1",
      ADVERTISE_MIN_PAGE_VIEWS_30D: "0",
    }),
    launchBrowser(),
  ]);
  cookies.ann = await register("ann@example.com");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function register(email: string): Promise<string> {
  const headers = { origin: server.url, "content-type": "application/json" };
  const body = JSON.stringify({ email, password: "correct horse battery", name: "" });
  expect((await fetch(`${server.url}/api/auth/sign-up/email`, { method: "POST", headers, body })).status).toBe(200);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, { method: "POST", headers, body });
  expect(signIn.status).toBe(200);
  return signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function signedIn(cookie: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies(cookie.split("; ").map((pair) => {
    const [name, ...value] = pair.split("=");
    return { name: name!, value: value.join("="), url: server.url };
  }));
  return context.newPage();
}

describe("a site that cannot send mail", () => {
  it("says after a submission that the result shows under My tools, and My tools says it shows there", async () => {
    const page = await signedIn(cookies.ann!);
    await gotoHydrated(page, `${server.url}/de/user/submit-tool`);
    await page.locator("input[name=name]").fill("Quillmate");
    await page.locator("input[name=website_url]").fill("https://quillmate.example.com");
    await page.locator("textarea[name=description]").fill("Schreibt Texte.");
    await page.locator("select[name=category]").selectOption("text-generation-editing");
    await page.getByTestId("submit-button").click();
    await page.getByTestId("submit-success").waitFor();
    const success = await page.getByTestId("submit-success-text").textContent();
    expect(success).toBe("Es wartet jetzt auf die Prüfung; wir sehen uns jede Einreichung innerhalb von 48 Stunden an. Die Entscheidung erscheint unter „Meine Tools“, dort finden Sie das Ergebnis.");
    expect(success).not.toMatch(/E-Mail/);

    for (const [lang, text] of [
      ["de", "Wir prüfen jede Einreichung innerhalb von 48 Stunden. Die Entscheidung erscheint hier auf dieser Seite."],
      ["us-en", "We review every submission within 48 hours. The decision will appear here, on this page."],
      ["zh-CN", "我们会在48小时内审核每一个提交。审核结果将显示在本页。"],
    ] as const) {
      await gotoHydrated(page, `${server.url}/${lang}/user/my-tools`);
      expect(await page.getByTestId("my-tool-note").first().textContent()).toBe(text);
    }
    await page.context().close();
  });

  it("shows the advertise page's service cards alone while the audience is small, and announces a request once", async () => {
    const page = await signedIn(cookies.ann!);
    await gotoHydrated(page, `${server.url}/us-en/user/advertise`);
    // One registered user of the two the banner needs.
    expect(await page.getByTestId("ad-stats").count()).toBe(0);
    expect(await page.getByTestId("ad-services").locator("li").count()).toBe(5);
    // How the answer comes: under Orders and on the chosen platform, not "by e-mail".
    expect(await page.getByTestId("ad-faq-answer").first().textContent()).toBe(
      "Our team answers every request within two business days: the answer appears under Orders, and we contact you on the platform you chose.",
    );

    const notices: string[] = [];
    page.on("request", (request) => request.url().endsWith("/api/ad/notify") && notices.push(request.method()));
    await page.locator("input[name=tool_name]").fill("Quillmate");
    await page.locator("input[name=contact_email]").fill("ann@example.com");
    await page.getByTestId("ad-submit").click();
    await page.waitForURL((url) => url.pathname === "/us-en/user/advertise/review");
    await page.waitForTimeout(1000);
    expect(notices).toEqual(["POST"]);
    expect(await page.getByTestId("page-intro").textContent()).toBe(
      "Thank you. We have your advertising request and will answer within two business days. Its status and our answer will appear under Orders.",
    );
    await page.context().close();
  });

  it("shows the audience figures once they pass the thresholds, each label agreeing with its number", async () => {
    cookies.bea = await register("bea@example.com");
    const favorite = await fetch(`${server.url}/api/favorites`, {
      method: "POST",
      headers: { cookie: cookies.ann!, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ type: "tool", slug: "chatgpt" }),
    });
    expect(favorite.status).toBeLessThan(300);
    const page = await signedIn(cookies.ann!);
    const labels = async () =>
      page.getByTestId("ad-stats").locator("[data-testid^=stat-]:not([data-testid=stat-value]):not([data-testid=stat-label])").evaluateAll((cells) =>
        Object.fromEntries(cells.map((cell) => [cell.getAttribute("data-testid"), `${cell.querySelector("[data-testid=stat-value]")!.textContent} ${cell.querySelector("[data-testid=stat-label]")!.textContent}`])),
      );
    for (const [lang, users, favorites] of [
      ["us-en", "2 registered users", "1 tool saved to favorites"],
      ["de", "2 registrierte Nutzer", "1 als Favorit gespeichertes Tool"],
      ["fr", "2 utilisateurs inscrits", "1 outil mis en favori"],
      ["zh-CN", "2 注册用户", "1 工具收藏次数"],
    ] as const) {
      await gotoHydrated(page, `${server.url}/${lang}/user/advertise`);
      const shown = await labels();
      expect(shown["stat-users"], lang).toBe(users);
      expect(shown["stat-favorites"], lang).toBe(favorites);
      expect(Object.keys(shown)).toEqual(["stat-tools", "stat-users", "stat-favorites", "stat-pageViews"]);
    }
    await page.context().close();
  });
});
