import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso, toJson } from "~/.server/db/values";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { createTestDatabase, type TestDatabase } from "../support/databases";

/**
 * `/api/autocomplete` keeps the answers it gave (every visitor types the same first letters), and a
 * catalogue change must still show up in the next answer.
 */
describe("autocomplete endpoint", () => {
  let t: TestDatabase;
  let server: Server;
  let base = "";

  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    // The endpoint reads the process-wide database, configured from the environment on first use.
    process.env.DATABASE_URL = t.url;
    for (const [slug, name] of [
      ["chatterbox", "Chatterbox"],
      ["chart-maker", "Chart Maker"],
    ]) {
      const { id } = await t.db
        .insertInto("tools")
        .values({ slug, website_url: `https://${slug}.example`, image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, pricing: "free", rating: 4, review_count: 1, pinned: 0, manual_priority: null, status: "published", created_at: nowIso(), updated_at: nowIso() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto("tool_translations")
        .values({ tool_id: id, language: "us-en", name, subtitle: null, description: `${name} does things.`, long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: toJson([]), updated_at: nowIso() })
        .execute();
    }
    const { autocompleteEndpoint } = await import("../../server/autocomplete");
    const app = express();
    app.get("/api/autocomplete", (req, res, next) => {
      autocompleteEndpoint(req, res).catch(next);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const { closeDb } = await import("~/.server/db");
    await closeDb();
    await t?.destroy();
  });

  const names = async (path: string) => {
    const res = await fetch(base + path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    return ((await res.json()) as { items: Array<{ name: string }> }).items.map((item) => item.name);
  };

  it("answers a repeated term the same way, and follows a catalogue change", async () => {
    expect(await names("/api/autocomplete?q=cha&lang=us-en")).toEqual(["Chart Maker", "Chatterbox"]);
    expect(await names("/api/autocomplete?q=cha&lang=us-en")).toEqual(["Chart Maker", "Chatterbox"]);
    await t.db.updateTable("tool_translations").set({ name: "Notebox", updated_at: nowIso() }).where("name", "=", "Chatterbox").execute();
    invalidateCatalogCache();
    // The previous index may answer while the new one is built, but only until then.
    await expect.poll(() => names("/api/autocomplete?q=cha&lang=us-en"), { timeout: 5_000, interval: 50 }).toEqual(["Chart Maker"]);
    expect(await names("/api/autocomplete?q=cha&lang=us-en")).toEqual(["Chart Maker"]);
  });

  it("refuses a blank term with a message in the visitor's language", async () => {
    const res = await fetch(`${base}/api/autocomplete?q=%20&lang=de`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(body.error.message).not.toMatch(/search\.termRequired/);
  });
});
