import { getConfig } from "../config";
import { getDb } from "../db";
import { getAuth } from "./auth";
import { rememberedSessionUserId } from "./session-ids";
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
 * A session signed out elsewhere may count for up to SESSION_ID_TTL_MS more here.
 */
export async function getSessionUserId(request: Request): Promise<string | null> {
  // Remembered for a few seconds per cookie (session-ids.ts): these endpoints are hit once per click.
  return rememberedSessionUserId(request, () => getAuth().api.getSession({ headers: request.headers }));
}
