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
