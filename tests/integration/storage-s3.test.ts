import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageStore, drawLogo, finishImages, isGeneratedImage } from "~/.server/catalog/images";
import { s3Storage, type FileStorage } from "~/.server/storage";
import { storeToolImage } from "~/.server/uploads/tool-image";
import { storedUploads } from "../../server/uploads";
import uploadRows from "../role-matrix/uploads";
import { startS3, type RunningS3 } from "../support/s3";

/**
 * The S3 driver against s3rver: what the site stores (uploads, drawn logos) lands in the bucket under
 * its key, and `/uploads/<key>` answers it from there with the local folder's headers; a bad or
 * unknown key is a 404 and a bucket that does not answer a 503, never a 500.
 */
let s3: RunningS3;
let storage: FileStorage;
let server: http.Server;
let base = "";
let current: () => FileStorage;

beforeAll(async () => {
  s3 = await startS3();
  storage = s3Storage(s3.settings);
  current = () => storage;
  const app = express();
  const uploads = storedUploads(() => current());
  app.get("/uploads/*splat", (req, res, next) => {
    uploads(req, res).catch(next);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await s3?.stop();
});

/** A request with the path exactly as written (fetch would resolve `..` and re-encode). */
function rawGet(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

const png = (color: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();

describe("S3 storage driver", () => {
  it("puts, finds, lists and removes objects under strict keys", async () => {
    const body = await png("#112233");
    expect(await storage.exists("tests/put-0123456789.png")).toBe(false);
    expect(await storage.put("tests/put-0123456789.png", body, "image/png")).toBe("/uploads/tests/put-0123456789.png");
    expect(await storage.exists("tests/put-0123456789.png")).toBe(true);
    const read = await storage.read("tests/put-0123456789.png");
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    expect(read!.contentLength).toBe(body.length);
    expect(await storage.read("tests/missing-0123456789.png")).toBeNull();
    expect(await storage.list("tests")).toEqual(["put-0123456789.png"]);
    await storage.remove("tests/put-0123456789.png");
    expect(await storage.exists("tests/put-0123456789.png")).toBe(false);
    // Keys that could climb out of their folder, or name another type, are refused before the bucket is asked.
    await expect(storage.put("../escape.png", body, "image/png")).rejects.toThrow(/invalid storage key/);
    await expect(storage.put("tests/page.html", body, "text/html")).rejects.toThrow(/invalid storage key/);
    expect(await storage.exists("tests/../x.png")).toBe(false);
  });

  it("tells its own URLs from others, with or without a public URL in front of the bucket", () => {
    expect(storage.keyOf("/uploads/submissions/img-0123456789.png")).toBe("submissions/img-0123456789.png");
    expect(storage.keyOf("/uploads/../secret.png")).toBeNull();
    expect(storage.keyOf("https://elsewhere.example/submissions/img-0123456789.png")).toBeNull();
    const cdn = s3Storage({ ...s3.settings, publicUrl: "https://cdn.example/images/" });
    expect(cdn.urlOf("tools/chatgpt/logo-0123456789.png")).toBe("https://cdn.example/images/tools/chatgpt/logo-0123456789.png");
    expect(cdn.keyOf("https://cdn.example/images/tools/chatgpt/logo-0123456789.png")).toBe("tools/chatgpt/logo-0123456789.png");
    // Addresses stored before the public URL was set still name their key (the site keeps answering them).
    expect(cdn.keyOf("/uploads/tools/chatgpt/logo-0123456789.png")).toBe("tools/chatgpt/logo-0123456789.png");
    expect(isGeneratedImage("https://cdn.example/images/tools/chatgpt/logo-0123456789.png", cdn)).toBe(true);
    expect(isGeneratedImage("https://cdn.example/images/submissions/img-0123456789.png", cdn)).toBe(false);
  });

  it("stores an upload in the bucket and serves it back through /uploads with the local folder's headers", async () => {
    const stored = await storeToolImage(await png("#ff8800"), storage);
    expect(stored.image_url).toMatch(/^\/uploads\/submissions\/img-[0-9a-f]{10}\.png$/);
    const key = storage.keyOf(stored.image_url)!;
    expect(await storage.exists(key)).toBe(true);

    const response = await fetch(base + stored.image_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const served = Buffer.from(await response.arrayBuffer());
    expect((await sharp(served).metadata()).format).toBe("png");
    const original = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of original!.body) chunks.push(chunk as Buffer);
    expect(served.equals(Buffer.concat(chunks))).toBe(true);

    const webp = await fetch(base + stored.image_webp_url);
    expect([webp.status, webp.headers.get("content-type")]).toEqual([200, "image/webp"]);
    await webp.arrayBuffer();

    const etag = response.headers.get("etag")!;
    expect((await rawGet(stored.image_url, { "if-none-match": etag })).status).toBe(304);
    const head = await rawGet(stored.image_url, {}, "HEAD");
    expect([head.status, head.headers["content-length"], head.body.length]).toEqual([200, String(served.length), 0]);
  });

  it("answers unknown and malformed keys with a 404, the role matrix's rows included", async () => {
    for (const path of [
      "/uploads/submissions/img-0000000000.png",
      "/uploads/../../etc/passwd",
      "/uploads/%2e%2e/%2e%2e/etc/passwd.png",
      "/uploads/submissions/IMG.PNG",
      "/uploads/submissions/page.html",
      "/uploads/a/b/c/d.png",
      "/uploads/",
      `/uploads/${"x".repeat(300)}/y.png`,
    ]) {
      const response = await rawGet(path);
      expect([path, response.status]).toEqual([path, 404]);
    }
    await storage.put("defaults/logo.png", await png("#e2e8f0"), "image/png");
    for (const row of uploadRows) expect([row.path, (await rawGet(row.path)).status]).toEqual([row.path, row.visitor]);
    expect((await rawGet("/uploads/defaults/logo.png")).headers["cache-control"]).toBe("public, max-age=300");
  });

  it("answers 503, not 500, while the bucket does not answer", async () => {
    current = () => s3Storage({ ...s3.settings, endpoint: "http://127.0.0.1:9" });
    try {
      const response = await rawGet("/uploads/submissions/img-0123456789.png");
      expect([response.status, response.body.toString()]).toEqual([503, "Storage unavailable"]);
    } finally {
      current = () => storage;
    }
  });

  it("draws catalogue images into the bucket and clears out an earlier drawing", async () => {
    const store = createImageStore(storage, { deferred: true, cacheDir: null });
    const first = await drawLogo(store, { folder: "tools", slug: "bucket-tool", name: "Bucket Tool", color: "#0ea5e9" });
    expect(await storage.exists(storage.keyOf(first.png)!)).toBe(false);
    expect(await finishImages(store)).toBe(1);
    expect(await storage.exists(storage.keyOf(first.png)!)).toBe(true);
    expect(await storage.exists(storage.keyOf(first.webp)!)).toBe(true);
    // Drawn again unchanged: nothing to do. Renamed: the new pair replaces the old one.
    expect(await drawLogo(store, { folder: "tools", slug: "bucket-tool", name: "Bucket Tool", color: "#0ea5e9" })).toEqual(first);
    expect(store.pending).toHaveLength(0);
    const second = await drawLogo(createImageStore(storage, { cacheDir: null }), { folder: "tools", slug: "bucket-tool", name: "Bucket Tool 2", color: "#0ea5e9" });
    expect((await storage.list("tools/bucket-tool")).sort()).toEqual([second.png, second.webp].map((url) => url.split("/").pop()).sort());
    expect((await fetch(base + second.png)).status).toBe(200);
  });
});
