import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { getLogger } from "../.server/logger";
import { NonceProvider } from "../lib/nonce";
import { MarkupDataProvider } from "./markup-data";
import { STREAM_TIMEOUT_MS } from "./render.server";

/**
 * React Router's own entry.server (the one `react-router reveal` writes), for stock delivery: the page
 * streams from its shell on (crawlers and SPA mode get it whole), with the CSP nonce on its scripts.
 */
export function renderStock(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: NodeJS.Timeout | undefined = setTimeout(() => abort(), STREAM_TIMEOUT_MS + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MarkupDataProvider value={loadContext.markupData}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupDataProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished part in a Suspense boundary (HydrateApart) stays where it is in the document: React would
        // otherwise send a large one after the shell, hidden, and move it in place with a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (loadContext.receivedAt !== undefined) responseHeaders.append("Server-Timing", `app;dur=${(performance.now() - loadContext.receivedAt).toFixed(1)}`);
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach React Router's handleError through the rejection.
          if (shellRendered) getLogger().error({ err: error }, "render error");
        },
      },
    );
  });
}
