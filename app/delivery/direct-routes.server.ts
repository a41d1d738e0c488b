import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { isLang } from "~/i18n/languages";
import { send, toFetchRequest } from "./express-adapter.server";

/**
 * JSON resource routes called often (a favourite or a rating per click), answered by their route module's
 * own loader and action without React Router's request handling around them (decision 0019): React Router
 * flattens, ranks and matches the whole route table twice per request, and on these endpoints that was most
 * of a request's time (an anonymous `GET /api/ratings` served 927 requests a second, `/healthz` 4,029).
 *
 * Each listed module starts with the line `// Served directly: app/delivery/direct-routes.server.ts`, and a
 * unit test keeps that line and this table in step. The modules stay in the route table, so their types, the
 * role matrix, stock delivery (DELIVERY=stock) and every path not listed here are React Router's as before.
 *
 * The contract a listed module keeps, so that both paths answer alike:
 * - its path has no parameters (the handler gets `params: {}`, as React Router would give it), or it is a feed,
 *   whose path is read here (`feedRoute`) into the route id and the params React Router would give it, or the
 *   public API's splat route, which reads the request's URL itself;
 * - loader (GET, HEAD) and action (other methods) answer with a Response, returned or thrown (ours go through
 *   `jsonEndpoint`): both leave as they are, as with React Router. A returned string or plain object is sent as
 *   React Router sends it (text, JSON). `data()` is not used: React Router turns it into a JSON body with the
 *   init's status, which this path does not copy; such an answer is refused here as an error;
 * - anything else thrown goes to the app's `handleError` (entry.server) and then to Express's error handler
 *   (a 503 for a lost database connection, else a 500), where React Router would answer its own 500 text.
 */
export const DIRECT_ROUTES: Readonly<Record<string, string>> = {
  "/api/favorites": "routes/api.favorites",
  "/api/ratings": "routes/api.ratings",
};

/** The route modules served directly: those of `DIRECT_ROUTES` and the feeds' (routes.ts gives each feed kind and format its own id). */
export const DIRECT_ROUTE_MODULES: readonly string[] = [...new Set(Object.values(DIRECT_ROUTES)), "routes/feed", "routes/api.v1"];

/** The public read API (`/api/v1/*`, one route module that reads the request's URL itself): each call is one answer. */
const API_PREFIX = "/api/v1/";

const FEED_FORMATS = new Set(["xml", "atom", "json"]);

/**
 * A feed's route id and params, as React Router would match `/{lang?}/feed.{ext}`,
 * `/{lang?}/category/{slug}/feed.{ext}`, `/{lang?}/ecommerce/feed.{ext}` and `/{lang?}/case-studies/feed.{ext}`
 * (routes.ts); null for any other path, and for one React Router would give another route or a 404 (a first
 * segment that is no language and no feed kind), so those stay React Router's. Feed readers poll these every
 * few minutes and each answer is written once per catalogue state: React Router's matching of the whole route
 * table was most of their time (0.31x the static twin).
 */
export function feedRoute(pathname: string): { id: string; params: Record<string, string | undefined> } | null {
  const segments = pathname.split("/").slice(1);
  const file = /^feed\.(xml|atom|json)$/.exec(segments.pop() ?? "");
  if (!file || !FEED_FORMATS.has(file[1]!)) return null;
  const lang = segments.length > 0 && isLang(segments[0]!) ? segments.shift() : undefined;
  const ext = file[1]!;
  if (segments.length === 0) return { id: `feed-tools-${ext}`, params: { lang } };
  if (segments.length === 1 && (segments[0] === "ecommerce" || segments[0] === "case-studies")) return { id: `feed-${segments[0]}-${ext}`, params: { lang } };
  if (segments.length === 2 && segments[0] === "category" && segments[1]) {
    try {
      return { id: `feed-category-${ext}`, params: { lang, slug: decodeURIComponent(segments[1]) } };
    } catch {
      return null;
    }
  }
  return null;
}

type Handler = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown;

export function directRoutes(build: ServerBuild, getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext, routeIdByPath = DIRECT_ROUTES) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const listed = Object.hasOwn(routeIdByPath, req.path);
    const api = !listed && req.path.startsWith(API_PREFIX) ? { id: "api-v1", params: { "*": req.path.slice(API_PREFIX.length) } } : null;
    const feed = listed || api ? null : feedRoute(req.path);
    const id = listed ? routeIdByPath[req.path] : (api ?? feed)?.id;
    const module = id ? (build.routes[id]?.module as { loader?: Handler; action?: Handler } | undefined) : undefined;
    const handler = req.method === "GET" || req.method === "HEAD" ? module?.loader : module?.action;
    if (!handler) return next();
    const request = toFetchRequest(req, res);
    const params = (api ?? feed)?.params ?? {};
    const context = getLoadContext(req, res);
    try {
      let answer: unknown;
      try {
        answer = await handler({ request, params, context });
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        answer = thrown;
      }
      await send(res, asResponse(answer, id!));
    } catch (error) {
      build.entry.module.handleError?.(error, { request, params, context });
      next(error);
    }
  };
}

/** What React Router's resource-route handling makes of a handler's answer (a `data()` answer is refused, see above). */
function asResponse(answer: unknown, id: string): Response {
  if (answer instanceof Response) return answer;
  if (typeof answer === "string") return new Response(answer);
  const isData = typeof answer === "object" && answer !== null && (answer as { type?: unknown }).type === "DataWithResponseInit";
  if (answer === undefined || isData) throw new Error(`${id} answered without a Response (served directly: see app/delivery/direct-routes.server.ts)`);
  return Response.json(answer);
}
