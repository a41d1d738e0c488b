import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./index";
import { assertStorageKey, isStorageFolder, isStorageKey, keyOfUploadsPath, UPLOADS_PREFIX } from "./keys";

/** Files under UPLOAD_DIR on this machine, served by server.js at /uploads. */
export function localStorage(root: string, publicPrefix = UPLOADS_PREFIX): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const urlOf = (key: string) => publicPrefix + key;
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file. The temporary name is unique per write, so
      // two writers of one key (two seeding processes, two uploads of the same picture) never share it.
      const temporary = `${file}.${process.pid}-${crypto.randomBytes(4).toString("hex")}.tmp`;
      try {
        await fsp.writeFile(temporary, body);
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
      return urlOf(key);
    },
    urlOf,
    keyOf(url) {
      if (publicPrefix === UPLOADS_PREFIX) return keyOfUploadsPath(url);
      if (!url.startsWith(publicPrefix)) return null;
      const key = url.slice(publicPrefix.length);
      return isStorageKey(key) ? key : null;
    },
    async exists(key) {
      try {
        return (await fsp.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      const file = path.join(root, key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        return {
          body: fs.createReadStream(file),
          contentLength: stat.size,
          etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
          lastModified: stat.mtime,
        };
      } catch {
        return null;
      }
    },
    async list(folder) {
      if (!isStorageFolder(folder)) throw new Error(`invalid storage folder: ${folder}`);
      try {
        const entries = await fsp.readdir(path.join(root, folder), { withFileTypes: true });
        return entries.filter((entry) => entry.isFile() && isStorageKey(`${folder}/${entry.name}`)).map((entry) => entry.name);
      } catch {
        return [];
      }
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
