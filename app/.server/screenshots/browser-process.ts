import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import { getLogger } from "../logger";

/**
 * Chromium and its driver run in a child process of their own, so the server's event loop never waits on them:
 * loading the driver (megabytes of code), launching the browser and removing its profile afterwards are
 * synchronous work of 0.1-1 s that used to stop every request of the instance. The child knows nothing of
 * networks: each request a page makes comes back here as a `request` message, the server makes it through its
 * guard (capture.ts) and answers with the bytes or an abort, and the child hands that to the page.
 *
 * The child is plain JavaScript given to `node -e` (the server is one bundle; a module file of its own would
 * not be in it), with the driver's path resolved here. It leaves when its IPC channel closes, so a server
 * that dies takes its browser with it.
 */

/**
 * The niceness of the child and of the browser it launches (both inherit it): a capture is background work. On a
 * two-core server, Chromium starting and rendering a page took the cores the server's requests needed: with an
 * approval's capture, the longest event-loop delay under steady traffic went from under 100 ms to about 200 ms
 * without any longer stretch of the server's own work (bench/freeze.mjs, decision 0029).
 */
export const BROWSER_NICENESS = 10;

/** What a page asked for, as the child reports it. */
export interface PageRequest {
  captureId: number;
  requestId: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A navigation of the page's main frame (its address is the capture's final one). */
  mainNavigation: boolean;
}

/** The server's answer to a page's request. */
export type PageAnswer = { abort: "blockedbyclient" | "failed" } | { status: number; headers: Record<string, string>; body: Uint8Array };

export interface CaptureOrder {
  url: string;
  width: number;
  height: number;
  timeoutMs: number;
}

/** How a capture in the child ended; `refusedSockets` are WebSockets the page tried to open. */
export type CaptureOutcome =
  | { outcome: "ok"; png: Uint8Array; refusedSockets: string[] }
  | { outcome: "goto"; message: string; timedOut: boolean; refusedSockets: string[] }
  | { outcome: "status"; status: number | null; refusedSockets: string[] }
  | { outcome: "error"; message: string; timedOut: boolean; refusedSockets: string[] };

export interface LaunchSettings {
  executablePath: string;
  args: string[];
  proxy: { server: string; bypass: string };
}

const CHILD_SOURCE = String.raw`
"use strict";
const { chromium } = require(process.argv[1]);
const launchOptions = JSON.parse(process.argv[2]);
let browser = null;
let nextRequest = 0;
const waiting = new Map();
const firstLine = (error) => String((error && error.message) || error).split("\n")[0];
const isTimeout = (error) => /Timeout/i.test(String(error));

function ask(captureId, request, mainNavigation) {
  return request.allHeaders().catch(() => ({})).then((headers) => new Promise((resolve) => {
    const requestId = ++nextRequest;
    waiting.set(requestId, resolve);
    process.send({ type: "request", captureId, requestId, url: request.url(), method: request.method(), headers, mainNavigation });
  }));
}

async function capture(order) {
  browser ??= chromium.launch({ ...launchOptions, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  const open = await browser;
  const deadline = Date.now() + order.timeoutMs;
  const refusedSockets = [];
  let page;
  const context = await open.newContext({ viewport: { width: order.width, height: order.height }, deviceScaleFactor: 1, acceptDownloads: false, serviceWorkers: "block", locale: "en-US" });
  try {
    await context.routeWebSocket(/.*/, (socket) => {
      refusedSockets.push(socket.url());
      socket.close({ code: 1008, reason: "not allowed" }).catch(() => undefined);
    });
    await context.route("**/*", async (route) => {
      const request = route.request();
      let mainNavigation = false;
      try { mainNavigation = request.isNavigationRequest() && request.frame() === (page && page.mainFrame()); } catch {}
      const answer = await ask(order.id, request, mainNavigation);
      if (answer.abort) return route.abort(answer.abort).catch(() => undefined);
      return route.fulfill({ status: answer.status, headers: answer.headers, body: Buffer.from(answer.body) }).catch(() => undefined);
    });
    page = await context.newPage();
    let response;
    try {
      response = await page.goto(order.url, { waitUntil: "load", timeout: Math.max(1000, deadline - Date.now()) });
    } catch (error) {
      return { outcome: "goto", message: firstLine(error), timedOut: isTimeout(error), refusedSockets };
    }
    if (!response || response.status() >= 400) return { outcome: "status", status: response ? response.status() : null, refusedSockets };
    // A moment for late pictures and fonts, within the budget.
    await page.waitForLoadState("networkidle", { timeout: Math.max(0, Math.min(2500, deadline - Date.now() - 1500)) }).catch(() => undefined);
    const png = await page.screenshot({ type: "png", animations: "disabled", timeout: Math.max(1000, deadline - Date.now()) });
    return { outcome: "ok", png, refusedSockets };
  } catch (error) {
    return { outcome: "error", message: firstLine(error), timedOut: isTimeout(error), refusedSockets };
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function leave() {
  try { const open = await browser; if (open) await open.close(); } catch {}
  process.exit(0);
}

process.on("message", (message) => {
  if (message.type === "answer") {
    const resolve = waiting.get(message.requestId);
    waiting.delete(message.requestId);
    if (resolve) resolve(message.answer);
  } else if (message.type === "capture") {
    capture(message).then(
      (outcome) => process.send({ type: "captured", id: message.id, outcome }),
      (error) => process.send({ type: "captured", id: message.id, outcome: { outcome: "error", message: firstLine(error), timedOut: false, refusedSockets: [] } }),
    );
  } else if (message.type === "leave") {
    void leave();
  }
});
process.on("disconnect", () => void leave());
`;

