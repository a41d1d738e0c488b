import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { localStorage } from "~/.server/storage";
import { ImageRefused, storeToolImage } from "~/.server/uploads/tool-image";

/** Uploaded tool images: type by content, size cap, pixel cap, re-encoded without metadata. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "tool-images-"));
const storage = localStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A valid 4x4 PNG with its IHDR size rewritten (and the chunk's CRC fixed). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

async function reason(bytes: Buffer): Promise<string> {
  try {
    await storeToolImage(bytes, storage);
    return "stored";
  } catch (error) {
    if (error instanceof ImageRefused) return error.reason;
    throw error;
  }
}

describe("tool image uploads", () => {
  it("re-encodes a JPEG with EXIF into a PNG and a WebP without metadata, named by content", async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#ff8800" } })
      .withExif({ IFD0: { Artist: "someone", Copyright: "secret" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stored = await storeToolImage(jpeg, storage);
    expect(stored.image_url).toMatch(/^\/uploads\/submissions\/img-[0-9a-f]{10}\.png$/);
    expect(stored.image_webp_url).toBe(stored.image_url.replace(/\.png$/, ".webp"));
    const png = fs.readFileSync(path.join(root, stored.image_url.replace("/uploads/", "")));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["png", 1600, 800, undefined]);
    expect((await sharp(fs.readFileSync(path.join(root, stored.image_webp_url.replace("/uploads/", "")))).metadata()).format).toBe("webp");
    expect((await storeToolImage(jpeg, storage)).image_url).toBe(stored.image_url);
  });

  it("refuses text, SVG and HTML named as images, files over 5 MB and decompression bombs", async () => {
    expect(await reason(Buffer.from("hello, I am text"))).toBe("notImage");
    expect(await reason(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe("notImage");
    expect(await reason(Buffer.from("<!doctype html><html><body>hi</body></html>"))).toBe("notImage");
    expect(await reason(Buffer.alloc(5 * 1024 * 1024 + 1, 0))).toBe("tooLarge");
    // A small PNG whose header claims 20,000 x 20,000 pixels: refused from the header, before decoding.
    expect(await reason(await pngClaiming(20_000, 20_000))).toBe("unreadable");
    // The pixel limit is what refuses it: a real 64 x 64 picture passes 4,096 pixels and not 4,095.
    const real = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0a0" } }).png().toBuffer();
    await expect(storeToolImage(real, storage, 4096)).resolves.toMatchObject({ width: 64 });
    await expect(storeToolImage(real, storage, 4095)).rejects.toMatchObject({ reason: "unreadable" });
  });
});
