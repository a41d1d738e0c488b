import { Readable } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";

/** What `@react-router/express` reads a request's body with (`createReadableStreamFromReadable`). */
const BODY_STREAM_KEYS = new Set<PropertyKey>(["on", "once", "off", "addListener", "removeListener", "pause", "resume", "destroy", "readableHighWaterMark"]);

/**
 * The edge (server/edge-guards.ts) has already read a posted body, within its byte cap: the stock adapter
 * reads it from this request instead, where it would find the socket's stream already drained.
 */
function withBufferedBody(req: ExpressRequest): ExpressRequest {
  const bytes = req.bufferedBody?.bytes;
  if (!bytes) return req;
  const body = Readable.from([bytes]);
  return new Proxy(req, {
    get(target, key) {
      if (!BODY_STREAM_KEYS.has(key)) return Reflect.get(target, key, target) as unknown;
      const value = Reflect.get(body, key, body) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(body) : value;
    },
  });
}

/** Stock delivery's Express adapter: `@react-router/express` as its documentation sets it up. */
export function stockPages(build: ServerBuild, getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext) {
  const handle = createRequestHandler({ build, getLoadContext });
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => handle(withBufferedBody(req), res, next);
}
