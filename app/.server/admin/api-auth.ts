import { getAuth } from "../auth/auth";
import { requireAdmin } from "../auth/guards";
import { toSessionUser, type SessionUser } from "../auth/users";
import { getConfig } from "../config";
import { getDb } from "../db";
import { jsonError } from "../http/json-api";
import type { Actor } from "./audit";

/**
 * Admin API credentials: the admin's session cookie, or `Authorization:
 * Bearer <session token>` (the `set-auth-token` header of a sign-in),
 * which better-auth's bearer plugin turns into the same session. Without
 * credentials 401, for a non-admin 403.
 */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const authorization = request.headers.get("authorization");
  if (!authorization || !/^bearer\s/i.test(authorization)) return requireAdmin(request, "api");
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) throw jsonError(401, "unauthorized", "The bearer token is invalid or expired.");
  const user = await toSessionUser(getDb(), session.user, getConfig().adminEmails);
  if (!user.isAdmin) throw jsonError(403, "forbidden", "No admin permission to access this page.");
  return user;
}

export function actorOf(user: SessionUser): Actor {
  return { id: user.id, email: user.email };
}
