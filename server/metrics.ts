import crypto from "node:crypto";
import http from "node:http";
import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Config } from "../app/.server/config";
import { getLogger } from "../app/.server/logger";
import { httpRequestDuration, metricsRegistry } from "../app/.server/metrics";

/**
 * `/metrics` (Prometheus text format) and the request-duration figures behind it. Reachable only with
 * `METRICS_TOKEN` as a bearer token on the site's port, or without one on `METRICS_PORT` (a separate
 * listener, on loopback unless `METRICS_HOST` says otherwise); with neither, `/metrics` is an ordinary
 * unknown page. docs/deploy.md lists the figures and the alerts worth setting.
 */

/** Answers served before React Router, named by what they are (a bounded set of labels). */
const EDGE_ROUTES: Array<[RegExp, string]> = [
  [/^\/assets\//, "assets"],
  [/^\/api\/auth(?:\/|$)/, "api/auth"],
  [/^\/api\/autocomplete$/, "api/autocomplete"],
  [/^\/uploads\//, "uploads"],
  [/^\/(?:healthz|readyz|metrics)$/, "health"],
  [/\.(?:css|js|json|png|jpe?g|webp|svg|ico|txt|xml|woff2?|webmanifest)$/, "static"],
];

/** React Router's route table as `matchRoutes` reads it, built once from the server build's manifest. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? ({ ...node, children: attach(below) } as RouteObject) : node;
    });
  return attach(children.get(undefined) ?? []);
}

/**
 * The label a request's duration is counted under: the deepest React Router route it matched, or its edge name.
 *
 * `matchRoutes` flattens and ranks the whole route table on every call (milliseconds with ~100 routes and optional
 * segments), so labels are kept per path shape: each segment that is no literal word of any route path becomes a
 * placeholder. Such a segment can only be matched by a dynamic or splat segment, so every path of one shape has
 * the same deepest route, and a catalogue of a million tools is a handful of shapes.
 */
export function routeLabeller(build: ServerBuild): (pathname: string) => string {
  const tree = routeTree(build);
  const literals = literalSegments(build);
  const byShape = new Map<string, string>();
  return (pathname) => {
    for (const [pattern, label] of EDGE_ROUTES) if (pattern.test(pathname)) return label;
    const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    const shape = path
      .split("/")
      .map((segment) => {
        // Compared as React Router compares it: decoded, and without case unless a route asks for it.
        const word = decodedSegment(segment);
        return literals.has(word.toLowerCase()) ? word : "\u0000";
      })
      .join("/");
    let label = byShape.get(shape);
    if (label === undefined) {
      label = matchRoutes(tree, path)?.at(-1)?.route.id ?? "unmatched";
      // Shapes are few for real traffic; a flood of made-up ones only costs matching again.
      if (byShape.size >= MAX_SHAPES) byShape.clear();
      byShape.set(shape, label);
    }
    return label;
  };
}

const MAX_SHAPES = 5_000;

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Every literal segment of the route paths (lower case; a trailing "?" of an optional one dropped). */
function literalSegments(build: ServerBuild): Set<string> {
  const words = new Set<string>([""]);
  for (const route of Object.values(build.routes)) {
    for (const segment of route?.path?.split("/") ?? []) {
      if (segment.startsWith(":") || segment === "*") continue;
      words.add(segment.replace(/\?$/, "").toLowerCase());
    }
  }
  return words;
}

/** Times every request from its arrival to the end of its answer (or its connection closing first). */
export function requestMetrics(build: ServerBuild): express.RequestHandler {
  const labelOf = routeLabeller(build);
  return (req, res, next) => {
    const started = performance.now();
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      // Labelled once the answer is known: a request that never reaches React Router costs no match.
      const status = res.headersSent ? String(res.statusCode) : "aborted";
      httpRequestDuration.observe({ route: labelOf(req.path), method: req.method, status }, (performance.now() - started) / 1000);
    };
    res.once("finish", count);
    res.once("close", count);
    next();
  };
}

async function answerMetrics(res: http.ServerResponse): Promise<void> {
  const body = await metricsRegistry.metrics();
  res.writeHead(200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
  res.end(body);
}

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** `/metrics` on the site's port, for a bearer of METRICS_TOKEN; without a token set it passes on (404 page). */
export function metricsEndpoint(config: Config): express.RequestHandler {
  return (req, res, next) => {
    const token = config.METRICS_TOKEN;
    if (!token) return next();
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).\n");
      return;
    }
    answerMetrics(res).catch(next);
  };
}

/** The separate metrics listener (METRICS_PORT): `/metrics` only, no token. Returns its closing function. */
export function startMetricsServer(config: Config): () => Promise<void> {
  if (config.METRICS_PORT === undefined) return async () => undefined;
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || new URL(req.url ?? "/", "http://metrics").pathname !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found\n");
      return;
    }
    answerMetrics(res).catch((error: unknown) => {
      getLogger().warn({ err: error }, "collecting metrics failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.METRICS_PORT;
    getLogger().info({ host: config.METRICS_HOST, port }, "metrics listening (/metrics)");
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
