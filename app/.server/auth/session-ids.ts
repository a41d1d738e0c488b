/**
 * The user id behind a session cookie, remembered for a few seconds. Favourite and rating writes come in
 * bursts (a click per heart or star), and each asked better-auth for the session: its endpoint context, the
 * signed cookie's check and two reads, about a quarter of such a write's time. Only sessions better-auth
 * confirmed are remembered, keyed by the whole signed cookie (a forged signature never matches one), never
 * past the session's own expiry. A session deleted in this process (sign-out, revocation) is forgotten at
 * once through better-auth's delete hook; one deleted by another instance within SESSION_ID_TTL_MS.
 * Pages and every other guard still ask better-auth each time.
 */
export const SESSION_ID_TTL_MS = 5_000;
const MAX_REMEMBERED = 10_000;

interface Remembered {
  userId: string;
  token: string;
  until: number;
}

interface ConfirmedSession {
  user: { id: string };
  session: { token: string; expiresAt: Date | string };
}

const remembered = new Map<string, Remembered>();

/** The request's session-token cookie(s), as sent: the key a confirmed session is remembered by. */
function sessionCookieOf(header: string): string | null {
  const parts = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => /^[^=]*session_token=/.test(part));
  return parts.length > 0 ? parts.sort().join("; ") : null;
}

/** The signed-in user's id, from memory when this cookie's session was confirmed in the last seconds. */
export async function rememberedSessionUserId(request: Request, confirm: () => Promise<ConfirmedSession | null>): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const key = sessionCookieOf(header);
  const now = Date.now();
  const hit = key ? remembered.get(key) : undefined;
  if (hit && hit.until > now) return hit.userId;
  if (hit) remembered.delete(key!);
  const session = await confirm();
  if (!session) return null;
  if (key) {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    const expires = new Date(session.session.expiresAt).getTime();
    remembered.set(key, { userId: session.user.id, token: session.session.token, until: Math.min(now + SESSION_ID_TTL_MS, expires) });
  }
  return session.user.id;
}

/** A session row was deleted in this process: its cookie stops counting at once. */
export function forgetSession(token: string): void {
  for (const [key, entry] of remembered) if (entry.token === token) remembered.delete(key);
}
