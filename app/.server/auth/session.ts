import { getConfig } from "../config";
import { getDb } from "../db";
import { getAuth } from "./auth";
import { toSessionUser, type SessionUser } from "./users";

/** The signed-in user for a request, or null (expired, signed out, or no cookie). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  return toSessionUser(getDb(), session.user, getConfig().adminEmails);
}

/**
 * Only the signed-in user's id, or null: the session without the profile and role reads of
 * getSessionUser. For JSON endpoints that act for a user and need no more (favourites, ratings).
 */
export async function getSessionUserId(request: Request): Promise<string | null> {
  if (!request.headers.get("cookie")) return null;
  const session = await getAuth().api.getSession({ headers: request.headers });
  return session?.user.id ?? null;
}
