import fs from "node:fs";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { FetchRefused, guardedRequest } from "../ai-generate/safe-fetch";
import { BrowserProcess, type LaunchSettings, type PageAnswer, type PageRequest } from "./browser-process";

/**
 * A website captured in headless Chromium without the browser ever touching the network itself: every
 * request the page makes (the page, its subresources, each redirect hop, frames, fetches) is intercepted
 * in the browser's own process (browser-process.ts) and made by the server through the website fetcher's
 * guard (`guardedRequest`: public addresses only, ports 80/443 unless allow-listed, the checked address is
 * the one connected to), then handed to the browser. WebSockets and service workers are refused outright,
 * downloads are off, each capture gets a new browser context (no cookies, storage or cache kept), and time
 * and bytes are budgeted per capture. As a second wall, Chromium's own network points at a closed proxy and resolves no names, so anything that
 * slipped past the interception fails instead of reaching out.
 */
export const SCREENSHOT_WIDTH = 1280;
export const SCREENSHOT_HEIGHT = 800;
/** Requests one capture may make (a page with more is shown with what it loaded by then). */
const MAX_REQUESTS = 300;
const MAX_REDIRECTS = 5;
/** A browser kept warm between captures of a batch closes after this long unused. */
const IDLE_CLOSE_MS = 60_000;
const DROPPED_REQUEST_HEADERS = new Set(["host", "connection", "content-length", "accept-encoding", "keep-alive", "proxy-authorization", "upgrade"]);
const DROPPED_RESPONSE_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive", "alt-svc"]);

