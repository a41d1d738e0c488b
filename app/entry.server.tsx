import { readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
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

/** Collects what React writes, so the page leaves in one body instead of many small chunks. */
class HtmlBuffer extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.chunks.push(chunk);
    done();
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const all = Buffer.concat(this.chunks);
    return new Uint8Array(all.buffer as ArrayBuffer, all.byteOffset, all.byteLength);
  }
}

/**
 * Renders the whole document before answering. Pages have no Suspense boundaries that resolve later
 * (their loaders return plain data), so streaming only cut each page into dozens of small writes, each
 * carried through web streams into the Node response; one buffer costs a fraction of that. Crawlers
 * and SPA mode always got the complete document in one piece; now every visitor does.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    const html = new HtmlBuffer();
    let shellRendered = false;
    let shellFailed = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss(routerContext.manifest.routes.root?.css ?? [])}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          if (!shellFailed) pipe(html);
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach React Router's handleError through the rejection.
          if (shellRendered) getLogger().error({ err: error }, "render error");
        },
      },
    );
    html.on("finish", () => {
      clearTimeout(timeout);
      const body = html.bytes();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Length", String(body.byteLength));
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const status = httpStatusOf(error);
  if (status >= 500) getLogger().error({ err: error, url: request.url }, "request failed");
};
