import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { SITE_PAGE, startFakeLlm, startFakeSite, type FakeLlm, type FakeSite } from "../support/fake-ai";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * The signed-in user's area in Chromium against the production build, a fake
 * tool website and a fake chat API on loopback (allow-listed for this server
 * only), with mail in the development outbox shown at /dev/mailbox.
 */
let server: RunningServer;
let browser: Browser;
let site: FakeSite;
let llm: FakeLlm;
/** One account for every test: sign-up is limited to 5 per minute and address. */
let cookie: string;
const ADMIN_EMAIL = "chief@example.com";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "user-area-files-"));
const files = { tooLarge: path.join(scratch, "huge.png"), renamedText: path.join(scratch, "notes.png") };
fs.writeFileSync(files.tooLarge, Buffer.alloc(6 * 1024 * 1024, 1));
fs.writeFileSync(files.renamedText, "just some notes, not a picture\n");
const USER_EMAIL = "sam@example.com";

beforeAll(async () => {
  [site, llm, browser] = await Promise.all([startFakeSite(), startFakeLlm(), launchBrowser()]);
  const port = await freePort();
  server = await startServer({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: "",
    ADMIN_EMAILS: ADMIN_EMAIL,
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: "test-key",
    LLM_MODEL: "fake-model",
    FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`,
  });
  cookie = await register(USER_EMAIL);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([site?.stop(), llm?.stop()]);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Registers an account through the auth API and returns its session cookie. */
async function register(email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", name: "" }),
  });
  expect(response.status).toBe(200);
  // Sign-up answers alike for new and taken addresses, so it opens no session: sign in next.
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addCookies(cookie.split("; ").map((pair) => {
    const [name, ...value] = pair.split("=");
    return { name: name!, value: value.join("="), url: server.url };
  }));
  return { context, page: await context.newPage() };
}

async function mailbox(page: Page): Promise<Array<{ text: string }>> {
  await gotoHydrated(page, `${server.url}/dev/mailbox`);
  return page.getByTestId("mailbox-message").evaluateAll((nodes) => nodes.map((n) => ({ text: n.textContent ?? "" })));
}

async function pngWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#4f46e5" } })
    .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: "gps here" } })
    .png()
    .toBuffer();
}

describe("the user area in Chromium", () => {
  it("submits a tool with an uploaded PNG and AI-generated text, lists it as awaiting review and mails both sides", async () => {
    const { context, page } = await signedInPage();
    await gotoHydrated(page, `${server.url}/us-en/user/submit-tool`);
    await page.locator("input[name=name]").fill("Quillmate");
    await page.locator("input[name=website_url]").fill(`${site.url}/moved`);
    await page.getByTestId("ai-generate").click();
    await page.getByTestId("ai-status").waitFor();
    expect(await page.locator("textarea[name=description]").inputValue()).toBe(llm.answer.description);
    expect(await page.locator("textarea[name=features]").inputValue()).toBe((llm.answer.features as string[]).join("\n"));
    expect(await page.getByRole("button", { name: "AI Writing" }).getAttribute("aria-pressed")).toBe("true");
    // The model was asked with the page's own text, fetched through the redirect, in the form's language.
    const asked = llm.requests.at(-1)!;
    expect(asked.model).toBe("fake-model");
    expect(asked.authorization).toBe("Bearer test-key");
    expect(asked.messages[1]!.content).toContain(SITE_PAGE.headings[1]);
    expect(asked.messages[0]!.content).toContain("English");
    expect(site.requests).toEqual(expect.arrayContaining(["/moved", "/"]));

    await page.getByTestId("image-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await pngWithExif() });
    await page.getByTestId("image-preview").waitFor();
    const preview = await page.getByTestId("image-preview").getAttribute("src");
    expect(preview).toMatch(/^\/uploads\/submissions\/img-[0-9a-f]{10}\.webp$/);
    const stored = Buffer.from(await (await fetch(`${server.url}${preview!.replace(/\.webp$/, ".png")}`)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect([metadata.format, metadata.width, metadata.exif]).toEqual(["png", 64, undefined]);

    await page.locator("select[name=category]").selectOption("text-generation-editing");
    expect(await page.locator("input[name=contact_email]").inputValue()).toBe(USER_EMAIL);
    await page.screenshot({ path: "test-results/user-submit-filled.png", fullPage: true });
    await page.getByTestId("submit-button").click();
    await page.getByTestId("submit-success").waitFor();
    await page.getByTestId("success-my-tools").click();
    await page.getByTestId("my-tools-list").waitFor();
    expect(await page.getByTestId("my-tool-name").first().textContent()).toBe("Quillmate");
    expect(await page.getByTestId("status-badge").first().textContent()).toBe("Awaiting review");
    await page.screenshot({ path: "test-results/user-my-tools.png", fullPage: true });

    const mails = await mailbox(page);
    expect(mails.find((m) => m.text.includes("We received your tool: Quillmate"))?.text).toContain(USER_EMAIL);
    expect(mails.find((m) => m.text.includes("New tool to review: Quillmate"))?.text).toContain(ADMIN_EMAIL);
    await context.close();
  }, 180_000);

  const MESSAGES = {
    "zh-CN": ["请输入工具名称", "请输入网站链接", "请输入有效的网站链接（以http://或https://开头）", "请输入工具描述", "请选择工具类别", "请输入联系邮箱", "请输入有效的邮箱地址"],
    "us-en": [
      "Please enter the tool name",
      "Please enter the website link",
      "Please enter a valid website link (starting with http:// or https://)",
      "Please enter a description of the tool",
      "Please choose a tool category",
      "Please enter a contact e-mail",
      "Please enter a valid e-mail address",
    ],
  } as const;

  for (const lang of ["zh-CN", "us-en"] as const) {
    it(`shows each validation message in spec order for bad input (${lang}) and refuses a 6 MB file and a renamed text file`, async () => {
      const { context, page } = await signedInPage();
      await gotoHydrated(page, `${server.url}/${lang}/user/submit-tool`);
      const seen: string[] = [];
      const submit = async () => {
        await page.getByTestId("submit-button").click();
        seen.push((await page.getByTestId("form-error").textContent()) ?? "");
      };
      await page.locator("input[name=contact_email]").fill("");
      await submit();
      await page.locator("input[name=name]").fill("Order Check");
      await submit();
      await page.locator("input[name=website_url]").fill("ftp://example.com");
      await submit();
      await page.locator("input[name=website_url]").fill("https://order-check.example.com");
      await submit();
      await page.locator("textarea[name=description]").fill("Checks the order of the rules.");
      await submit();
      await page.locator("select[name=category]").selectOption("others");
      await submit();
      await page.locator("input[name=contact_email]").fill("not-an-address");
      await submit();
      expect(seen).toEqual(MESSAGES[lang]);
      expect(await page.locator("input[name=contact_email]").getAttribute("aria-invalid")).toBe("true");

      // Files on disk: the browser reads them itself (a 6 MB buffer sent through the protocol is slow).
      await page.getByTestId("image-input").setInputFiles(files.tooLarge);
      expect(await page.getByTestId("image-error").textContent()).toBe(lang === "zh-CN" ? "图片文件不能超过5MB" : "The image file cannot be larger than 5MB");
      // A text file named .png passes the browser's type check; the server reads the bytes and refuses it.
      await page.getByTestId("image-input").setInputFiles(files.renamedText);
      await page.getByTestId("image-error").filter({ hasText: lang === "zh-CN" ? "请选择图片文件" : "Please choose an image file" }).waitFor();
      expect(await page.getByTestId("image-preview").count()).toBe(0);
      await page.screenshot({ path: `test-results/user-submit-errors-${lang}.png`, fullPage: true });
      await context.close();
    }, 180_000);
  }

  it("refuses a 6 MB upload and a disguised text file on the server too", async () => {
    const send = (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
      return fetch(`${server.url}/api/upload/tool-image`, { method: "POST", body: form, headers: { cookie, origin: server.url, referer: `${server.url}/zh-CN/user/submit-tool` } });
    };
    const big = await send("big.png", Buffer.alloc(6 * 1024 * 1024, 7));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: "imageTooLarge", message: "图片文件不能超过5MB" } });
    const text = await send("notes.png", Buffer.from("plain text"));
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ error: { code: "imageNotImage", message: "请选择图片文件" } });
    const anonymous = await fetch(`${server.url}/api/upload/tool-image`, { method: "POST", body: new FormData(), headers: { origin: server.url } });
    expect(anonymous.status).toBe(401);
  });

  it("refuses AI generation for loopback, private and metadata addresses, also behind a redirect", async () => {
    const generate = (website: string) =>
      fetch(`${server.url}/api/generate/tool-content`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ name: "Probe", website_url: website, description: "", language: "us-en" }),
      });
    // Only 127.0.0.1:<site port> is allow-listed here: the same host on another port, or by another name, is not.
    for (const target of [`http://127.0.0.1:${llm.port}/v1`, `http://localhost:${site.port}/`, "http://169.254.169.254/latest/meta-data/", "http://10.0.0.8/", "http://[::1]/", `${site.url}/to?url=${encodeURIComponent(`http://127.0.0.1:${llm.port}/`)}`]) {
      const response = await generate(target);
      expect(response.status, target).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "fetchBlocked", message: "This address cannot be read: only public http:// or https:// websites are allowed." } });
    }
    const missing = await generate("");
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe("Please fill in the tool name and website link first, then use AI generation");
  });

  it("sends an advertising request from /ja/user/advertise to the administrators and lists it under orders", async () => {
    const { context, page } = await signedInPage();
    await gotoHydrated(page, `${server.url}/ja/user/orders`);
    await page.getByTestId("orders-empty").waitFor();
    await gotoHydrated(page, `${server.url}/ja/user/advertise?tool=${encodeURIComponent("Quillmate")}`);
    // A handful of users is below the default thresholds: the services alone (without-mail.test.ts shows the figures).
    expect(await page.getByTestId("ad-stats").count()).toBe(0);
    expect(await page.getByTestId("ad-services").locator("li").count()).toBe(5);
    expect(await page.getByTestId("ad-faq").locator("details").count()).toBe(5);
    expect(await page.locator("input[name=tool_name]").inputValue()).toBe("Quillmate");
    await page.locator("input[name=website_url]").fill("https://quillmate.example.com");
    await page.locator("select[name=budget]").selectOption("500-2000");
    await page.locator("select[name=contact_platform]").selectOption("telegram");
    await page.locator("input[name=contact_handle]").fill("@quill");
    await page.screenshot({ path: "test-results/user-advertise-ja.png", fullPage: true });
    const notices: string[] = [];
    page.on("request", (request) => request.url().endsWith("/api/ad/notify") && notices.push(request.method()));
    await page.getByTestId("ad-submit").click();
    await page.waitForURL((url) => url.pathname === "/ja/user/advertise/review");
    expect(await page.getByTestId("ad-request-name").textContent()).toBe("Quillmate");
    // One request per submission (re-renders while it was sent used to post it again, four times in all).
    await page.waitForTimeout(1000);
    expect(notices).toEqual(["POST"]);
    const id = new URL(page.url()).searchParams.get("id");

    const mails = await mailbox(page);
    const adminMail = mails.find((m) => m.text.includes("New advertising request: Quillmate"));
    expect(adminMail?.text).toContain(ADMIN_EMAIL);
    expect(adminMail?.text).toContain("@quill");
    // The notice goes out once per request, however often it is asked for.
    const again = await fetch(`${server.url}/api/ad/notify`, { method: "POST", headers: { cookie, origin: server.url, "content-type": "application/json" }, body: JSON.stringify({ id: Number(id) }) });
    expect(await again.json()).toEqual({ data: { sent: false } });

    await gotoHydrated(page, `${server.url}/ja/user/orders`);
    expect(await page.getByTestId("ad-request-name").first().textContent()).toBe("Quillmate");
    expect(await page.getByTestId("status-badge").first().textContent()).toBe("審査待ち");
    await page.screenshot({ path: "test-results/user-orders-ja.png", fullPage: true });
    await context.close();
  }, 180_000);

  it("answers every user page with 200 in all ten languages when signed in, privately and unindexed", async () => {
    const index = (await (await fetch(`${server.url}/autocomplete-index.json`)).json()) as { entries: Array<{ slug: string }> };
    const slug = index.entries[0]?.slug;
    expect(slug).toBeTruthy();
    const pages = ["dashboard", "business", "my-tools", "advertise", "submit-tool", "update-tool", `update-tool?slug=${slug}`, "orders", "favorites"];
    const failures: string[] = [];
    for (const lang of LANGUAGES) {
      for (const rest of pages) {
        const response = await fetch(`${server.url}/${lang}/user/${rest}`, { headers: { cookie }, redirect: "manual" });
        const html = await response.text();
        if (response.status !== 200) failures.push(`${lang}/${rest}: ${response.status}`);
        else if (response.headers.get("cache-control") !== "private, no-store" || !html.includes('<meta name="robots" content="noindex"/>')) failures.push(`${lang}/${rest}: cacheable or indexable`);
        else if (!html.includes('data-testid="user-sidebar"')) failures.push(`${lang}/${rest}: no sidebar`);
      }
    }
    expect(failures).toEqual([]);
    // Signed out: submit pages lead to the dashboard, which asks to sign in; my tools shows its prompt.
    const submit = await fetch(`${server.url}/ko/user/submit-tool`, { redirect: "manual" });
    expect([submit.status, submit.headers.get("location")]).toEqual([302, "/ko/user/dashboard"]);
    const entry = await fetch(`${server.url}/de/submit-tool`, { redirect: "manual" });
    expect(entry.headers.get("location")).toBe("/de/user/submit-tool");
    for (const rest of ["dashboard", "my-tools"]) {
      const html = await (await fetch(`${server.url}/vi/user/${rest}`)).text();
      expect(html).toContain('data-testid="sign-in-prompt"');
    }
  }, 180_000);

  it("shows the preset tags in the page language and submits them as the preset tags themselves", async () => {
    const { context, page } = await signedInPage();
    await gotoHydrated(page, `${server.url}/de/user/submit-tool`);
    const labels = await page.locator("button[data-tag]").evaluateAll((buttons) => buttons.map((b) => [b.getAttribute("data-tag"), b.textContent]));
    expect(labels).toHaveLength(25);
    expect(Object.fromEntries(labels)).toMatchObject({ "Image Generation": "Bildgenerierung", "Code Assistant": "Programmierassistent", "Free": "Kostenlos" });
    expect(await page.getByRole("button", { name: "Image Generation" }).count()).toBe(0);
    await page.getByRole("button", { name: "Bildgenerierung" }).click();
    expect(await page.getByRole("button", { name: "Bildgenerierung" }).getAttribute("aria-pressed")).toBe("true");
    await page.locator("input[name=name]").fill("Tag Check");
    await page.locator("input[name=website_url]").fill("https://tag-check.example.com");
    await page.locator("textarea[name=description]").fill("Zeichnet Bilder.");
    await page.locator("select[name=category]").selectOption("image-generation-editing");
    const sent = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/user/submit-tool"));
    await page.getByTestId("submit-button").click();
    expect(new URLSearchParams((await sent).postData() ?? "").getAll("tags")).toEqual(["Image Generation"]);
    await page.getByTestId("submit-success").waitFor();
    await context.close();
  }, 120_000);

  it("leaves no dead link in the user menu or the sidebar", async () => {
    const { context, page } = await signedInPage();
    await gotoHydrated(page, `${server.url}/fr/about`);
    await page.getByTestId("user-menu-button").click();
    const menu = await page.locator("[role=menu] a[role=menuitem]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(menu).toHaveLength(5);
    await gotoHydrated(page, `${server.url}/fr/user/dashboard`);
    const sidebar = await page.getByTestId("user-sidebar").locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(sidebar).toHaveLength(7);
    for (const href of [...menu, ...sidebar]) {
      const response = await fetch(`${server.url}${href}`, { headers: { cookie } });
      expect(response.status, href!).toBe(200);
    }
    await page.screenshot({ path: "test-results/user-dashboard-fr.png", fullPage: true });
    await context.close();
  });
});
