import crypto from "node:crypto";

/**
 * Conditional GETs for feeds and the public API: a strong ETag over the body and, where the content has
 * a date, Last-Modified. A request whose If-None-Match names the current tag (or, without one, whose
 * If-Modified-Since is not older than the content) gets 304 with no body. Readers poll feeds and API
 * clients page through lists again and again; a 304 saves the transfer and their parsing.
 */
export function entityTag(body: string): string {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export interface ConditionalBody {
  body: string;
  contentType: string;
  /** ISO timestamp of the newest change the body shows, if known. */
  lastModified?: string | null;
  headers?: Record<string, string>;
}

function matchesTag(header: string | null, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  // Weak comparison (RFC 9110 13.1.2): compression in front of us may add W/ to what we sent.
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

/** HTTP dates have whole seconds. */
function httpDate(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(Math.floor(time / 1000) * 1000).toUTCString();
}

export function conditionalResponse(request: Request, { body, contentType, lastModified, headers = {} }: ConditionalBody): Response {
  const tag = entityTag(body);
  const modified = lastModified ? httpDate(lastModified) : null;
  const out = new Headers(headers);
  out.set("ETag", tag);
  if (modified) out.set("Last-Modified", modified);
  const noneMatch = request.headers.get("if-none-match");
  const since = request.headers.get("if-modified-since");
  const notModified = noneMatch ? matchesTag(noneMatch, tag) : Boolean(modified && since && Date.parse(since) >= Date.parse(modified));
  if (notModified) return new Response(null, { status: 304, headers: out });
  out.set("Content-Type", contentType);
  out.set("Content-Length", String(Buffer.byteLength(body)));
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: out });
}
