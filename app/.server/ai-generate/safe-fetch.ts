import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import zlib from "node:zlib";
import type { Readable } from "node:stream";
import ipaddr from "ipaddr.js";

/**
 * Fetches a web page a user named without letting them reach our own
 * network (SSRF): only http/https on ports 80/443; the host is resolved and
 * every address must be public unicast (no loopback, private, link-local with
 * the cloud metadata address, carrier NAT, unspecified or multicast); the
 * connection goes to the address that was checked (the check runs inside the
 * socket's own lookup, so there is no second lookup to race); each redirect
 * is checked again; redirects, bytes and time are capped.
 */
export type FetchRefusal =
  | "scheme"
  | "port"
  | "address"
  | "redirects"
  | "status"
  | "notHtml"
  | "timeout"
  | "network";

export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusal,
    detail = "",
  ) {
    super(`fetch refused: ${reason}${detail ? ` (${detail})` : ""}`);
  }
  /** True when the target itself is off limits (rather than unreachable or unsuitable). */
  get blocked(): boolean {
    return this.reason === "scheme" || this.reason === "port" || this.reason === "address";
  }
}

export interface SafeFetchOptions {
  /** `host` or `host:port` entries exempt from the address and port checks (tests reach loopback servers). */
  allowHosts?: readonly string[];
  maxRedirects?: number;
  /** Bytes of (decompressed) body kept; the rest of a larger page is not read. */
  maxBytes?: number;
  /** For the whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Also accept a plain-text body (a verification file), not only HTML. */
  allowText?: boolean;
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  html: string;
}

const DEFAULTS = { maxRedirects: 3, maxBytes: 1024 * 1024, timeoutMs: 10_000 };
const USER_AGENT = "Mozilla/5.0 (compatible; AIToolsDirectoryBot/1.0; +submit-form preview)";

/** True for an address on the public internet (ipaddr's `unicast` range, IPv4-mapped IPv6 unwrapped). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowHosts.includes(host) || allowHosts.includes(url.host.toLowerCase());
}

/** Refuses a URL before any connection: scheme, port, and a literal IP address. */
export function checkTarget(url: URL, allowHosts: readonly string[] = []): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", url.protocol);
  if (url.username || url.password) throw new FetchRefused("scheme", "credentials in URL");
  if (isAllowListed(url, allowHosts)) return;
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (port !== 80 && port !== 443) throw new FetchRefused("port", String(port));
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !isPublicAddress(literal)) throw new FetchRefused("address", literal);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A socket lookup that resolves the host and refuses it unless every address is public. */
function checkedLookup(exempt: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (!exempt && (refused || addresses.length === 0)) {
        return callback(Object.assign(new FetchRefused("address", refused?.address ?? hostname), { code: "EREFUSED" }), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers["content-encoding"] ?? "").toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return response.pipe(zlib.createGunzip());
  if (encoding === "deflate") return response.pipe(zlib.createInflate());
  if (encoding === "br") return response.pipe(zlib.createBrotliDecompress());
  return response;
}

/** Reads at most `maxBytes`, then stops (a page's metadata is at its top). */
async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    chunks.push(buffer.subarray(0, maxBytes - size));
    size += buffer.byteLength;
    if (size >= maxBytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

function charsetOf(contentType: string, head: Buffer): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head.toString("latin1"))?.[1];
  if (!declared) return "utf-8";
  try {
    new TextDecoder(declared);
    return declared;
  } catch {
    return "utf-8";
  }
}

function requestOnce(url: URL, exempt: boolean, signal: AbortSignal, method: "GET" | "HEAD" = "GET", userAgent = USER_AGENT): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        signal,
        lookup: checkedLookup(exempt) as unknown as typeof dns.lookup,
        headers: {
          "user-agent": userAgent,
          accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
          "accept-encoding": "gzip, deflate, br",
        },
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

function parseTarget(input: string): URL {
  try {
    return new URL(input);
  } catch {
    throw new FetchRefused("scheme", "not a URL");
  }
}

