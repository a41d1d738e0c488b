/**
 * Browser calls to better-auth's standard endpoints under /api/auth (plain
 * fetch: the endpoints are small and this keeps the client bundle light).
 */
export type AuthResult<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string | null; message: string | null; retryAfterSeconds: number | null };

export async function authPost<T = unknown>(path: string, body: unknown = {}): Promise<AuthResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: null, retryAfterSeconds: null };
  }
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      code: typeof payload?.code === "string" ? payload.code : null,
      message: typeof payload?.message === "string" ? payload.message : null,
      retryAfterSeconds: Number(response.headers.get("retry-after")) || null,
    };
  }
  return { ok: true, data: payload as T };
}

/** Key of the local mirror of the signed-in user (spec 3). */
export const LOCAL_USER_KEY = "user";

export function mirrorUser(user: unknown): void {
  try {
    if (user) window.localStorage.setItem(LOCAL_USER_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(LOCAL_USER_KEY);
  } catch {
    // Storage can be disabled (private mode); the server session is what counts.
  }
}

/** Ends the session and clears the local mirror; errors are ignored (spec 4.1). */
export async function signOut(): Promise<void> {
  await authPost("/sign-out").catch(() => undefined);
  mirrorUser(null);
}

const OPEN_EVENT = "directory:open-login";

/**
 * Opens the login dialog from anywhere (promote/update buttons, star clicks
 * of signed-out visitors); `returnTo` defaults to the current page.
 */
export function requestLogin(returnTo?: string): void {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: { returnTo } }));
}

export function onLoginRequest(listener: (returnTo: string | undefined) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<{ returnTo?: string }>).detail?.returnTo);
  window.addEventListener(OPEN_EVENT, handler);
  return () => window.removeEventListener(OPEN_EVENT, handler);
}
