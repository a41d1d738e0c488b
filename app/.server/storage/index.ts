import path from "node:path";
import type { Readable } from "node:stream";
import { getConfig } from "../config";
import { localStorage } from "./local";
import { s3Storage } from "./s3";
import type { StorageSettings } from "./settings";

export { assertStorageKey, cacheControlOf, contentTypeOf, isStorageFolder, isStorageKey, keyOfUploadsPath, UPLOADS_PREFIX } from "./keys";

/**
 * Where uploads and the catalogue's drawn images live. One interface, so an S3-compatible bucket can
 * take the local folder's place without touching callers: they store bytes under a key and keep the
 * public URL it returns. Several instances share a bucket; a local folder belongs to one machine.
 */
export interface FileStorage {
  /** Stores the bytes under `key` (e.g. `submissions/img-3f9a0c1b2d.png`) and returns their public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The public URL of `key` (whether or not it is stored yet: drawn images are named before they are drawn). */
  urlOf(key: string): string;
  /** The key behind one of this storage's public URLs (or an `/uploads/<key>` address), null for any other URL. */
  keyOf(url: string): string | null;
  exists(key: string): Promise<boolean>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  read(key: string): Promise<StoredFile | null>;
  /** Names of the files directly in `folder` (e.g. `tools/chatgpt`), for clearing out old drawings. */
  list(folder: string): Promise<string[]>;
  /** Removes `key`; nothing happens when it is not stored. */
  remove(key: string): Promise<void>;
}

export interface StoredFile {
  body: Readable;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

export function createStorage(settings: StorageSettings): FileStorage {
  return settings.driver === "s3" ? s3Storage(settings) : localStorage(path.resolve(settings.dir));
}

let storage: FileStorage | undefined;

/** The configured storage: the local UPLOAD_DIR unless STORAGE_URL or S3_BUCKET name a bucket. */
export function getStorage(): FileStorage {
  storage ??= createStorage(getConfig().storage);
  return storage;
}

export { localStorage } from "./local";
export { s3Storage } from "./s3";
