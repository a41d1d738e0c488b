import crypto from "node:crypto";
import express from "express";
import { pinoHttp } from "pino-http";
import { sql } from "kysely";
import "react-router";
import type { ServerBuild } from "react-router";
// Imported once: handing React Router a function instead makes it rebuild its route tables on every request.
import * as build from "virtual:react-router/server-build";
import { formatRowIssue } from "../app/.server/catalog/schemas";
import { drawSeedImages, seedCatalog, summarizeSeed } from "../app/.server/catalog/seed";
import { authRequestHandler } from "../app/.server/auth/node-handler";
import { mailDeliverable } from "../app/.server/auth/mail";
import { getConfig } from "../app/.server/config";
import { acquireLease, releaseLease } from "../app/.server/background-lease";
import { closeDb, getDb, migrateToLatest, type DB } from "../app/.server/db";
import { availabilityOf, OUTAGE_RETRY_AFTER_SECONDS } from "../app/.server/db/availability";
import { getStorage } from "../app/.server/storage";
import { announceScreenshots, closeScreenshotBrowser } from "../app/.server/screenshots";
import { checkCatalogFreshness } from "../app/.server/tools/cache";
import { getLogger } from "../app/.server/logger";
import { countPublishedTools } from "../app/.server/tools/queries";
import { rootTextsEndpoint } from "../app/.server/page-texts";
import { edgeGuards, shortUrl } from "./edge-guards";
import { languageRedirects } from "./language-redirects";
import { autocompleteEndpoint } from "./autocomplete";
import { startBackgroundWork, stopBackgroundWork } from "./background-work";
import { pageViews } from "./page-views";
import { databaseOutageErrors, databaseOutageGate } from "./database-outage";
import { deliveryHandlers, type DeliveryHandlers } from "../app/delivery/index.server";
import { securityHeaders } from "./security";
import { storedUploads } from "./uploads";
import { metricsEndpoint, requestMetrics, startMetricsServer } from "./metrics";

import { noteListeningPort, siteAddress } from "../app/.server/auth/site-origins";

export { cacheControlOf } from "../app/.server/storage";
export { edgeGuards, getConfig, securityHeaders };

/** Request durations for /metrics, labelled by the route each request matched (server/metrics.ts). */
export const timeRequests = () => requestMetrics(build as unknown as ServerBuild);
let stopMetricsServer: (() => Promise<void>) | undefined;

const SEED_LEASE = "seed-on-start";
/** This process, as a lease holder. */
const INSTANCE = crypto.randomUUID();

/**
 * Called once the server listens: sign-in on a local start accepts the loopback names of this port. Returns the
 * start line, which names the address to open (sign-in works only there).
 */
export function listening(port: number): string {
  noteListeningPort(port);
  const config = getConfig();
  const open = siteAddress(config);
  return config.PUBLIC_URL
    ? `Directory listening on http://localhost:${port} - open ${open} (PUBLIC_URL) in a browser; sign-in works at that address only`
    : `Directory listening on http://localhost:${port} - open ${open} in a browser (127.0.0.1 and [::1] work too)`;
}

/** Applies migrations and, on an empty catalogue, imports the seed catalogue (seed/catalog). */
export async function startup(): Promise<void> {
  const config = getConfig();
  const db = getDb();
  const logger = getLogger();
  const { results = [] } = await migrateToLatest(db);
  for (const r of results) logger.info({ migration: r.migrationName, status: r.status }, "migration");
  startBackgroundWork(config, getDb);
  stopMetricsServer = startMetricsServer(config);
  announceScreenshots(config);
  if (!mailDeliverable(config)) {
    logger.warn("SMTP_URL is not set: e-mail sign-in links are off; visitors register and sign in with a password or a provider");
  }
  if (config.database.kind === "postgres" && config.storage.driver === "local") {
    logger.info({ uploadDir: config.uploadDir }, "uploads and drawn images are kept in UPLOAD_DIR on this machine; several instances need STORAGE_URL (a shared bucket)");
  }
  if (config.SEED_ON_START !== "true") return;
  if ((await countPublishedTools(db)) === 0) await seedEmptyCatalogue(db);
  else {
    // Redraws missing seed images (a first start stopped while drawing, a wiped UPLOAD_DIR or bucket); cheap when all exist.
    drawSeedImages({ storage: getStorage() }).then(
      (count) => count > 0 && logger.info({ count }, "missing catalog images drawn"),
      (error: unknown) => logger.warn({ err: error }, "checking catalog images failed"),
    );
  }
}

/**
 * The first start on an empty database imports the seed catalogue. Several instances starting at once on
 * one database take turns through a lease: one seeds, the others serve what it writes.
 */
async function seedEmptyCatalogue(db: DB): Promise<void> {
  const logger = getLogger();
  if (!(await acquireLease(db, SEED_LEASE, INSTANCE, 15 * 60_000))) {
    logger.info("another instance is seeding the catalog");
    return;
  }
  // A content mistake must not keep the site down: rejected rows are logged, the rest is served.
  try {
    if ((await countPublishedTools(db)) > 0) return;
    // Rows first, pictures after: the site answers while logos and previews are drawn.
    const report = await seedCatalog(db, { storage: getStorage(), deferImages: true });
    logger.info({ summary: summarizeSeed(report) }, "seeded the catalog");
    for (const issue of report.issues) logger.warn(formatRowIssue(issue));
    report.finishImages().then(
      (count) => logger.info({ count }, "catalog images drawn"),
      (error: unknown) => logger.error({ err: error }, "drawing catalog images failed"),
    );
  } catch (error) {
    logger.error({ err: error }, "seeding the catalog failed");
  } finally {
    await releaseLease(db, SEED_LEASE, INSTANCE).catch(() => undefined);
  }
}

