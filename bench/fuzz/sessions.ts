import type { RawRequest } from "./raw-http";

/**
 * Signed-in sessions for the fuzz: a third of the generated requests come as a signed-in user and a
 * third as an administrator (cookie, or the bearer token on the admin API), so hostile input reaches
 * the code behind the sign-in guards (user area actions, uploads, the admin console and API) and not
 * only the guards' 401/302. The server under test needs FUZZ_ADMIN_EMAIL in ADMIN_EMAILS, and the caller
 * marks that address verified (`verify`), as its verification mail's link would: unverified, it grants nothing.
 */
export const FUZZ_ADMIN_EMAIL = "fuzz-admin@example.com";
const PASSWORD = "fuzz password 1234";

export interface FuzzSessions {
  user: string;
  admin: string;
  adminToken: string | null;
}

async function signedIn(base: string, email: string, verify?: (email: string) => Promise<void>): Promise<{ cookie: string; token: string | null }> {
  const post = (path: string) =>
    fetch(`${base}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ email, password: PASSWORD, name: email.split("@")[0] }) });
  // Sign-up opens no session (and answers alike for a taken address): sign in after it.
  await (await post("/sign-up/email")).arrayBuffer();
  await verify?.(email);
  const response = await post("/sign-in/email");
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (response.status !== 200 || !cookie) throw new Error(`fuzz sign-in of ${email} failed: ${response.status}`);
  return { cookie, token: response.headers.get("set-auth-token") };
}

export async function signInSessions(base: string, verifyAdmin: (email: string) => Promise<void>): Promise<FuzzSessions> {
  const user = await signedIn(base, "fuzz-user@example.com");
  const admin = await signedIn(base, FUZZ_ADMIN_EMAIL, verifyAdmin);
  return { user: user.cookie, admin: admin.cookie, adminToken: admin.token };
}

/** Whether each session still works, so a report does not claim signed-in coverage it lost on the way. */
export async function sessionsAlive(base: string, sessions: FuzzSessions): Promise<{ user: boolean; admin: boolean }> {
  const alive = async (cookie: string) => (await (await fetch(`${base}/api/auth/get-session`, { headers: { cookie } })).json()) !== null;
  return { user: await alive(sessions.user), admin: await alive(sessions.admin) };
}

/**
 * The request as a visitor, the user or the administrator, by its place in the run. Sign-in endpoints
 * and the admin login page stay visitors' (they may end the session: sign-out, an admin login by a
 * non-admin), and so do requests that carry a hostile cookie of their own.
 */
export function withSession(request: RawRequest, index: number, sessions?: FuzzSessions): RawRequest {
  if (!sessions || request.target.startsWith("/api/auth") || request.target.startsWith("/admin/login")) return request;
  if (request.headers.some(([name]) => name.toLowerCase() === "cookie" || name.toLowerCase() === "authorization")) return request;
  const role = index % 3;
  if (role === 0) return request;
  if (role === 1) return { ...request, label: `${request.label} as user`, headers: [...request.headers, ["Cookie", sessions.user]] };
  const bearer = sessions.adminToken && request.target.startsWith("/api/admin") && index % 2 === 0;
  const credential: [string, string] = bearer ? ["Authorization", `Bearer ${sessions.adminToken}`] : ["Cookie", sessions.admin];
  return { ...request, label: `${request.label} as admin`, headers: [...request.headers, credential] };
}
