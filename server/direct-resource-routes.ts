import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { send, toFetchRequest } from "./router-handler";

/**
 * JSON resource routes that are called often (a favourite or a rating per click) answered by their route
 * module's own loader and action, without React Router's request handling around them. React Router flattens,
 * ranks and matches the whole route table twice per request; on these endpoints that was most of a request's
 * time (an anonymous `GET /api/ratings` served 927 requests a second, `/healthz` 4,029). The answer leaves
 * through the same `send` as React Router's. The modules stay in the route table, so types, the role matrix
 * and any path not listed here are React Router's as before. Listed modules must answer with a Response (ours go through
 * `jsonEndpoint`); what they throw as a Response is sent as is, anything else goes to Express's error handler.
 */
type Handler = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown;

export function directResourceRoutes(build: ServerBuild, routeIdByPath: Record<string, string>, getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const id = Object.hasOwn(routeIdByPath, req.path) ? routeIdByPath[req.path] : undefined;
    const module = id ? (build.routes[id]?.module as { loader?: Handler; action?: Handler } | undefined) : undefined;
    const handler = req.method === "GET" || req.method === "HEAD" ? module?.loader : module?.action;
    if (!handler) return next();
    try {
      let answer: unknown;
      try {
        answer = await handler({ request: toFetchRequest(req, res), params: {}, context: getLoadContext(req, res) });
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        answer = thrown;
      }
      if (!(answer instanceof Response)) throw new Error(`${id} answered without a Response`);
      await send(res, answer);
    } catch (error) {
      next(error);
    }
  };
}
