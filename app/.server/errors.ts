import { isRouteErrorResponse } from "react-router";

/**
 * Typed application errors and the single table that maps them to HTTP
 * statuses. Domain code throws AppError; JSON endpoints answer it through
 * `jsonEndpoint` (http/json-api.ts); `httpStatusOf` gives the status of anything
 * else a request throws.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * HTTP status for anything thrown: AppError by its code, a Response or React Router's ErrorResponse
 * (its 404/405 for unmatched methods and routes) by its own, `data()` by its init, else 500.
 */
export function httpStatusOf(error: unknown): number {
  if (error instanceof AppError) return error.status;
  if (error instanceof Response) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === "object" && "init" in error && "type" in error) {
    const init = (error as { init?: { status?: number } }).init;
    return init?.status ?? 500;
  }
  return 500;
}