export async function shutdown(): Promise<void> {
  await stopBackgroundWork();
  await stopMetricsServer?.();
  await closeScreenshotBrowser();
  await closeDb();
}

/** Health checks are not logged: a load balancer asks every few seconds. */
const unlogged = (url: string | undefined) => url === "/healthz" || url === "/readyz";
// A 503 is the planned answer while the database is away (decision 0021): one warn line, not an error per request.
const logLevelOf = (status: number, error?: unknown) => (error || (status >= 500 && status !== 503) ? "error" : status >= 400 ? "warn" : "info");

/**
 * One short line per request: the method, at most 200 characters of the address, the status. When the
 * logger drops info lines (LOG_LEVEL warn or error), pino-http's per-request work (an id, a child
 * logger, serializers) would be spent on lines nobody keeps: then only 4xx/5xx answers are logged, by a
 * listener that does nothing else.
 */
export function requestLogger() {
  const logger = getLogger();
  if (!logger.isLevelEnabled("info")) {
    return (req: express.Request, res: express.Response, next: express.NextFunction) => {
      res.once("finish", () => {
        const level = logLevelOf(res.statusCode);
        if (level === "info" || unlogged(req.originalUrl) || !logger.isLevelEnabled(level)) return;
        logger[level]({ req: { method: req.method, url: shortUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress }, res: { statusCode: res.statusCode } }, "request completed");
      });
      next();
    };
  }
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => unlogged(req.url) },
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: shortUrl(req.url), remoteAddress: req.remoteAddress }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => logLevelOf(res.statusCode, err),
  });
}

export const app = express.Router();

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

/** Ready when the database answers: 503 with Retry-After while it is away (decision 0021), so a balancer sends no one here. */
app.get("/readyz", async (_req, res) => {
  const db = getDb();
  if (availabilityOf(db)?.available === false) return void notReady(res);
  try {
    await withTimeout(sql`select 1`.execute(db), READY_CHECK_TIMEOUT_MS);
    res.json({ status: "ready" });
  } catch (error) {
    getLogger().warn({ err: error instanceof Error ? error.message : String(error) }, "readiness check failed");
    notReady(res);
  }
});

const READY_CHECK_TIMEOUT_MS = 3000;

function notReady(res: express.Response): void {
  res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.status(503).json({ status: "unavailable" });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// Figures for a scraper, also (above all) while the database is away: only with METRICS_TOKEN.
let metrics: express.RequestHandler | undefined;
app.get("/metrics", (req, res, next) => (metrics ??= metricsEndpoint(getConfig()))(req, res, next));

// The texts every page renders with, fetched by the browser beside the page's scripts (decision 0042): files only.
app.get("/texts/*file", (req, res, next) => {
  rootTextsEndpoint(req, res).then((answered) => answered || next(), next);
});

// The browser's route manifest under fast delivery (app/delivery/page-manifest.server.ts): from memory.
app.get("/assets/*file", (req, res, next) => delivery().pageManifest(req, res, next));

// Everything below may need the database: answered 503 while it is away, and a request whose connection
// broke under it is answered 503 rather than 500.
app.use(databaseOutageGate());

// better-auth's endpoints (sessions, e-mail, OAuth, two-factor, QR sign-in) before any page handling.
app.all("/api/auth/*splat", authRequestHandler);

const loadContext = (req: express.Request, res: express.Response) => ({
  cspNonce: String(res.locals.cspNonce ?? ""),
  receivedAt: res.locals.receivedAt as number | undefined,
  // A `.data` request is a client navigation or revalidation: no markup comes with its loader data.
  documentRequest: !req.path.endsWith(".data"),
  markupData: new Map<string, string>(),
});

// DELIVERY picks how pages and the direct JSON routes are served (app/delivery, decision 0026). Looks for other
// instances' catalogue writes on cached pages too (at most every 2 s, never waited for).
// Made on the first request: the config is read (and its errors reported) by server.js first.
let handlers: DeliveryHandlers | undefined;
const delivery = () =>
  (handlers ??= deliveryHandlers(getConfig().DELIVERY, { build: build as unknown as ServerBuild, getLoadContext: loadContext, beforePageCacheLookup: () => checkCatalogFreshness(getDb()) }));

// A favourite or a rating per click: under fast delivery their route modules answer without React Router's matching.
app.use((req, res, next) => delivery().directRoutes(req, res, next));

app.get("/api/autocomplete", (req, res, next) => {
  autocompleteEndpoint(req, res).catch(next);
});

// Stored images when they live in a bucket; server.js answers the local UPLOAD_DIR before this.
const uploads = storedUploads(getStorage);
app.get("/uploads/*splat", (req, res, next) => {
  uploads(req, res).catch(next);
});

app.use(languageRedirects);
app.use(pageViews());
app.use((req, res, next) => delivery().pageCache(req, res, next));
app.use((req, res, next) => delivery().pages(req, res, next));

app.use(databaseOutageErrors);
