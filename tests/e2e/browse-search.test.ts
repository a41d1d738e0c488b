import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function html(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** Slugs of the tool cards on a page, in order. */
function cardSlugs(body: string): string[] {
  return [...body.matchAll(/<a [^>]*data-testid="tool-card"[^>]*>/g)].map((m) => /href="\/[\w-]+\/tool\/([\w-]+)"/.exec(m[0])![1]!);
}

describe("tool list over HTTP", () => {
  it("shows 24 tools with crawlable pager links, and page 2 shows the next 24", async () => {
    const first = await html("/us-en/tools");
    expect(first.status).toBe(200);
    const page1 = cardSlugs(first.body);
    expect(page1).toHaveLength(24);
    expect(first.body).toMatch(/<a[^>]+href="\/us-en\/tools\?page=2"/);
    expect(first.headers.get("cache-control")).toMatch(/public, .*stale-while-revalidate/);
    expect(first.headers.get("vary")).toMatch(/\bCookie\b/);
    const page2 = cardSlugs((await html("/us-en/tools?page=2")).body);
    expect(page2).toHaveLength(24);
    expect(page2.filter((slug) => page1.includes(slug))).toEqual([]);
  });

  it("puts the list before the sidebar, names cards one level below the h1 and loads the first image first", async () => {
    const { body } = await html("/us-en/tools");
    const main = body.slice(body.indexOf("<main"), body.indexOf("</main>"));
    // Document order is reading order (the sidebar is placed left only on wide screens by the grid).
    expect(main.indexOf('data-testid="tool-card"')).toBeGreaterThan(main.indexOf("<h1"));
    expect(main.indexOf("<aside")).toBeGreaterThan(main.lastIndexOf('data-testid="tool-card"'));
    const card = /<a [^>]*data-testid="tool-card"[^>]*>([\s\S]*?)<\/a>/.exec(main)![1]!;
    expect(card).toMatch(/<h2[^>]*>[^<]+<\/h2>/);
    const firstImage = /<img [^>]*>/.exec(card)![0];
    expect(firstImage).toContain('fetchPriority="high"');
    expect(firstImage).not.toContain('loading="lazy"');
  });

  it("sends only the active category's sidebar panel; the other categories are closed toggles", async () => {
    const { body } = await html("/us-en/tools?category=ai-chatbot");
    const start = body.indexOf('id="category-sidebar-title"');
    const sidebar = body.slice(start, body.indexOf("</nav>", start));
    const toggles = [...sidebar.matchAll(/<button [^>]*aria-expanded="(true|false)"[^>]*>/g)];
    expect(toggles.length).toBeGreaterThan(10);
    const open = toggles.filter((m) => m[1] === "true").map((m) => /aria-controls="([^"]+)"/.exec(m[0])![1]);
    expect(open).toEqual(["sidebar-chatbot-virtual-companions"]);
    // One panel in the document, holding the active subcategory's link.
    expect([...sidebar.matchAll(/<ul id="(sidebar-[^"]+)"/g)].map((m) => m[1])).toEqual(open);
    const active = [...sidebar.matchAll(/<a [^>]*>/g)].map((m) => m[0]).filter((a) => a.includes('aria-current="page"'));
    expect(active).toHaveLength(1);
    expect(active[0]).toContain('href="/us-en/tools?category=ai-chatbot"');
    const plain = (await html("/us-en/tools")).body;
    expect(plain).toContain('aria-controls="sidebar-music-audio"');
    expect(plain).not.toMatch(/<ul id="sidebar-/);
  });

  it("sends the category tree once: as the select's options with their counts, not again in the loader data", async () => {
    const { body } = await html("/us-en/tools");
    expect(body).toMatch(/<option value="music-generation" data-n="\d+">Music Generation<\/option>/);
    // The tree's JSON (`"subcategories":[`, escaped in the page's script) is not in the document.
    const treeJson = /subcategories\\*":\[/;
    expect(body).not.toMatch(treeJson);
    // A client navigation gets no markup with its data, so there the tree comes as data.
    const data = await (await fetch(`${server.url}/us-en/tools.data`)).text();
    expect(data).toContain("music-generation");
    expect(data).toMatch(treeJson);
  });

  it("finds ChatGPT by name, and chat tools for the Chinese 聊天 and Japanese チャット", async () => {
    const english = cardSlugs((await html("/us-en/tools?search=chatgpt")).body);
    expect(english[0]).toBe("chatgpt");
    const chinese = cardSlugs((await html(`/zh-CN/tools?search=${encodeURIComponent("聊天")}`)).body);
    expect(chinese).toContain("chatgpt");
    expect(chinese.length).toBeGreaterThan(1);
    const japanese = cardSlugs((await html(`/ja/tools?search=${encodeURIComponent("チャット")}`)).body);
    expect(japanese.length).toBeGreaterThan(0);
  });

  it("searches an over-long term by its first 100 characters instead of dropping it", async () => {
    const { status, body } = await html(`/us-en/tools?search=chatgpt${"x".repeat(300)}`);
    expect(status).toBe(200);
    expect(cardSlugs(body)).toEqual([]);
    expect(body).toContain(`value="chatgpt${"x".repeat(93)}"`);
  });

  it("filters by a subcategory slug and by the category path", async () => {
    const all = cardSlugs((await html("/us-en/tools")).body);
    const chatbots = cardSlugs((await html("/us-en/tools?category=ai-chatbot")).body);
    expect(chatbots).toContain("chatgpt");
    expect(chatbots).not.toContain("midjourney");
    expect(chatbots.length).toBeLessThan(all.length);
    const images = cardSlugs((await html("/us-en/tools/image-generation-editing")).body);
    expect(images).toContain("midjourney");
    expect(images).not.toContain("chatgpt");
  });

  it("says nothing was found for a search without results", async () => {
    const { body } = await html("/us-en/tools?search=qqqzzzxxyy");
    expect(cardSlugs(body)).toEqual([]);
    expect(body).toContain("No relevant tools found");
  });

  it("redirects /categories to the list, keeping the language prefix", async () => {
    const prefixed = await html("/us-en/categories");
    expect([301, 302]).toContain(prefixed.status);
    expect(new URL(prefixed.headers.get("location")!, server.url).pathname).toBe("/us-en/tools");
    const bare = await html("/categories");
    expect(new URL(bare.headers.get("location")!, server.url).pathname).toBe("/tools");
  });
});

describe("category page over HTTP", () => {
  it("shows subcategory tiles with counts linking to the filtered list", async () => {
    const { status, body } = await html("/us-en/category/chatbot-virtual-companions");
    expect(status).toBe(200);
    const tiles = [...body.matchAll(/<a [^>]*data-testid="subcategory-tile"[^>]*>.*?<\/a>/g)].map((m) => [
      m[0],
      /href="\/us-en\/tools\?category=([\w-]+)"/.exec(m[0])?.[1],
      /(\d+) tools?</.exec(m[0])?.[1],
    ]);
    expect(tiles.map((m) => m[1])).toContain("ai-chatbot");
    expect(tiles.every((m) => Number(m[2]) >= 0)).toBe(true);
    expect(cardSlugs(body)).toContain("chatgpt");
    // The category's own icon (its stored Lucide name), drawn as an SVG on the category colour.
    expect(body).toMatch(/data-icon="message-circle"[^>]*><svg/);
  });

  it("answers an unknown category with a 404 view linking to the list", async () => {
    const { status, body } = await html("/us-en/category/no-such-category");
    expect(status).toBe(404);
    expect(body).toContain('href="/us-en/tools"');
  });
});

describe("autocomplete data", () => {
  it("serves the index with name, slug and image_url, and a server endpoint with the same answers", async () => {
    const index = (await (await fetch(`${server.url}/autocomplete-index.json?lang=us-en`)).json()) as { mode: string; entries: Array<{ name: string; slug: string }> };
    expect(index.mode).toBe("full");
    expect(index.entries.find((e) => e.slug === "chatgpt")).toMatchObject({ name: "ChatGPT", slug: "chatgpt", image_url: expect.any(String) });
    const remote = (await (await fetch(`${server.url}/api/autocomplete?q=cha&lang=us-en`)).json()) as { items: Array<{ slug: string }> };
    expect(remote.items[0]!.slug).toBe("chatgpt");
    expect(remote.items.length).toBeLessThanOrEqual(8);
    expect((await fetch(`${server.url}/api/autocomplete?q=%20`)).status).toBe(400);
  });
});

describe("category sidebar in Chromium", () => {
  it("opens and closes a category by click and by keyboard, and its links filter the list", async () => {
    await gotoHydrated(page, `${server.url}/us-en/tools`);
    const music = page.locator('aside button[aria-controls="sidebar-music-audio"]');
    expect(await music.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("#sidebar-music-audio").count()).toBe(0);
    await music.click();
    expect(await music.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#sidebar-music-audio a").count()).toBeGreaterThan(1);
    // The panel's names and counts are the ones the category select's options carry (read back on hydration).
    const counted = await page.locator('select[name="category"] option[value="music-generation"]').getAttribute("data-n");
    expect(await page.locator('#sidebar-music-audio a[href$="category=music-generation"]').innerText()).toMatch(new RegExp(`Music Generation\\s+${counted}$`));
    await music.click();
    expect(await music.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("#sidebar-music-audio").count()).toBe(0);

    const social = page.locator('aside button[aria-controls="sidebar-social-media"]');
    await social.focus();
    await page.keyboard.press("Enter");
    expect(await social.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Space");
    expect(await social.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Space");
    const subcategory = page.locator("#sidebar-social-media a").nth(1);
    const href = (await subcategory.getAttribute("href"))!;
    expect(href).toMatch(/^\/us-en\/tools\?category=[\w-]+$/);
    await subcategory.click();
    await page.waitForURL((url) => url.pathname + url.search === href);
    await page.locator('#sidebar-social-media a[aria-current="page"]').waitFor();
    expect(await social.getAttribute("aria-expanded")).toBe("true");
  });
});

describe("autocomplete in Chromium", () => {
  it("opens a listbox of at most 8 options for 'cha'; ArrowDown then Enter opens a tool page", async () => {
    await gotoHydrated(page, `${server.url}/us-en/about`);
    const box = page.locator("header #header-search");
    await box.click();
    await box.pressSequentially("cha");
    const options = page.locator("header [role=listbox] [role=option]");
    await options.first().waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const names = await options.allTextContents();
    const toolOptions = names.filter((n) => !n.startsWith("View all"));
    expect(toolOptions.length).toBeGreaterThan(0);
    expect(toolOptions.length).toBeLessThanOrEqual(8);
    await box.press("ArrowDown");
    const activeId = await box.getAttribute("aria-activedescendant");
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute("aria-selected")).toBe("true");
    await box.press("Enter");
    await page.waitForURL((url) => /^\/us-en\/tool\/[\w-]+$/.test(url.pathname));
    expect(new URL(page.url()).pathname).toBe("/us-en/tool/chatgpt");
  });

  it("closes the list on Escape and wraps the highlight around with ArrowUp", async () => {
    await gotoHydrated(page, `${server.url}/us-en/about`);
    const box = page.locator("header #header-search");
    await box.click();
    await box.pressSequentially("cha");
    const listbox = page.locator("header [role=listbox]");
    await listbox.locator("[role=option]").first().waitFor();
    await box.press("ArrowUp");
    const last = listbox.locator("[role=option]").last();
    expect(await last.getAttribute("aria-selected")).toBe("true");
    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await listbox.locator("[role=option]").count()).toBe(0);
  });

  it("runs a search from the hero box on Enter without a highlighted suggestion", async () => {
    await gotoHydrated(page, `${server.url}/zh-CN`);
    const box = page.locator("#hero-search");
    await box.click();
    await box.pressSequentially("聊天");
    await page.locator("main [role=listbox] [role=option]").first().waitFor();
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/zh-CN/tools");
    expect(new URL(page.url()).searchParams.get("search")).toBe("聊天");
    await page.locator('[data-testid="tool-card"]').first().waitFor();
    expect(await page.locator('[data-testid="tool-card"]').count()).toBeGreaterThan(0);
  });
});

describe("autocomplete on a catalogue above the index size limit", () => {
  let large: RunningServer;
  beforeAll(async () => {
    // A limit of 0 makes this catalogue "large": the browser must ask the server for suggestions.
    large = await startServer({ AUTOCOMPLETE_INDEX_MAX_TOOLS: "0" });
  });
  afterAll(async () => {
    await large?.stop();
  });

  it("ships no index and still suggests chat tools as the user types", async () => {
    const index = (await (await fetch(`${large.url}/autocomplete-index.json?lang=ja`)).json()) as { mode: string; entries: unknown[] };
    expect(index).toMatchObject({ mode: "remote", entries: [] });
    await gotoHydrated(page, `${large.url}/us-en/about`);
    const box = page.locator("header #header-search");
    await box.click();
    await box.pressSequentially("cha");
    const options = page.locator("header [role=listbox] [role=option]");
    await options.first().waitFor();
    expect((await options.allTextContents())[0]).toContain("ChatGPT");
    expect(await options.count()).toBeLessThanOrEqual(9);
  });
});
