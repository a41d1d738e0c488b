/**
 * Errors of the public API as RFC 9457 problem details (`application/problem+json`). `type` points at the
 * error's explanation on the developers page.
 */
export interface InvalidParam {
  name: string;
  reason: string;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly invalidParams?: InvalidParam[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

export function problemResponse(problem: ApiProblem, publicUrl: string, extraHeaders: Headers): Response {
  const body = JSON.stringify({
    type: `${publicUrl}/us-en/developers#error-${problem.code}`,
    title: TITLES[problem.status] ?? "Error",
    status: problem.status,
    detail: problem.detail,
    ...(problem.invalidParams ? { invalid_params: problem.invalidParams } : {}),
  });
  const headers = new Headers(extraHeaders);
  for (const [name, value] of Object.entries(problem.headers)) headers.set(name, value);
  headers.set("Content-Type", "application/problem+json");
  headers.set("Content-Length", String(Buffer.byteLength(body)));
  headers.set("Cache-Control", "no-store");
  return new Response(body, { status: problem.status, headers });
}

/** The API's error codes and when they happen, for the developers page and the OpenAPI document. */
export const PROBLEM_CODES = ["invalid_parameter", "unknown_parameter", "invalid_cursor", "invalid_api_key", "revoked_api_key", "not_found", "method_not_allowed", "rate_limited"] as const;
