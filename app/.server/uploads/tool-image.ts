import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type OutputInfo } from "sharp";
import { IMAGE_MAX_BYTES } from "~/lib/submissions";
import { getStorage, type FileStorage } from "../storage";

/**
 * A submitted tool image: the type is read from the bytes (never the file
 * name or the browser's MIME type), then the picture is decoded and drawn
 * again by sharp as PNG and WebP, which drops metadata (EXIF GPS, comments)
 * and anything hidden after the image data. A pixel limit stops
 * decompression bombs before they are decoded.
 */
const ACCEPTED_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
/** 40 megapixels: far above any logo or screenshot, far below what exhausts memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images are at most this wide and tall. */
const MAX_SIDE = 1600;

export type ImageRefusal = "notImage" | "tooLarge" | "unreadable";

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
  }
}

export interface StoredImage {
  image_url: string;
  image_webp_url: string;
  width: number;
  height: number;
}

export async function storeToolImage(bytes: Buffer, storage: FileStorage = getStorage(), maxPixels = MAX_INPUT_PIXELS): Promise<StoredImage> {
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new ImageRefused("tooLarge");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new ImageRefused("notImage");
  let png: { data: Buffer; info: OutputInfo };
  let webp: Buffer;
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none unless asked).
    const pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    [png, webp] = await Promise.all([
      pipeline.clone().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true }),
      pipeline.clone().webp({ quality: 85 }).toBuffer(),
    ]);
  } catch {
    throw new ImageRefused("unreadable");
  }
  // Named by content: the same picture is stored once, and the name can be cached for ever.
  const name = `img-${crypto.createHash("sha256").update(png.data).digest("hex").slice(0, 10)}`;
  const [image_url, image_webp_url] = await Promise.all([
    storage.put(`submissions/${name}.png`, png.data, "image/png"),
    storage.put(`submissions/${name}.webp`, webp, "image/webp"),
  ]);
  return { image_url, image_webp_url, width: png.info.width, height: png.info.height };
}

/** True when `url` is an image this storage holds from a submission upload (forms send URLs back). */
export async function isStoredSubmissionImage(url: string, storage: FileStorage = getStorage()): Promise<boolean> {
  const key = storage.keyOf(url);
  return key !== null && key.startsWith("submissions/") && (await storage.exists(key));
}
