import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { getLogger } from "../.server/logger";
import { NonceProvider } from "../lib/nonce";
import { criticalCssOf, type CriticalCss } from "./critical-css.server";
import { MarkupDataProvider } from "./markup-data";
import { withPageManifest } from "./page-manifest.server";
import { InlineCssProvider } from "./stylesheet";
import { wholeBodyResponse } from "./whole-body.server";

/** How long React Router waits for a deferred loader promise, and (plus 1 s) a render for late content. */
export const STREAM_TIMEOUT_MS = 5_000;

const criticalCssCache = new Map<string, CriticalCss | null>();

/**
 * What the page renders in place of the stylesheet's text, replaced by the text's bytes once the page is
 * rendered: the inlined part depends on the page's markup (critical-css.server.ts). Random per process,
 * so no page content can spell it.
 */
const CSS_MARKER = `/*app-css-${randomBytes(12).toString("hex")}*/`;
const CSS_MARKER_BYTES = Buffer.from(CSS_MARKER);

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW_PRIORITY = Buffer.from('fetchpriority="low" ');
const HEAD_END = Buffer.from("</head>");

/**
 * The document's bytes with its head finished, copied once: the rules its markup uses where the marker is (pages
 * without it keep none), and its module preloads at low priority. React Router's <Scripts> renders the preloads
 * without a priority and React hoists them into the head; the page is whole and painted without them, and on a
 * slow connection its first paint and largest image should not share the line with 200 KB of hydration code.
 */
function finishedDocument(body: Buffer, critical: CriticalCss | null): Buffer {
  const edits: { at: number; removed: number; inserted: Buffer }[] = [];
  const cssAt = critical ? body.indexOf(CSS_MARKER_BYTES) : -1;
  if (critical && cssAt >= 0) edits.push({ at: cssAt, removed: CSS_MARKER_BYTES.length, inserted: Buffer.from(critical(body)) });
  const headEnd = body.indexOf(HEAD_END);
  for (let at = body.indexOf(MODULE_PRELOAD); at >= 0 && at < headEnd; at = body.indexOf(MODULE_PRELOAD, at + 1)) {
    edits.push({ at: at + MODULE_PRELOAD.length, removed: 0, inserted: LOW_PRIORITY });
  }
  if (edits.length === 0) return body;
  edits.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(body.subarray(from, edit.at), edit.inserted);
    from = edit.at + edit.removed;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

/**
 * The built stylesheets, read and parsed once, as the function that picks a page's rules (see
 * AppStylesheet); null in development, where Vite serves the CSS, or when a file cannot be read (the
 * page then links it).
 */
function criticalCss(hrefs: readonly string[]): CriticalCss | null {
  if (process.env.NODE_ENV !== "production" || hrefs.length === 0) return null;
  const key = hrefs.join("\n");
  let critical = criticalCssCache.get(key);
  if (critical === undefined) {
    const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    try {
      const text = hrefs.map((href) => readFileSync(path.join(clientDir, href), "utf8")).join("\n");
      // Never let file content end the element early.
      critical = /<\/style/i.test(text) ? null : criticalCssOf(text);
    } catch {
      critical = null;
    }
    criticalCssCache.set(key, critical);
  }
  return critical;
}

/** Collects what React writes, so the page leaves in one body instead of many small chunks. */
class HtmlBuffer extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.chunks.push(chunk);
    done();
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** What StreamTransfer gets as its reader once the stream has been read (a web stream per page cost 0.4%). */
const DRAINED_READER = {
  read: () => Promise.resolve({ done: true as const, value: undefined }),
  releaseLock() {},
  cancel: () => Promise.resolve(),
  closed: Promise.resolve(undefined),
};

/**
 * Reads React Router's loader-data stream to its end before rendering and hands the text to its
 * `StreamTransfer` as already-read chunks (the `renderMeta.streamCache` it consults first), so the
 * data scripts render in the same pass as the page instead of suspending once per chunk. The page is
 * only sent once it is whole anyway (see below), so nothing is lost by waiting for the data first.
 * Tied to react-router 7.18's internals (pinned exactly in package.json); the e2e suites hydrate
 * every kind of page, so a change there shows up as pages that no longer hydrate.
 */
async function readHandoffAhead(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  text += decoder.decode();
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  (context.renderMeta as { streamCache?: Record<number, Promise<void>> }).streamCache = {
    0: settled({ done: false, value: text }),
    1: settled({ done: true, value: "" }),
  };
  // StreamTransfer still asks for a reader (once per render; a page may render twice, see below), and
  // every read it would make is answered from the cache.
  context.serverHandoffStream = { getReader: () => DRAINED_READER } as unknown as ReadableStream<Uint8Array>;
}

/**
 * The document in one synchronous pass, encoded (React's string renderer appends text, where the
 * streaming one encodes every small piece into bytes). Null when something on the page waited for code
 * or data (the first use of a lazy screen, a boundary that failed): the streaming render handles those.
 * The doctype joins the text before it is encoded and the check reads the bytes: React's text is built
 * of thousands of pieces, and each string operation on it would copy all of them once more.
 */
function renderInOnePass(element: React.ReactElement): Buffer | null {
  try {
    const body = Buffer.from(`<!DOCTYPE html>${renderToString(element)}`);
    // `<!--$!` marks a boundary the string renderer gave up on (left to the browser to render).
    return body.includes("<!--$!") ? null : body;
  } catch {
    return null;
  }
}

/**
 * Renders the whole document before answering. Pages have no Suspense boundaries that resolve later
 * (their loaders return plain data), so streaming only cut each page into dozens of small writes, each
 * carried through web streams into the Node response; one body costs a fraction of that. Crawlers
 * and SPA mode always got the complete document in one piece; now every visitor does.
 */
export async function renderWhole(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  // The browser imports the route manifest without the routes it never renders (page-manifest.server.ts).
  routerContext = withPageManifest(routerContext);
  await readHandoffAhead(routerContext);
  const css = criticalCss(routerContext.manifest.routes.root?.css ?? []);
  const page = (
    <NonceProvider value={nonce}>
      <InlineCssProvider value={css ? CSS_MARKER : null}>
        <MarkupDataProvider value={loadContext.markupData}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupDataProvider>
      </InlineCssProvider>
    </NonceProvider>
  );
  const rendered = renderInOnePass(page) ?? (await renderStreaming(page, nonce, (status) => (responseStatusCode = status)));
  const body = finishedDocument(rendered, css);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.byteLength));
  // Server time from the request's arrival to the finished body (browsers' developer tools show it; the bench reads it).
  // Appended, so a loader's own metric (the e-commerce list's `data;dur`) stays beside it.
  if (loadContext.receivedAt !== undefined) responseHeaders.append("Server-Timing", `app;dur=${(performance.now() - loadContext.receivedAt).toFixed(1)}`);
  return wholeBodyResponse(body, { headers: responseHeaders, status: responseStatusCode });
}

/** The streaming renderer, waiting for everything (lazy code, late boundaries) before answering. */
function renderStreaming(page: React.ReactElement, nonce: string, setStatus: (status: number) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const html = new HtmlBuffer();
    let shellRendered = false;
    let shellFailed = false;
    const timeout = setTimeout(() => abort(), STREAM_TIMEOUT_MS + 1000);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Finished Suspense boundaries (HydrateApart) stay in place instead of following the shell hidden.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
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
        setStatus(500);
        // Errors before the shell reach React Router's handleError through the rejection.
        if (shellRendered) getLogger().error({ err: error }, "render error");
      },
    });
    html.on("finish", () => {
      clearTimeout(timeout);
      resolve(html.bytes());
    });
  });
}
