import { redirect } from "react-router";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import { getConfig } from "../config";
import { jsonError } from "../http/json-response";
import { getSessionUser, getSessionUserId } from "./session";
import { isAcceptedOrigin } from "./site-origins";
import type { SessionUser } from "./users";

/**
 * Guards for every protected loader, action and API route. They throw
 * Responses: APIs get 401/403 JSON; pages are redirected to a login page
 * (the same page with ?login=1 opens the login dialog; admin pages go to /admin/login).
 */
export type GuardMode = "page" | "api";

export const ADMIN_LOGIN_PATH = "/admin/login";

function isApiRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.startsWith("/api/") || (request.headers.get("accept") ?? "").includes("application/json");
}

/** Page users are sent to their language's home with the login dialog open, then back. */
export function loginRedirectFor(request: Request): string {
  const url = new URL(request.url);
  const { lang, prefixed } = splitLangPath(url.pathname);
  const home = prefixed ? localizedPath(lang, "/") : "/";
  return `${home}?login=1&returnTo=${encodeURIComponent(url.pathname + url.search)}`;
}

export async function requireUser(request: Request, mode: GuardMode = isApiRequest(request) ? "api" : "page"): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  if (mode === "api") throw jsonError(401, "unauthorized", "Sign in first.");
  throw redirect(loginRedirectFor(request));
}

/** The signed-in user's id for a JSON endpoint (401 JSON otherwise), without reading the profile and roles. */
export async function requireUserId(request: Request): Promise<{ id: string }> {
  const id = await getSessionUserId(request);
  if (id) return { id };
  throw jsonError(401, "unauthorized", "Sign in first.");
}

/**
 * Administrators only. Anonymous visitors of admin pages go to /admin/login;
 * a signed-in non-admin gets 403 (pages render it as "no admin permission").
 */
export async function requireAdmin(request: Request, mode: GuardMode = isApiRequest(request) ? "api" : "page"): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    if (mode === "api") throw jsonError(401, "unauthorized", "Sign in first.");
    const url = new URL(request.url);
    throw redirect(`${ADMIN_LOGIN_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!user.isAdmin) {
    if (mode === "api") throw jsonError(403, "forbidden", "No admin permission to access this page.");
    throw new Response("No admin permission to access this page.", { status: 403 });
  }
  return user;
}

/**
 * State-changing requests must come from our own pages: the Origin (or, when a
 * browser omits it, the Referer) has to be one the site accepts (PUBLIC_URL's, or
 * the loopback names of the port on a local start: site-origins.ts), the same rule
 * better-auth's sign-in follows.
 */
export function assertSameOrigin(request: Request): void {
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (!source) return;
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    throw jsonError(403, "forbidden", "Cross-site request refused.");
  }
  if (!isAcceptedOrigin(origin, getConfig())) throw jsonError(403, "forbidden", "Cross-site request refused.");
}
