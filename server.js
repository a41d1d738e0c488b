// Process entry: static files, then the app bundle built from server/app.ts.
// In development Vite serves the app with hot reload instead.
import http from "node:http";
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

let mod;
let vite;
if (DEVELOPMENT) {
  vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  mod = await vite.ssrLoadModule("./server/app.ts");
} else {
  mod = await import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href);
}

// Config is validated here, before anything listens: a bad value stops start-up with one line.
let config;
try {
  config = mod.getConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
await mod.startup();

const app = express();
app.disable("x-powered-by");
// Forwarded addresses count only from the proxies TRUST_PROXY names (none by default).
app.set("trust proxy", config.trustProxy);
// Timed first, so /metrics sees what a visitor waited, static files included.
if (!DEVELOPMENT) app.use(mod.timeRequests());
app.use(compression());
app.use(mod.securityHeaders({ development: DEVELOPMENT }));
app.use(mod.requestLogger());
// Bad methods, addresses, hosts and oversized bodies are refused here, before any route (server/edge-guards.ts).
app.use(mod.edgeGuards({ trustProxy: config.trustProxy !== false, bodyIdleTimeoutMs: config.HTTP_BODY_IDLE_TIMEOUT_MS }));

// Uploaded and generated images in the local UPLOAD_DIR. Generated names carry a content hash
// (logo-3f9a0c1b2d.png), so they never change and can be cached for a year.
// A missing file is a plain 404: as an error it would print a stack trace for every image a crawler guesses
// (or a card asks for while the first start is still drawing the catalogue's pictures).
// Images in a bucket (STORAGE_URL / S3_BUCKET) are answered by the app instead (server/uploads.ts).
if (config.storage.driver === "local") {
  app.use(
    "/uploads",
    express.static(config.storage.dir, {
      index: false,
      // The same rule as for images in a bucket (app/.server/storage/keys.ts).
      setHeaders(res, file) {
        res.setHeader("Cache-Control", mod.cacheControlOf(file));
      },
    }),
    (_req, res) => res.status(404).type("text/plain").send("Not Found"),
  );
}

if (DEVELOPMENT) {
  app.use(vite.middlewares);
  app.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed assets never change: cache for a year. Everything else briefly.
  app.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  // Every public file has an extension; page paths skip the file-system lookup (a stat per page request).
  const clientFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? clientFiles(req, res, next) : next()));
  app.use(mod.app);
}

// Timeouts, so clients that send slowly or not at all (idle sockets, slowloris) cannot hold connections
// for ever: Node's defaults give headers 60 s and a request 300 s, checked only every 30 s. Expired
// requests get a 408 and their connection is closed. bench/slow-clients.mjs checks them.
const server = http.createServer(
  {
    headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    // How often expired connections are looked for: a slow client is dropped at most this long after its timeout.
    connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
  },
  app,
);
server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
// A request Node's parser refuses (malformed, headers too large, timed out) gets its answer and a
// half-close, and what the client still sends is read and dropped for a moment before the socket is
// destroyed. Node's own handler destroys it at once, which resets the connection under the answer
// whenever body bytes are still arriving: a client writing a large body never saw its 400.
const LINGER_MS = 2000;
const answered = new WeakSet();
server.on("clientError", (error, socket) => {
  // Node calls this again for every further chunk its parser refuses, adding an error listener each time.
  if (answered.has(socket)) return;
  answered.add(socket);
  socket.setMaxListeners(0);
  if (!socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const status = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 }[error.code] ?? 400;
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
});
if (config.HTTP_MAX_CONNECTIONS > 0) server.maxConnections = config.HTTP_MAX_CONNECTIONS;
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(mod.listening(port));
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests`);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await mod.shutdown();
    await vite?.close();
    clearTimeout(force);
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
