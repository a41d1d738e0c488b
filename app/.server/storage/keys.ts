/** Storage keys and what follows from them, shared by every driver and the /uploads route. */

/** The app's own address for stored files: server.js serves the local folder here, the app streams a bucket's. */
export const UPLOADS_PREFIX = "/uploads/";

/**
 * Keys are one or two folders and a file name of safe characters (`defaults/logo.png`,
 * `tools/chatgpt/logo-3f9a0c1b2d.webp`): nothing can climb out of the storage root, and only the two
 * image types the site writes can be named.
 */
const KEY_SHAPE = /^[a-z0-9-]{1,255}(\/[a-z0-9-]{1,255})?\/[a-z0-9-]{1,255}\.(png|webp)$/;
const FOLDER_SHAPE = /^[a-z0-9-]{1,255}(\/[a-z0-9-]{1,255})?$/;

export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

export function isStorageFolder(folder: string): boolean {
  return FOLDER_SHAPE.test(folder);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

/** The content type a key's extension promises; stored metadata is never trusted for it. */
export function contentTypeOf(key: string): string {
  return key.endsWith(".webp") ? "image/webp" : "image/png";
}

/** Names that carry a content hash (`logo-3f9a0c1b2d.png`, `img-…`) never change: cached for a year. Others briefly. */
export function cacheControlOf(key: string): string {
  return /-[0-9a-f]{10}\.(png|webp)$/.test(key) ? "public, max-age=31536000, immutable" : "public, max-age=300";
}

/** `/uploads/<key>` of the app's own address, or null. */
export function keyOfUploadsPath(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isStorageKey(key) ? key : null;
}
