import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { toNodeHandler } from "better-auth/node";
import { getAuth } from "./auth";

let handler: ReturnType<typeof toNodeHandler> | undefined;

/**
 * Express mount for /api/auth/*. Rate limits are counted per client address:
 * the address Express resolved (trust proxy) replaces anything a client sent
 * in the header better-auth reads.
 */
export function authRequestHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  handler ??= toNodeHandler(getAuth());
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
  handler(req, res).catch(next);
}
