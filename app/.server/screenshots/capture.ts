import fs from "node:fs";
import type { Readable } from "node:stream";
import type { Browser, Page, Route } from "playwright-core";
import sharp from "sharp";
import { FetchRefused, guardedRequest } from "../ai-generate/safe-fetch";

/**
 * A website captured in headless Chromium without the browser ever touching the network itself: every
 * request the page makes (the page, its subresources, each redirect hop, frames, fetches) is intercepted
 * and made by the server through the website fetcher's guard (`guardedRequest`: public addresses only,
 * ports 80/443 unless allow-listed, the checked address is the one connected to), then handed to the
 * browser. WebSockets and service workers are refused outright, downloads are off, each capture gets a new
 * browser context (no cookies, storage or cache kept), and time and bytes are budgeted per capture. As a
 * second wall, Chromium's own network points at a closed proxy and resolves no names, so anything that
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

let browser: Promise<Browser> | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function launch(chromiumPath: string): Promise<Browser> {
  // Loaded on the first capture, not at start: the driver is megabytes of code every instance would parse
  // (about a second of start-up CPU) and keep in memory even where screenshots are off.
  const launched = import("playwright-core").then(({ chromium }) => chromium.launch({
    executablePath: chromiumPath,
    headless: true,
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
  }));
  launched.then((b) => b.on("disconnected", () => (browser = null))).catch(() => (browser = null));
  return launched;
}

/** Closes the kept browser (end of a command, server shutdown). */
export async function closeScreenshotBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  const open = browser;
  browser = null;
  if (open) await (await open.catch(() => null))?.close().catch(() => undefined);
}

/** One capture at a time per process: a second waits for the first (Chromium is memory-hungry). */
export function captureWebsite(url: string, settings: CaptureSettings): Promise<Capture> {
  const run = queue.then(() => captureNow(url, settings));
  queue = run.catch(() => undefined);
  return run;
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
  browser ??= launch(settings.chromiumPath);
  const open = await browser;
  const deadline = Date.now() + settings.timeoutMs;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), settings.timeoutMs);
  const refused: string[] = [];
  let bytesLeft = settings.maxBytes;
  let requests = 0;
  let page: Page | undefined;
  let finalUrl = target.href;
  const context = await open.newContext({
    viewport: { width: SCREENSHOT_WIDTH, height: SCREENSHOT_HEIGHT },
    deviceScaleFactor: 1,
    acceptDownloads: false,
    serviceWorkers: "block",
    locale: "en-US",
  });
  try {
    await context.routeWebSocket(/.*/, (socket) => {
      refused.push(socket.url());
      socket.close({ code: 1008, reason: "not allowed" }).catch(() => undefined);
    });
    await context.route("**/*", async (route: Route) => {
      const request = route.request();
      const method = request.method();
      let url: URL;
      try {
        url = new URL(request.url());
      } catch {
        return route.abort("blockedbyclient").catch(() => undefined);
      }
      if ((method !== "GET" && method !== "HEAD") || ++requests > MAX_REQUESTS || bytesLeft <= 0 || abort.signal.aborted) {
        if (method !== "GET" && method !== "HEAD") refused.push(`${method} ${url.href}`);
        return route.abort("blockedbyclient").catch(() => undefined);
      }
      try {
        const headers = Object.fromEntries(Object.entries(await request.allHeaders()).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name.toLowerCase()) && !name.startsWith(":")));
        headers["accept-encoding"] = "gzip, deflate, br";
        // Redirects are followed here, each hop through the guard: a redirect handed to Chromium would be
        // followed by its own network stack, outside the interception.
        let response = await guardedRequest(url, { method, headers, allowHosts: settings.allowHosts, signal: abort.signal });
        for (let hops = 0; response.status >= 300 && response.status < 400 && response.headers.location; hops++) {
          response.body.destroy();
          if (hops >= MAX_REDIRECTS) throw new FetchRefused("redirects", String(hops + 1));
          url = new URL(response.headers.location, url);
          response = await guardedRequest(url, { method, headers, allowHosts: settings.allowHosts, signal: abort.signal });
        }
        if (request.isNavigationRequest() && request.frame() === page?.mainFrame()) finalUrl = url.href;
        const body = await readWithin(response.body, bytesLeft);
        bytesLeft -= body.length;
        await route.fulfill({ status: response.status, headers: responseHeaders(response.headers), body });
      } catch (error) {
        if (error instanceof FetchRefused && error.blocked) refused.push(url.href);
        await route.abort(error instanceof FetchRefused && error.blocked ? "blockedbyclient" : "failed").catch(() => undefined);
      }
    });
    page = await context.newPage();
    let response;
    try {
      response = await page.goto(target.href, { waitUntil: "load", timeout: Math.max(1000, deadline - Date.now()) });
    } catch (error) {
      if (refused.includes(target.href)) throw new CaptureFailed("refused", target.href);
      throw new CaptureFailed(abort.signal.aborted || /Timeout/i.test(String(error)) ? "timeout" : "navigation", (error as Error).message.split("\n")[0]);
    }
    if (!response || response.status() >= 400) throw new CaptureFailed("status", String(response?.status() ?? "none"));
    // A moment for late pictures and fonts, within the budget.
    await page.waitForLoadState("networkidle", { timeout: Math.max(0, Math.min(2500, deadline - Date.now() - 1500)) }).catch(() => undefined);
    const png = await page.screenshot({ type: "png", animations: "disabled", timeout: Math.max(1000, deadline - Date.now()) });
    const webp = await sharp(png).webp({ quality: 80 }).toBuffer();
    return { png, webp, finalUrl, refused };
  } catch (error) {
    if (error instanceof CaptureFailed) throw error;
    throw new CaptureFailed(abort.signal.aborted ? "timeout" : "navigation", (error as Error).message.split("\n")[0]);
  } finally {
    clearTimeout(timer);
    abort.abort();
    await context.close().catch(() => undefined);
    idleTimer = setTimeout(() => void closeScreenshotBrowser(), IDLE_CLOSE_MS);
    idleTimer.unref();
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
