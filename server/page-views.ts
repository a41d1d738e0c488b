import type { NextFunction, Request, Response } from "express";
import { recordPageView } from "../app/.server/analytics/recorder";
import { getConfig } from "../app/.server/config";

/**
 * Notes every page a visitor reads: document requests and React Router's `.data` requests (client-side
 * navigation), including pages answered from the page cache, which is mounted after this. Only a
 * successful GET counts; prefetches do not. It sets no cookie and no header, so pages stay cacheable,
 * and it only copies a few fields: deciding what the request was, and writing it, happen in batches
 * (`app/.server/analytics/recorder.ts`).
 */
export function pageViews({ enabled = () => getConfig().ANALYTICS === "on" }: { enabled?: () => boolean } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!enabled() || req.method !== "GET" || isPrefetch(req)) return next();
    const dataRequest = req.path.endsWith(".data");
    if (!dataRequest && !wantsDocument(req)) return next();
    const at = new Date().toISOString();
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      recordPageView({
        pathname: req.path,
        userAgent: req.headers["user-agent"] ?? "",
        address: req.ip ?? req.socket.remoteAddress ?? "",
        // A data request's referrer is our own page; only a document's can name another site.
        referer: dataRequest ? undefined : req.headers.referer,
        host: req.headers.host,
        at,
      });
    });
    next();
  };
}

function wantsDocument(req: Request): boolean {
  const dest = req.headers["sec-fetch-dest"];
  if (dest) return dest === "document";
  return (req.headers.accept ?? "").includes("text/html");
}

function isPrefetch(req: Request): boolean {
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose ?? req.headers["x-moz"];
  return typeof purpose === "string" && purpose.includes("prefetch");
}
