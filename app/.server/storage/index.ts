import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "../config";

/**
 * Where user uploads live. One interface so an S3-compatible bucket can take
 * the local folder's place without touching callers: they store bytes under a
 * key and keep the public URL it returns.
 */
export interface FileStorage {
  /** Stores the bytes under `key` (e.g. `submissions/acme-3f9a0c1b2d.png`) and returns their public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The key behind one of this storage's public URLs, or null for any other URL. */
  keyOf(url: string): string | null;
  exists(key: string): Promise<boolean>;
}

/** Keys are a folder and a file name of safe characters: nothing can climb out of the storage root. */
const KEY_SHAPE = /^[a-z0-9-]+\/[a-z0-9-]+\.(png|webp)$/;

export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** Files under UPLOAD_DIR, served by server.js at /uploads. */
export function localStorage(root: string, publicPrefix = "/uploads/"): FileStorage {
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
      return publicPrefix + key;
    },
    keyOf(url) {
      if (!url.startsWith(publicPrefix)) return null;
      const key = url.slice(publicPrefix.length);
      return isStorageKey(key) ? key : null;
    },
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

let storage: FileStorage | undefined;

/** The configured storage (the local UPLOAD_DIR today). */
export function getStorage(): FileStorage {
  storage ??= localStorage(path.resolve(getConfig().uploadDir));
  return storage;
}
