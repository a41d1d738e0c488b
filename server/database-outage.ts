import type { NextFunction, Request, Response } from "express";
import { getDb } from "../app/.server/db";
import { availabilityOf, isConnectionFailure, OUTAGE_RETRY_AFTER_SECONDS, type DatabaseAvailability } from "../app/.server/db/availability";
import { escapeHtml } from "../app/.server/auth/mail-templates";
import { getFixedT } from "../app/.server/i18n";
import { htmlLang, splitLangPath } from "../app/i18n/languages";

/**
 * What visitors get while the database is away (decision 0021): a short 503 with Retry-After instead of
 * a 500 or a hung request, for pages and APIs alike, and nothing stays broken once it is back.
 * - While the probe finds the database unreachable, requests that need it are answered here at once.
 * - A request that was running when its connection broke is answered 503 too, whichever part of the
 *   app wrote its 5xx (React Router's error page, better-auth, Express's error handler).
 */
type Availability = () => DatabaseAvailability | undefined;

/** Paths that never touch the database (images in a bucket): served through an outage. */
const WITHOUT_DATABASE = /^\/uploads\//;

export function databaseOutageGate({ availability = () => availabilityOf(getDb()) }: { availability?: Availability } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const current = availability();
    if (!current || WITHOUT_DATABASE.test(req.path)) return next();
    if (!current.available) return void sendOutage(req, res).catch(next);
    const since = Date.now();
    res.locals.failedForDatabase = () => current.failedSince(since);
    // The last point where a 5xx written by anyone can still become the 503 it really is.
    const writeHead = res.writeHead as (this: Response, status: number, ...rest: unknown[]) => Response;
    (res as { writeHead: unknown }).writeHead = function (this: Response, status: number, ...rest: unknown[]) {
      if (status >= 500 && status !== 503 && current.failedSince(since)) {
        status = 503;
        this.statusMessage = "Service Unavailable";
        this.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
        this.setHeader("Cache-Control", "no-store");
      }
      return writeHead.call(this, status, ...rest);
    };
    next();
  };
}

/** True when the request's database connection broke while it ran (or the database is away now). */
export function failedForDatabase(res: Response): boolean {
  const check = res.locals.failedForDatabase as (() => boolean) | undefined;
  return check?.() ?? false;
}

/** Express error handler: an error that is a lost connection is the outage answer, not a 500 page. */
export function databaseOutageErrors(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent || !(isConnectionFailure(error) || failedForDatabase(res))) return next(error);
  sendOutage(req, res).catch(() => next(error));
}

function wantsJson(req: Request): boolean {
  if (req.path.startsWith("/api/") || req.path.endsWith(".data")) return true;
  const accept = req.headers.accept ?? "";
  return !accept.includes("text/html") && accept.includes("json");
}

/** The 503: JSON for APIs (the shape of every JSON error), a small page in the visitor's language for documents. */
export async function sendOutage(req: Request, res: Response): Promise<void> {
  res.status(503);
  res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (wantsJson(req)) {
    res.json({ error: { code: "service_unavailable", message: "The site cannot reach its database right now. Try again in a few seconds.", retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS } });
    return;
  }
  const { lang } = splitLangPath(req.path);
  const t = await getFixedT(lang, "common");
  const title = escapeHtml(t("unavailable.title"));
  res.type("html").send(
    `<!doctype html><html lang="${htmlLang(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="robots" content="noindex"><title>${title}</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;line-height:1.5}a{color:#0f766e}</style></head>` +
      `<body><h1>${title}</h1><p>${escapeHtml(t("unavailable.message"))}</p><p><a href="${escapeHtml(req.originalUrl)}">${escapeHtml(t("unavailable.retry"))}</a></p></body></html>`,
  );
}