/** One request to a checked target; every failure becomes a FetchRefused with its reason. */
async function checkedHop(url: URL, allowHosts: readonly string[], signal: AbortSignal, method?: "GET" | "HEAD", userAgent?: string): Promise<http.IncomingMessage> {
  checkTarget(url, allowHosts);
  try {
    return await requestOnce(url, isAllowListed(url, allowHosts), signal, method, userAgent);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) throw new FetchRefused("timeout");
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof FetchRefused) throw cause;
    throw new FetchRefused("network", (error as Error).message);
  }
}

/** GETs an HTML page through the checks above; throws FetchRefused with the reason otherwise. */
export async function safeFetchPage(input: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const { maxRedirects, maxBytes, timeoutMs } = { ...DEFAULTS, ...options };
  const allowHosts = options.allowHosts ?? [];
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseTarget(input);
  for (let redirects = 0; ; redirects++) {
    const response = await checkedHop(url, allowHosts, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (redirects >= maxRedirects) throw new FetchRefused("redirects", String(redirects + 1));
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefused("status", String(status));
    }
    const contentType = String(response.headers["content-type"] ?? "");
    const accepted = options.allowText ? /^(text\/html|application\/xhtml\+xml|text\/plain)\b/i : /^(text\/html|application\/xhtml\+xml)\b/i;
    if (!accepted.test(contentType)) {
      response.resume();
      throw new FetchRefused("notHtml", contentType);
    }
    try {
      const body = await readCapped(decoded(response), maxBytes);
      return { url: url.toString(), status, contentType, html: new TextDecoder(charsetOf(contentType, body.subarray(0, 2048))).decode(body) };
    } catch (error) {
      if (signal.aborted) throw new FetchRefused("timeout");
      throw new FetchRefused("network", (error as Error).message);
    }
  }
}

export interface ProbeHop {
  status: number;
  from: string;
  to: string;
}

export interface ProbeResult {
  /** The final answer's status (after redirects). */
  status: number;
  finalUrl: string;
  /** Each redirect followed, in order. */
  hops: ProbeHop[];
}

/**
 * One request (HEAD or GET) for a website's health, through the same checks as `safeFetchPage` on every hop:
 * any final status is an answer (the caller judges it); the body is never read. Throws FetchRefused for a
 * blocked target, too many redirects, a timeout or a network failure.
 */
export async function safeProbe(input: string, options: SafeFetchOptions & { method: "GET" | "HEAD"; userAgent: string }): Promise<ProbeResult> {
  const { maxRedirects, timeoutMs } = { ...DEFAULTS, ...options };
  const allowHosts = options.allowHosts ?? [];
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseTarget(input);
  const hops: ProbeHop[] = [];
  for (;;) {
    const response = await checkedHop(url, allowHosts, signal, options.method, options.userAgent);
    response.resume();
    response.destroy();
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      if (hops.length >= maxRedirects) throw new FetchRefused("redirects", String(hops.length + 1));
      const next = new URL(location, url);
      hops.push({ status, from: url.toString(), to: next.toString() });
      url = next;
      continue;
    }
    return { status, finalUrl: url.toString(), hops };
  }
}

/**
 * One request through the same checks, redirects not followed (the caller checks each hop again): the
 * website screenshotter sends every request of its browser through here. Only GET and HEAD.
 */
export async function guardedRequest(
  url: URL,
  init: { method: "GET" | "HEAD"; headers: Record<string, string>; allowHosts: readonly string[]; signal: AbortSignal },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Readable }> {
  checkTarget(url, init.allowHosts);
  const client = url.protocol === "https:" ? https : http;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = client.request(
      url,
      { method: init.method, signal: init.signal, lookup: checkedLookup(isAllowListed(url, init.allowHosts)) as unknown as typeof dns.lookup, headers: init.headers },
      resolve,
    );
    request.on("error", (error) => {
      const cause = (error as { cause?: unknown }).cause;
      reject(error instanceof FetchRefused ? error : cause instanceof FetchRefused ? cause : init.signal.aborted ? new FetchRefused("timeout") : new FetchRefused("network", error.message));
    });
    request.end();
  });
  return { status: response.statusCode ?? 0, headers: response.headers, body: decoded(response) };
}
