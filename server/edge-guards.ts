import type { NextFunction, Request, Response } from "express";
import { isCountedAuthPath } from "../app/.server/auth/account-limits";
import { getLogger } from "../app/.server/logger";
import { BodyStalledError, readCappedBody, bodyLimitFor, type BufferedBody } from "./body-limit";

/**
 * The first thing every request meets, before any route: whatever an address, a header or a body
 * can carry that the code behind would choke on is refused here with a 4xx, once, for every route
 * (pages, `/api/*`, and routes added later). In order:
 *
 * - methods the site never answers (TRACE, CONNECT, WebDAV verbs...): 405;
 * - addresses longer than MAX_URL_BYTES: 414 (nothing legitimate is that long; caches keyed by URL stay small);
 * - paths that do not decode, or decode to control characters, and NUL anywhere in the address: 400;
 * - a Host (or, behind a trusted proxy, X-Forwarded-Host/-Proto) that is no host name: 400;
 * - forwarded headers from clients that are not a trusted proxy are dropped, so nothing behind
 *   (better-auth's base URL, its rate limits, `session.ipAddress`) can be told a made-up address;
 *   `x-client-ip` always carries the address Express resolved (see TRUST_PROXY);
 * - the sign-in endpoints (`/api/auth/*`) are given one spelling (dot segments, `%2e%2e`, doubled and
 *   trailing slashes, letter case), so better-auth and the per-account limits see the same path;
 * - request bodies are read here with a byte cap (413 past it) and handed on already read; a body that
 *   stops arriving is given up after `bodyIdleTimeoutMs` without a byte (408, connection closed).
 */
export const MAX_URL_BYTES = 4096;

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

function isHost(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}
const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"];
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

declare module "express-serve-static-core" {
  interface Request {
    /** The request body, read by the edge within its byte cap (see body-limit.ts). */
    bufferedBody?: BufferedBody;
  }
}

async function refuse(req: Request, res: Response, status: number, code: string, message: string, headers: Record<string, string> = {}): Promise<void> {
  // The request logger writes one line per request; this names why it was refused (never the whole address).
  getLogger().warn({ status, code, method: req.method, path: shortUrl(req.originalUrl) }, "request refused");
  // A body nobody will read is read and dropped first, so the client still sending it gets this answer.
  if (!req.readableEnded && (Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined)) {
    if (Number(req.headers["content-length"] ?? 0) > DISCARD_MAX_BYTES) res.setHeader("Connection", "close");
    else await discardRest(req);
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  if (req.originalUrl.startsWith("/api/") || (req.headers.accept ?? "").includes("application/json")) {
    res.status(status).json({ error: { code, message } });
  } else {
    res.status(status).type("text/plain").send(message);
  }
}

/** At most 200 characters of an address, for logs (a 12 KB URL per line filled disks). */
export function shortUrl(url: string | undefined): string {
  if (!url) return "";
  return url.length > 200 ? `${url.slice(0, 200)}...(${url.length} chars)` : url;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim();
}

/** Why the address cannot be served, or null when it can. */
function addressProblem(url: string): string | null {
  if (Buffer.byteLength(url) > MAX_URL_BYTES) return "uri_too_long";
  if (/%00/i.test(url) || url.includes("\0")) return "bad_path";
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "bad_path";
  }
  return CONTROL.test(decoded) || CONTROL.test(path) ? "bad_path" : null;
}

const AUTH_PREFIX = /^\/api\/auth(?:\/|$)/i;

/**
 * The one spelling of a better-auth path, or null for any other path. `/api/auth/x/../sign-in/email`,
 * `/API/Auth//sign-in/email/` and the `%2e%2e` forms all reach the same endpoint, so each is counted by
 * the per-account limits like the plain path instead of slipping past them.
 */
export function canonicalAuthPath(path: string): string | null {
  // Percent-encoded letters, digits and `-._~` mean the characters themselves (RFC 3986 2.3).
  const decoded = path.replace(/%([0-9a-f]{2})/gi, (escape: string, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[a-z0-9\-._~]$/i.test(char) ? char : escape;
  });
  const collapsed = decoded.replace(/[/\\]{2,}/g, "/");
  let resolved: string;
  try {
    // The URL parser resolves `.`/`..` segments, their `%2e` forms and backslashes, as better-auth's own Request does.
    resolved = new URL(collapsed, "http://edge.invalid").pathname;
  } catch {
    return null;
  }
  resolved = resolved.replace(/\/{2,}/g, "/");
  if (resolved.length > 1) resolved = resolved.replace(/\/+$/, "");
  if (!AUTH_PREFIX.test(resolved)) return null;
  // Letter case is folded for the prefix and the counted endpoints only: other paths may carry a token
  // whose case matters (the password reset link's /reset-password/<token>).
  const endpoint = resolved.slice("/api/auth".length);
  return `/api/auth${isCountedAuthPath(endpoint.toLowerCase()) ? endpoint.toLowerCase() : endpoint}`;
}

