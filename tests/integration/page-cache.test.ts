import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { pageCache } from "../../app/delivery/page-cache.server";

/**
 * The rendered-page cache behind anonymous pages: a page is kept from its second request on, answered
 * from memory with the current request's CSP nonce, and never kept for signed-in visitors, private
 * answers or across a catalogue change.
 */
describe("rendered-page cache", () => {
  let server: Server;
  let base = "";
  const renders = new Map<string, number>();
  let nonceCounter = 0;
  let lookups = 0;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${++nonceCounter}x`;
      res.locals.receivedAt = performance.now();
      next();
    });
    // The app passes the catalogue freshness check here, so a hit too notices another instance's change.
    app.use(pageCache({ beforeLookup: () => void lookups++ }));
    app.get("/{*path}", (req, res) => {
      renders.set(req.originalUrl, (renders.get(req.originalUrl) ?? 0) + 1);
      const nonce = String(res.locals.cspNonce);
      res.setHeader("Cache-Control", req.path === "/private" ? "private, no-store" : "public, max-age=60");
      res.setHeader("Server-Timing", "app;dur=25.0");
      res.type("html").send(`<script nonce="${nonce}">render ${renders.get(req.originalUrl)}</script>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers });
    return { body: await res.text(), hit: res.headers.get("x-page-cache") === "hit", timing: res.headers.get("server-timing") };
  };

  it("keeps a page from its second request on and answers later ones with the request's own nonce", async () => {
    expect(await get("/tools?page=2")).toMatchObject({ body: `<script nonce="nonce1x">render 1</script>`, hit: false });
    expect(await get("/tools?page=2")).toMatchObject({ body: `<script nonce="nonce2x">render 2</script>`, hit: false });
    const hit = await get("/tools?page=2");
    expect(hit).toMatchObject({ body: `<script nonce="nonce3x">render 2</script>`, hit: true });
    expect(renders.get("/tools?page=2")).toBe(2);
    // A hit tells its own server time, not the render's.
    expect(hit.timing).toMatch(/^app;dur=\d+\.\d$/);
    expect(hit.timing).not.toBe("app;dur=25.0");
  });

  it("does not keep pages asked for once, private answers, or signed-in visitors' pages", async () => {
    for (let i = 0; i < 3; i++) await get(`/tools?bench=${i}`);
    expect([0, 1, 2].map((i) => renders.get(`/tools?bench=${i}`))).toEqual([1, 1, 1]);
    for (let i = 0; i < 3; i++) expect((await get("/private")).hit).toBe(false);
    for (let i = 0; i < 3; i++) expect((await get("/mine", { cookie: "better-auth.session_token=abc" })).hit).toBe(false);
    expect(renders.get("/private")).toBe(3);
    expect(renders.get("/mine")).toBe(3);
  });

  it("forgets every page when the catalogue changes", async () => {
    await get("/category/x");
    await get("/category/x");
    expect((await get("/category/x")).hit).toBe(true);
    invalidateCatalogCache();
    expect((await get("/category/x")).hit).toBe(false);
    expect((await get("/category/x")).hit).toBe(false);
    expect((await get("/category/x")).hit).toBe(true);
  });

  it("looks for other instances' changes before every lookup, hits included, not for signed-in visitors", async () => {
    await get("/category/y");
    await get("/category/y");
    const before = lookups;
    expect((await get("/category/y")).hit).toBe(true);
    expect(lookups).toBe(before + 1);
    await get("/category/y", { cookie: "better-auth.session_token=abc" });
    expect(lookups).toBe(before + 1);
  });
});
