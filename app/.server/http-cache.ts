/**
 * Cache-Control for pages anyone may see. Anonymous visitors get a short
 * shared cache with stale-while-revalidate, so a CDN can answer most hits
 * and refresh in the background; a signed-in visitor's page (it shows their
 * menu) is never stored by shared caches.
 */
export const ANONYMOUS_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_PAGE_CACHE = "private, no-store";

/** better-auth's session cookie (any prefix): its presence makes a request someone's, not anonymous. */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?[\w.-]*session_token=/;

export function isAnonymous(request: Request): boolean {
  return !SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}

/**
 * `Vary: Cookie` keeps a browser from answering with the anonymous copy it stored before the visitor signed in
 * (the session cookie changes the request, so the stored page no longer matches it).
 */
export function pageCacheHeaders(request: Request): Record<string, string> {
  return { "Cache-Control": isAnonymous(request) ? ANONYMOUS_PAGE_CACHE : PRIVATE_PAGE_CACHE, Vary: "Cookie" };
}
