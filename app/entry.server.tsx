import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { httpStatusOf } from "./.server/errors";
import { getLogger } from "./.server/logger";
import { InlineCssProvider } from "./lib/app-stylesheet";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

const inlineCssCache = new Map<string, string | null>();

/**
 * Text of the built stylesheets, read once, for inlining (see AppStylesheet); null in development,
 * where Vite serves the CSS, or when a file cannot be read (the page then links it).
 */
function inlineCss(hrefs: readonly string[]): string | null {
  if (process.env.NODE_ENV !== "production" || hrefs.length === 0) return null;
  const key = hrefs.join("\n");
  let text = inlineCssCache.get(key);
  if (text === undefined) {
    const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    try {
      text = hrefs.map((href) => readFileSync(path.join(clientDir, href), "utf8")).join("\n");
      // Never let file content end the element early.
      if (/<\/style/i.test(text)) text = null;
    } catch {
      text = null;
    }
    inlineCssCache.set(key, text);
  }
  return text;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  // Crawlers and SPA-mode requests get the complete document in one piece.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss(routerContext.manifest.routes.root?.css ?? [])}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const status = httpStatusOf(error);
  if (status >= 500) getLogger().error({ err: error, url: request.url }, "request failed");
};
