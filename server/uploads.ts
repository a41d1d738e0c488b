import { pipeline } from "node:stream";
import type { Request, Response } from "express";
import { getLogger } from "../app/.server/logger";
import { cacheControlOf, contentTypeOf, keyOfUploadsPath, type FileStorage } from "../app/.server/storage";

/**
 * `GET /uploads/<key>` from a bucket (server.js serves the local UPLOAD_DIR itself): every instance
 * answers every stored image, whichever instance stored it. The key must have the storage's strict
 * shape (folders and a name of `a-z 0-9 -`, `.png` or `.webp`), so nothing else is ever asked of the
 * bucket; a key of another shape, or one nothing is stored under, is a plain 404, as a missing file is
 * for the local folder. The type follows from the extension, never from the object's metadata, and
 * hashed names are cached for a year like the local folder's.
 */
export function storedUploads(storageOf: () => FileStorage) {
  return async (req: Request, res: Response): Promise<void> => {
    // The raw path: a percent-encoded key is no key (the shape has no `%`), so nothing is decoded.
    const key = keyOfUploadsPath(req.path);
    if (!key) {
      notFound(res);
      return;
    }
    let file: Awaited<ReturnType<FileStorage["read"]>>;
    try {
      file = await storageOf().read(key);
    } catch (error) {
      // The bucket is down or refuses us: the visitor gets a short "try again", the log the cause.
      getLogger().warn({ err: error, key }, "reading an upload from storage failed");
      res.status(503).setHeader("Retry-After", "10").type("text/plain").send("Storage unavailable");
      return;
    }
    if (!file) {
      notFound(res);
      return;
    }
    res.setHeader("Content-Type", contentTypeOf(key));
    res.setHeader("Cache-Control", cacheControlOf(key));
    if (file.etag) res.setHeader("ETag", file.etag);
    if (file.lastModified) res.setHeader("Last-Modified", file.lastModified.toUTCString());
    const revalidated = file.etag !== undefined && req.headers["if-none-match"] === file.etag;
    if (revalidated || req.method === "HEAD") {
      file.body.destroy();
      if (!revalidated && file.contentLength !== undefined) res.setHeader("Content-Length", String(file.contentLength));
      res.status(revalidated ? 304 : 200).end();
      return;
    }
    if (file.contentLength !== undefined) res.setHeader("Content-Length", String(file.contentLength));
    // A visitor who leaves mid-image ends the bucket's stream too (pipeline destroys both ends).
    pipeline(file.body, res, (error) => {
      const leftEarly = (error as NodeJS.ErrnoException | null)?.code === "ERR_STREAM_PREMATURE_CLOSE";
      if (error && !leftEarly) getLogger().warn({ err: error, key }, "streaming an upload from storage failed");
    });
  };
}

function notFound(res: Response): void {
  res.status(404).type("text/plain").send("Not Found");
}
