/**
 * The one JSON error shape of the app, `{ error: { code, message, ...details } }` never cached, and JSON
 * answers with their length. Apart from json-api.ts so the guards (which json-api uses) can answer with it.
 */
export function jsonError(status: number, code: string, message: string, details?: Record<string, unknown>): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (status === 429 && typeof details?.retryAfterSeconds === "number") headers["Retry-After"] = String(details.retryAfterSeconds);
  return jsonResponse({ error: { code, message, ...details } }, { status, headers });
}

export function jsonOk(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return jsonResponse(body, { ...init, headers });
}

/**
 * A JSON response with its Content-Length: without it the compression middleware cannot tell a small
 * answer from a large one and gzips every few-byte answer (a zlib stream per request, measured as the
 * largest cost of the favourite and rating writes under load).
 */
function jsonResponse(body: unknown, init: ResponseInit): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}
