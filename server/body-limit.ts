import type { Request } from "express";
import { JSON_BODY_LIMIT } from "../app/.server/http/json-api";
import { IMAGE_MAX_BYTES } from "../app/lib/submissions";

/**
 * One byte cap for every request body, applied by the edge before any route reads it: 64 KB for
 * JSON, forms and anything else, and the image upload limit plus room for the form's other fields
 * for multipart uploads. A 200 MB body used to be buffered whole by the sign-in endpoints.
 * Uploads get twice the image limit, so a file somewhat over 5 MB still reaches the upload
 * endpoint and the person sees its translated "image larger than 5 MB" message.
 */
export const UPLOAD_BODY_LIMIT = 2 * IMAGE_MAX_BYTES;

export interface BufferedBody {
  bytes: Buffer;
  /** A text body (JSON, form, text) holding NUL, raw or as a JSON escape: no field of the site accepts one. */
  hasNul: boolean;
}

export function bodyLimitFor(req: Request): number {
  return /^multipart\/form-data/i.test(req.headers["content-type"] ?? "") ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
}

const TEXT_BODY = /^(?:application\/(?:.+\+)?json|application\/x-www-form-urlencoded|text\/)/i;

/** The body stopped arriving: no byte for the idle timeout. */
export class BodyStalledError extends Error {
  constructor(idleMs: number) {
    super(`no byte of the request body for ${idleMs} ms`);
  }
}

/**
 * The whole body, or null as soon as it passes `limit` bytes (the rest is not read). Rejects with
 * BodyStalledError when `idleMs` pass without a byte (a declared length that is never sent).
 */
export function readCappedBody(req: Request, limit: number, idleMs = 0): Promise<BufferedBody | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let idle: NodeJS.Timeout | undefined;
    const rearm = () => {
      if (!idleMs) return;
      clearTimeout(idle);
      idle = setTimeout(() => {
        cleanup();
        reject(new BodyStalledError(idleMs));
      }, idleMs);
    };
    const onData = (chunk: Buffer) => {
      rearm();
      size += chunk.byteLength;
      if (size > limit) {
        cleanup();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const text = TEXT_BODY.test(req.headers["content-type"] ?? "");
      resolve({ bytes, hasNul: text && (bytes.includes(0) || /\\u0000/i.test(bytes.toString("latin1"))) });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(idle);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
    };
    const onAborted = () => onError(new Error("request aborted"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onAborted);
    rearm();
  });
}
