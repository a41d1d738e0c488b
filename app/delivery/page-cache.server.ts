import type { NextFunction, Request, Response } from "express";
import { SESSION_COOKIE } from "../.server/http-cache";
import { onCatalogChange } from "../.server/tools/cache";
import { pageCacheLookups } from "../.server/metrics";
import { ByteBoundedMap } from "../../server/byte-bounded-map";

/**
 * Micro-cache of rendered pages for anonymous visitors. Only responses the
 * page itself marked shareable (`Cache-Control: public`, HTML, status 200,
 * no cookie set) are kept, for a short time and only until the catalogue
 * changes (here, or on another instance: noticed within seconds). The
 * per-request CSP nonce in the stored HTML is swapped for the current
 * request's, so inline scripts keep running under the new policy.
 *
 * A page is kept from its second request within the TTL on (like a CDN's
 * "minimum uses"): crawlers walk thousands of list pages once each, and keeping
 * every one of them only pushed the pages people do share out of the cache
 * and kept the garbage collector busy with bodies nobody asked for again.
 */
const TTL_MS = 30_000;
/** Rendered pages kept, by bytes (about 300 typical pages). */
const MAX_STORE_BYTES = 32 * 1024 * 1024;
/** URLs requested once, remembered (not their bodies) so a second request within the TTL is kept; by bytes of address. */
const MAX_SEEN_BYTES = 2 * 1024 * 1024;
/** Headers that belong to one response only (compression re-adds its own encoding; Vary is kept, it appends to it). */
const SKIP_HEADERS = new Set(["content-security-policy", "content-length", "content-encoding", "set-cookie", "date", "connection", "transfer-encoding", "x-page-cache", "server-timing"]);

interface Entry {
  expires: number;
  headers: Array<[string, string | number | string[]]>;
  /** The body cut at each occurrence of the nonce, so a hit only joins bytes. */
  parts: Buffer[];
}

function splitAtNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at >= 0; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(nonce);
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * Sends the stored parts with the request's nonce between them as separate writes (one writev), so a
 * hit copies none of the page's bytes: joining them first copied every cached page once per request.
 */
function sendWithNonce(res: Response, parts: Buffer[], nonce: string): void {
  if (parts.length === 1) {
    res.end(parts[0]);
    return;
  }
  const separator = Buffer.from(nonce);
  res.setHeader("Content-Length", parts.reduce((sum, part) => sum + part.byteLength, 0) + separator.byteLength * (parts.length - 1));
  res.cork();
  parts.forEach((part, i) => {
    if (i > 0) res.write(separator);
    res.write(part);
  });
  res.end();
  res.uncork();
}

export interface PageCacheOptions {
  /**
   * Called before each lookup, so a hit too can notice another instance's catalogue change (the app passes
   * the throttled, never-awaited freshness check); the change clears the cache through `onCatalogChange`.
   */
  beforeLookup?: () => void;
}

export function pageCache({ beforeLookup }: PageCacheOptions = {}) {
  const store = new ByteBoundedMap<Entry>(MAX_STORE_BYTES, (entry) => entry.parts.reduce((sum, part) => sum + part.byteLength, 0) + entry.headers.length * 128);
  const seenAt = new ByteBoundedMap<number>(MAX_SEEN_BYTES, () => 8);
  onCatalogChange(() => {
    store.clear();
    seenAt.clear();
  });
  /** True from a URL's second request within the TTL on; the first one is only noted. */
  const requestedBefore = (key: string, now: number): boolean => {
    const seen = seenAt.get(key);
    if (seen !== undefined && now - seen < TTL_MS) return true;
    // Re-noted at the end, so the oldest notes go first.
    if (seen !== undefined) seenAt.delete(key);
    seenAt.set(key, now);
    return false;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || SESSION_COOKIE.test(req.headers.cookie ?? "")) return next();
    beforeLookup?.();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = store.get(key);
    if (hit && hit.expires > Date.now()) {
      pageCacheLookups.inc({ result: "hit" });
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      // The hit's own server time (the render's is not kept), as every rendered page tells its own.
      const receivedAt = res.locals.receivedAt;
      if (typeof receivedAt === "number") res.setHeader("Server-Timing", `app;dur=${(performance.now() - receivedAt).toFixed(1)}`);
      res.status(200);
      sendWithNonce(res, hit.parts, nonce);
      return;
    }
    pageCacheLookups.inc({ result: "miss" });
    // An expired entry was asked for before: its page is kept again at once.
    if (hit) store.delete(key);
    else if (!requestedBefore(key, Date.now())) return next();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      // A view, not a copy: written bytes are never changed afterwards (the response holds them too).
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode === 200 && cacheControl.startsWith("public") && type.startsWith("text/html") && !res.getHeader("set-cookie")) {
        store.set(key, {
          expires: Date.now() + TTL_MS,
          headers: Object.entries(res.getHeaders()).filter(([name, value]) => !SKIP_HEADERS.has(name) && value !== undefined) as Entry["headers"],
          // Pages arrive as one body (render.server.tsx), so there is usually nothing to join.
          parts: splitAtNonce(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), nonce),
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