export interface CaptureSettings {
  chromiumPath: string;
  /** `host` or `host:port` entries exempt from the address and port checks (FETCH_ALLOW_HOSTS; tests). */
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

export interface Capture {
  png: Buffer;
  webp: Buffer;
  /** The address the page ended on after redirects. */
  finalUrl: string;
  /** Requests the guard refused (the page asked for them; nothing was sent). */
  refused: string[];
}

export type CaptureFailure = "unavailable" | "refused" | "status" | "timeout" | "navigation";

export class CaptureFailed extends Error {
  constructor(
    readonly reason: CaptureFailure,
    detail = "",
  ) {
    super(`screenshot failed: ${reason}${detail ? ` (${detail})` : ""}`);
  }
}

/** True when a Chromium executable is where the settings say. */
export function chromiumAvailable(chromiumPath: string): boolean {
  try {
    fs.accessSync(chromiumPath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let browser: BrowserProcess | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function launchSettings(chromiumPath: string): LaunchSettings {
  return {
    executablePath: chromiumPath,
    // Loopback included: without `<-loopback>` Chromium would skip the proxy for 127.0.0.1 and localhost.
    proxy: { server: "http://127.0.0.1:9", bypass: "<-loopback>" },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--host-resolver-rules=MAP * ~NOTFOUND",
      "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
      "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    ],
  };
}

/** Closes the kept browser and its process (end of a command, server shutdown). */
export async function closeScreenshotBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  const open = browser;
  browser = null;
  await open?.stop();
}

/** One capture at a time per process: a second waits for the first (Chromium is memory-hungry). */
export function captureWebsite(url: string, settings: CaptureSettings): Promise<Capture> {
  const run = queue.then(() => captureNow(url, settings));
  queue = run.catch(() => undefined);
  return run;
}

/** What the server keeps of one capture while the page loads. */
interface CaptureState {
  settings: CaptureSettings;
  signal: AbortSignal;
  refused: string[];
  requests: number;
  bytesLeft: number;
  finalUrl: string;
}

async function captureNow(input: string, settings: CaptureSettings): Promise<Capture> {
  if (!chromiumAvailable(settings.chromiumPath)) throw new CaptureFailed("unavailable", settings.chromiumPath);
  let target: URL;
  try {
    target = new URL(input);
  } catch {
    throw new CaptureFailed("refused", "not a URL");
  }
  clearTimeout(idleTimer);
  if (!browser?.alive) browser = new BrowserProcess(launchSettings(settings.chromiumPath));
  const open = browser;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), settings.timeoutMs);
  // The child keeps its own deadlines; one that answers nothing long after them is ended.
  const stuck = setTimeout(() => open.kill(), settings.timeoutMs + 30_000);
  const state: CaptureState = { settings, signal: abort.signal, refused: [], requests: 0, bytesLeft: settings.maxBytes, finalUrl: target.href };
  try {
    let ended;
    try {
      ended = await open.capture({ url: target.href, width: SCREENSHOT_WIDTH, height: SCREENSHOT_HEIGHT, timeoutMs: settings.timeoutMs }, (request) => answerRequest(state, request));
    } catch (error) {
      throw new CaptureFailed(abort.signal.aborted ? "timeout" : "navigation", (error as Error).message);
    }
    const refused = [...state.refused, ...ended.refusedSockets];
    switch (ended.outcome) {
      case "ok": {
        const png = Buffer.from(ended.png.buffer, ended.png.byteOffset, ended.png.byteLength);
        const webp = await sharp(png).webp({ quality: 80 }).toBuffer();
        return { png, webp, finalUrl: state.finalUrl, refused };
      }
      case "goto":
        if (refused.includes(target.href)) throw new CaptureFailed("refused", target.href);
        throw new CaptureFailed(abort.signal.aborted || ended.timedOut ? "timeout" : "navigation", ended.message);
      case "status":
        throw new CaptureFailed("status", String(ended.status ?? "none"));
      case "error":
        throw new CaptureFailed(abort.signal.aborted || ended.timedOut ? "timeout" : "navigation", ended.message);
    }
  } finally {
    clearTimeout(timer);
    clearTimeout(stuck);
    abort.abort();
    idleTimer = setTimeout(() => void closeScreenshotBrowser(), IDLE_CLOSE_MS);
    idleTimer.unref();
  }
}

/**
 * A request of the page, made here through the guard (public addresses only, allowed ports, the checked
 * address connected to), each redirect hop included: a redirect handed to Chromium would be followed by its
 * own network stack. Only GET and HEAD, within the capture's request, byte and time budgets.
 */
async function answerRequest(state: CaptureState, request: PageRequest): Promise<PageAnswer> {
  const { method } = request;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { abort: "blockedbyclient" };
  }
  if ((method !== "GET" && method !== "HEAD") || ++state.requests > MAX_REQUESTS || state.bytesLeft <= 0 || state.signal.aborted) {
    if (method !== "GET" && method !== "HEAD") state.refused.push(`${method} ${url.href}`);
    return { abort: "blockedbyclient" };
  }
  try {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name.toLowerCase()) && !name.startsWith(":")));
    headers["accept-encoding"] = "gzip, deflate, br";
    const options = { method: method === "HEAD" ? ("HEAD" as const) : ("GET" as const), headers, allowHosts: state.settings.allowHosts, signal: state.signal };
    let response = await guardedRequest(url, options);
    for (let hops = 0; response.status >= 300 && response.status < 400 && response.headers.location; hops++) {
      response.body.destroy();
      if (hops >= MAX_REDIRECTS) throw new FetchRefused("redirects", String(hops + 1));
      url = new URL(response.headers.location, url);
      response = await guardedRequest(url, options);
    }
    if (request.mainNavigation) state.finalUrl = url.href;
    const body = await readWithin(response.body, state.bytesLeft);
    state.bytesLeft -= body.length;
    return { status: response.status, headers: responseHeaders(response.headers), body };
  } catch (error) {
    const blocked = error instanceof FetchRefused && error.blocked;
    if (blocked) state.refused.push(url.href);
    return { abort: blocked ? "blockedbyclient" : "failed" };
  }
}

/** Reads a response body up to `limit` bytes; a larger one is cut off there (the budget is spent). */
async function readWithin(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    chunks.push(buffer.subarray(0, Math.max(0, limit - size)));
    size += buffer.byteLength;
    if (size >= limit) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

function responseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join("\n") : value;
  }
  return out;
}
