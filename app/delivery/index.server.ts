import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { directRoutes } from "./direct-routes.server";
import { routerHandler } from "./express-adapter.server";
import type { Delivery } from "./mode";
import { pageCache } from "./page-cache.server";
import { pageManifestFile } from "./page-manifest.server";
import { stockPages } from "./stock-adapter.server";

/**
 * Page delivery, as Express handlers the app mounts in this order: direct JSON routes (early, before the
 * pages' middleware), the page cache, then React Router for everything else. The pieces of the fast path:
 * - express-adapter.server.ts: Express -> React Router, a whole page in one write (whole-body.server.ts);
 * - render.server.tsx: the document rendered in one pass with the loader data read ahead, stylesheet inlined;
 * - stylesheet.tsx, app-link.tsx: the document's links and in-app links without React Router's per-link hooks;
 * - page-cache.server.ts: rendered anonymous pages kept briefly; direct-routes.server.ts: favourite and rating calls;
 * - page-manifest.server.ts: the route manifest the browser imports, without the routes it never renders.
 * Stock delivery (DELIVERY=stock) uses none of them: stock-adapter.server.ts and stock-render.server.tsx.
 */
export interface DeliveryHandlers {
  /** The browser's route manifest (an `/assets/` address), mounted before anything that needs the database. */
  pageManifest: RequestHandler;
  directRoutes: RequestHandler;
  pageCache: RequestHandler;
  pages: RequestHandler;
}

const passOn = (_req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => next();

export function deliveryHandlers(
  delivery: Delivery,
  { build, getLoadContext, beforePageCacheLookup }: { build: ServerBuild; getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext; beforePageCacheLookup?: () => void },
): DeliveryHandlers {
  if (delivery === "stock") return { pageManifest: passOn, directRoutes: passOn, pageCache: passOn, pages: stockPages(build, getLoadContext) };
  return {
    pageManifest: pageManifestFile(build),
    directRoutes: directRoutes(build, getLoadContext),
    pageCache: pageCache({ beforeLookup: beforePageCacheLookup }),
    pages: routerHandler({ build, getLoadContext }),
  };
}
