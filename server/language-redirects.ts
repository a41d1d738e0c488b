import type { NextFunction, Request, Response } from "express";
import { negotiateLanguage, PREFERRED_LANGUAGE_COOKIE } from "../app/i18n/languages";

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return undefined; // a cookie that does not decode is no preference
    }
  }
  return undefined;
}

/**
 * A path of this site for any text: leading slashes and backslashes collapse to one slash, so a
 * redirect to `//evil.example` or `/\evil.example` (which browsers read as another host) cannot be built.
 */
export function sameOriginPath(path: string): string {
  return `/${path.replace(/^[/\\\s]+/, "")}`;
}

/**
 * Server-side language redirects (301, query kept): `/zh/...` to `/zh-CN/...`,
 * `/en/...` to the unprefixed path, and `/` to the visitor's language.
 */
export function languageRedirects(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  // Express has already split the address: no URL object per request for the common case (no redirect).
  const pathname = req.path;
  const queryAt = req.originalUrl.indexOf("?");
  const search = queryAt < 0 ? "" : req.originalUrl.slice(queryAt);
  if (pathname === "/zh" || pathname.startsWith("/zh/")) {
    return res.redirect(301, `/zh-CN${pathname.slice(3) ? sameOriginPath(pathname.slice(3)) : ""}${search}`);
  }
  if (pathname === "/en" || pathname.startsWith("/en/")) {
    return res.redirect(301, `${sameOriginPath(pathname.slice(3))}${search}`);
  }
  if (pathname === "/") {
    const lang = negotiateLanguage(readCookie(req.headers.cookie, PREFERRED_LANGUAGE_COOKIE), req.headers["accept-language"]);
    // Depends on the visitor, so shared caches must not reuse it for others.
    res.setHeader("Vary", "Accept-Language, Cookie");
    res.setHeader("Cache-Control", "private, no-cache");
    return res.redirect(302, `/${lang}${search}`);
  }
  next();
}