type FromChild =
  | ({ type: "request" } & PageRequest)
  | { type: "captured"; id: number; outcome: CaptureOutcome };

/** One child with one browser, capturing one page at a time (the caller queues). */
export class BrowserProcess {
  readonly #child: ChildProcess;
  #nextCapture = 0;
  readonly #captures = new Map<number, { resolve: (outcome: CaptureOutcome) => void; reject: (error: Error) => void; onRequest: (request: PageRequest) => Promise<PageAnswer> }>();
  #exited = false;
  readonly exited: Promise<void>;

  constructor(settings: LaunchSettings) {
    const driver = createRequire(import.meta.url).resolve("playwright-core");
    this.#child = spawn(process.execPath, ["-e", CHILD_SOURCE, driver, JSON.stringify(settings)], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
    });
    try {
      if (this.#child.pid !== undefined) os.setPriority(this.#child.pid, BROWSER_NICENESS);
    } catch (error) {
      getLogger().warn({ err: (error as Error).message }, "the screenshot browser runs at normal priority");
    }
    let stderr = "";
    this.#child.stderr?.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-2000)));
    this.#child.on("message", (message: FromChild) => this.#receive(message));
    // A send to a child that has just gone fails here (its exit rejects the captures), not as a crash.
    this.#child.on("error", (error) => getLogger().warn({ err: error.message }, "the screenshot browser process failed"));
    this.exited = new Promise((resolve) => {
      this.#child.on("exit", (code, signal) => {
        this.#exited = true;
        if (code !== 0) getLogger().warn({ code, signal, stderr: stderr.trim() || undefined }, "the screenshot browser process stopped");
        for (const capture of this.#captures.values()) capture.reject(new Error(`the screenshot browser stopped (${signal ?? code})`));
        this.#captures.clear();
        resolve();
      });
    });
    this.#idle();
  }

  get alive(): boolean {
    return !this.#exited;
  }

  /** Captures one page; every request it makes is answered by `onRequest`. */
  capture(order: CaptureOrder, onRequest: (request: PageRequest) => Promise<PageAnswer>): Promise<CaptureOutcome> {
    if (this.#exited) return Promise.reject(new Error("the screenshot browser stopped"));
    const id = ++this.#nextCapture;
    this.#busy();
    const done = new Promise<CaptureOutcome>((resolve, reject) => {
      this.#captures.set(id, { resolve, reject, onRequest });
      this.#child.send({ type: "capture", id, ...order });
    });
    return done.finally(() => {
      this.#captures.delete(id);
      if (this.#captures.size === 0) this.#idle();
    });
  }

  /** Closes the browser and ends the child; killed if it has not left within `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.#exited) return;
    if (this.#child.connected) this.#child.send({ type: "leave" });
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Ends the child at once (a capture past every deadline). */
  kill(): void {
    this.#child.kill("SIGKILL");
  }

  #receive(message: FromChild): void {
    if (message.type === "request") {
      const capture = this.#captures.get(message.captureId);
      const answered = capture ? capture.onRequest(message) : Promise.resolve<PageAnswer>({ abort: "failed" });
      void answered
        .catch((): PageAnswer => ({ abort: "failed" }))
        .then((answer) => {
          if (this.#child.connected) this.#child.send({ type: "answer", requestId: message.requestId, answer });
        });
    } else if (message.type === "captured") {
      this.#captures.get(message.id)?.resolve(message.outcome);
    }
  }

  // A child waiting for work does not keep the process alive (a command ends; the idle timer closes it anyway).
  #idle(): void {
    this.#child.unref();
    for (const handle of this.#handles()) handle?.unref?.();
  }

  #busy(): void {
    this.#child.ref();
    for (const handle of this.#handles()) handle?.ref?.();
  }

  #handles(): Array<{ ref?: () => void; unref?: () => void } | null | undefined> {
    return [this.#child.channel, this.#child.stderr as { ref?: () => void; unref?: () => void } | null];
  }
}
