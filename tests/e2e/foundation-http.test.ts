import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers });

describe("language redirects", () => {
  it("sends /zh/... to /zh-CN/... permanently, keeping the query", async () => {
    const res = await get("/zh/tools?x=1");
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, server.url).pathname + new URL(res.headers.get("location")!, server.url).search).toBe("/zh-CN/tools?x=1");
  });
  it("drops an /en prefix", async () => {
    const res = await get("/en/about?q=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/\/about\?q=1$/);
  });
  it("picks the root language from cookie, then Accept-Language, else us-en", async () => {
    const location = async (headers: Record<string, string>) => new URL((await get("/", headers)).headers.get("location")!, server.url).pathname;
    expect(await location({ "accept-language": "ja,en;q=0.5" })).toBe("/ja");
    expect(await location({ cookie: "preferred-language=de", "accept-language": "ja" })).toBe("/de");
    expect(await location({ "accept-language": "it" })).toBe("/us-en");
    expect(await location({ "accept-language": "zh-HK" })).toBe("/zh-TW");
    expect(await location({})).toBe("/us-en");
  });
});

describe("pages", () => {
  it("renders French text with lang=fr on /fr/about", async () => {
    const res = await get("/fr/about");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("À propos de l&#x27;Annuaire d&#x27;outils d&#x27;IA");
  });
  it("uses lang=en for us-en and unprefixed pages", async () => {
    for (const path of ["/us-en/about", "/about"]) {
      const html = await (await get(path)).text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain("About AI Tools Directory");
    }
  });
  it("answers unknown paths and unknown prefixes with 404 and the not-found screen", async () => {
    for (const path of ["/xx/tools", "/no-such-page", "/de/no-such-page"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toMatch(/Page Not Found|Seite nicht gefunden/);
      expect(html).toContain('name="robots" content="noindex"');
    }
    const german = await (await get("/de/no-such-page")).text();
    expect(german).toContain("Seite nicht gefunden");
    expect(german).toContain('href="/de/tools"');
  });
  it("shows the starter catalogue on the home page", async () => {
    const html = await (await get("/us-en")).text();
    expect(html).toContain("ChatGPT");
    expect(html).toContain('href="/us-en/tool/chatgpt"');
  });
});

describe("operations and headers", () => {
  it("answers health and readiness checks", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
  it("serves translation bundles as JSON", async () => {
    const res = await get("/locales/zh-CN/common.json?v=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/json/);
    expect(((await res.json()) as { nav: { tools: string } }).nav.tools).toBe("AI 工具");
  });
  it("puts a nonce CSP and the other security headers on pages, and the nonce on every inline script", async () => {
    const res = await get("/us-en");
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    // The server's own time for the document, from arrival to the finished body.
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+(\.\d)?$/);
    const html = await res.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = (await get("/us-en")).headers.get("content-security-policy");
    expect(second).not.toBe(csp);
  });
  it("inlines the rules the page uses, so the first paint waits for no other request, and preloads the whole stylesheet (stock delivery links it)", async () => {
    const html = await (await get("/us-en")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    if (process.env.E2E_DELIVERY === "stock") {
      expect(head).toMatch(/<link[^>]+rel="stylesheet" href="\/assets\/[^"]+\.css"/);
      return;
    }
    const inlined = /<style id="app-css"[^>]*>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(inlined).toMatch(/\.bg-white\{/);
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // The rest (menus, dialogs, other pages) comes with the whole file, which does not block the first paint
    // (decision 0038): the inlined part is well under half of it.
    const whole = /<link rel="preload" as="style" href="(\/assets\/[^"]+\.css)"[^>]*data-full-css/.exec(head)?.[1];
    expect(whole).toBeDefined();
    const file = await (await get(whole!)).text();
    // The dialog's backdrop (its class name is shortened in production builds, decision 0044).
    expect(file).toMatch(/::backdrop\{background-color:/);
    expect(inlined).not.toMatch(/::backdrop\{background-color:/);
    expect(inlined.length).toBeLessThan(file.length / 2);
  });
  it("asks for the hydration code and the whole stylesheet at low priority, after what the first paint needs", async () => {
    if (process.env.E2E_DELIVERY === "stock") return;
    for (const path of ["/us-en", "/de/tools", "/zh-CN/tool/chatgpt"]) {
      const html = await (await get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const modules = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(modules.length, path).toBeGreaterThan(3);
      for (const link of modules) expect(link, path).toContain('fetchpriority="low"');
      expect(html.slice(html.indexOf("</head>")), path).not.toContain('rel="modulepreload"');
      expect(head, path).toMatch(/<link rel="preload" as="style"[^>]*fetchPriority="low"[^>]*data-full-css/);
    }
  });

  it("loads at most 139.5 KB (gzip) of JavaScript on the home page, without the login dialog, autocomplete code, the search box and language menu or zod", async () => {
    const html = await (await get("/us-en")).text();
    const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    for (const m of html.matchAll(/import\s*(?:[\w{}\s,*]+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
    expect([...urls].filter((url) => /login-dialog|qr-panels|autocomplete|error-screen|not-found-screen|header-controls|user-menu/.test(url))).toEqual([]);
    let total = 0;
    for (const url of urls) {
      const code = Buffer.from(await (await get(url)).arrayBuffer());
      // zod's schemas stay on the server and the forms (it is 25 KB gzip, and its eval probe breaks the CSP).
      expect(code.includes("ZodError"), url).toBe(false);
      total += gzipSync(code, { level: 9 }).length;
    }
    // 140 KB before favourites (hearts, the My Tools strip) and typo-tolerant autocomplete joined every page;
    // 3 KB more since the route manifest comes whole, as one cached file (decision 0016); 150 KB since compare
    // toggles, the sponsored row, the newsletter box and card marks joined the home page and 20 routes the
    // manifest; 144 KB since the root layout's code is one chunk (decision 0037); 144.7 KB with the wait for the
    // whole stylesheet and the login dialog's texts loaded with it (decision 0038); 144.2 KB with numbers written
    // without Intl and the footer's and compare tray's code loaded apart (decision 0041); 144.7 KB with the
    // texts fetched before hydrating and the cards' descriptions read back from the page (decision 0042, for
    // 26 KB less HTML on every list); 139.3 KB with the top bar's search box and language menu (and the home
    // page's search box) and the signed-in menu loaded and hydrated apart, React DOM, React Router's browser
    // entry and the root route in the shell chunk, and a route manifest without the resource routes (decision
    // 0043; stock delivery imports React Router's whole manifest, 0.9 KB more). The goal is 130 KB (issue 37:
    // page weight); React DOM, React Router and i18next are 119 KB of what is left, so this bound only keeps
    // it from growing.
    expect(total / 1024).toBeLessThanOrEqual(process.env.E2E_DELIVERY === "stock" ? 140.5 : 139.5);
  });

  it("gives the browser a route manifest without the resource routes it never renders, cached for a year", async () => {
    const html = await (await get("/us-en")).text();
    const stock = process.env.E2E_DELIVERY === "stock";
    const href = /<link rel="modulepreload"[^>]*? href="(\/assets\/(?:page-)?manifest-[\w-]+\.js)"/.exec(html)?.[1];
    expect(href).toMatch(stock ? /^\/assets\/manifest-/ : /^\/assets\/page-manifest-/);
    const res = await get(href!);
    expect(res.headers.get("cache-control")).toMatch(/max-age=31536000/);
    const text = await res.text();
    const manifest = JSON.parse(text.slice(text.indexOf("=") + 1, text.lastIndexOf(";"))) as { routes: Record<string, unknown> };
    // Pages, their layouts and the redirects links lead to stay; the API, feeds and sitemaps go (decision 0043).
    for (const id of ["root", "language", "home", "tools", "categories"]) expect(manifest.routes).toHaveProperty(id);
    for (const id of ["api-v1", "routes/api.favorites", "feed-tools-xml", "sitemap"]) expect(id in manifest.routes).toBe(stock);
  });

  it("preloads the page's texts from one address per language and their content, cached for a year, instead of carrying them", async () => {
    const html = await (await get("/de/tools")).text();
    const href = /<link rel="preload" as="fetch" crossorigin="anonymous" href="(\/texts\/de\.[0-9a-f]{16}\.json)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const texts = await get(href!);
    expect(texts.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bundles = (await texts.json()) as { common: { error: { message: string } } };
    // The texts are not in the page: the error screen's message, which this page does not show, is not there.
    expect(bundles.common.error.message.length).toBeGreaterThan(10);
    expect(html).not.toContain(bundles.common.error.message.slice(0, 20));
    // Every page of the language preloads the same address, so a visitor's browser fetches it once.
    expect(await (await get("/de/about")).text()).toContain(`href="${href}"`);
  });

  it("keeps the tool list's HTML within 132 KB and its JavaScript free of zod", async () => {
    const res = await get("/us-en/tools");
    const html = Buffer.from(await res.arrayBuffer());
    // 229 KB: the inlined stylesheet 72 KB, loader data 66 KB (the common bundle 25 KB, the category tree
    // 10 KB, 24 cards), markup 92 KB; 237 KB since each card's rating links to how ratings work. The goal is
    // 100 KB (issue 37); this bound keeps it from growing. 181 KB (decision 0038): only the stylesheet rules
    // the page uses are inlined (34 KB of 75), the root bundles leave out the login dialog's, claim panel's and
    // stats' texts, the list carries only the filter part of the compare bundle, and cards use named classes.
    // 170.4 KB (decision 0041): the category tree travels once, as the category select's options. 145.2 KB
    // (decision 0042): the texts come from a cached address, the cards' descriptions only in their markup,
    // links without `data-discover`. 130.8 KB (decision 0044): production builds give class names short names
    // (class attributes 25 -> 15 KB, the inlined rules' selectors too) and spacing utilities are lengths.
    expect(html.length / 1024).toBeLessThanOrEqual(132);
    const scripts = [...html.toString().matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(Buffer.from(await (await get(url)).arrayBuffer()).includes("ZodError"), url).toBe(false);
  });

  it("compresses pages and caches hashed assets for a year", async () => {
    const res = await get("/us-en", { "accept-encoding": "gzip" });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const asset = /\/assets\/[^"]+\.js/.exec(await (await get("/us-en")).text())![0];
    const assetRes = await get(asset);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
  });
});

describe("start-up configuration", () => {
  it("refuses a bad value with one line naming the variable", async () => {
    await expect(startServer({ PORT: "not-a-port" })).rejects.toThrow(/Invalid environment variable PORT/);
  });
});

describe("graceful shutdown", () => {
  it("finishes and exits cleanly on SIGTERM", async () => {
    const other = await startServer();
    const exited = new Promise<number | null>((resolve) => other.process.once("exit", resolve));
    other.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    await other.stop();
  });
});