/** Rewrites a request for a better-auth path to its one spelling (the query is kept as sent). */
function canonicalizeAuthRequest(req: Request): void {
  const queryAt = req.url.indexOf("?");
  const path = queryAt < 0 ? req.url : req.url.slice(0, queryAt);
  const canonical = canonicalAuthPath(path);
  if (canonical !== null && canonical !== path) req.url = canonical + (queryAt < 0 ? "" : req.url.slice(queryAt));
}

function hostProblem(req: Request, trusted: boolean): string | null {
  const host = req.headers.host;
  if (host === undefined || !isHost(host)) return "bad_host";
  if (!trusted) return null;
  const forwardedHost = firstValue(req.headers["x-forwarded-host"]);
  if (forwardedHost !== undefined && !isHost(forwardedHost)) return "bad_host";
  const proto = firstValue(req.headers["x-forwarded-proto"]);
  if (proto !== undefined && proto !== "http" && proto !== "https") return "bad_host";
  return null;
}

export function edgeGuards({ trustProxy, bodyIdleTimeoutMs = 5_000 }: { trustProxy: boolean; bodyIdleTimeoutMs?: number }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!ALLOWED_METHODS.has(req.method)) {
      return refuse(req, res, 405, "method_not_allowed", "Method not allowed.", { Allow: [...ALLOWED_METHODS].join(", ") });
    }
    const problem = addressProblem(req.originalUrl);
    if (problem === "uri_too_long") return refuse(req, res, 414, problem, "The address is too long.");
    if (problem) return refuse(req, res, 400, problem, "The address is not valid.");
    if (!trustProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    if (hostProblem(req, trustProxy)) return refuse(req, res, 400, "bad_host", "The Host header is not valid.");
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
    canonicalizeAuthRequest(req);
    if (/^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?admin(?:[/.]|$)/i.test(req.path)) noStore(res);

    const limit = bodyLimitFor(req);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      return refuse(req, res, 413, "payload_too_large", `The request body is larger than ${limit} bytes.`);
    }
    if (req.method === "GET" || req.method === "HEAD" || (!declared && req.headers["transfer-encoding"] === undefined)) return next();
    try {
      const body = await readCappedBody(req, limit, bodyIdleTimeoutMs);
      if (!body) {
        // Part of the body was read: the rest is dropped by refuse().
        return refuse(req, res, 413, "payload_too_large", `The request body is larger than ${limit} bytes.`);
      }
      if (body.hasNul) return refuse(req, res, 400, "bad_body", "The request body contains a NUL character.");
      req.bufferedBody = body;
      // better-auth's Node adapter reads a body already consumed from `req.body`.
      (req as { body?: unknown }).body = body.bytes.toString("utf8");
      next();
    } catch (error) {
      if (error instanceof BodyStalledError) return stalled(req, res);
      // The client went away while sending.
      if (!res.headersSent) await refuse(req, res, 400, "bad_body", "The request body could not be read.");
    }
  };
}

/**
 * A body that stopped arriving: 408 and the connection closed, so the socket is not held until the
 * request timeout (the rest of the declared body will never come, so it is not waited for either).
 */
function stalled(req: Request, res: Response): void {
  getLogger().warn({ status: 408, code: "body_timeout", method: req.method, path: shortUrl(req.originalUrl) }, "request refused");
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.once("finish", () => req.socket.destroy());
  if (req.originalUrl.startsWith("/api/") || (req.headers.accept ?? "").includes("application/json")) {
    res.status(408).json({ error: { code: "body_timeout", message: "The request body stopped arriving." } });
  } else {
    res.status(408).type("text/plain").send("The request body stopped arriving.");
  }
}

/** Most a refused body is read on (and thrown away) before the connection is cut. */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body before the refusal is sent, so a client still sending
 * gets the 413 instead of a reset connection (closing a socket with unread data resets it, and the
 * answer with it). A sender that goes on past DISCARD_MAX_BYTES is cut off.
 */
function discardRest(req: Request): Promise<void> {
  return new Promise((resolve) => {
    let discarded = 0;
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > DISCARD_MAX_BYTES) req.socket.destroy();
    });
    req.once("end", () => resolve());
    req.once("close", () => resolve());
    req.resume();
  });
}

/** Admin pages and their data requests are never stored by browsers or shared caches. */
function noStore(res: Response): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    res.setHeader("Cache-Control", "no-store");
    return writeHead(...args);
  }) as Response["writeHead"];
}
