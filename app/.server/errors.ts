import { data, isRouteErrorResponse } from "react-router";

/**
 * Typed application errors and the single table that maps them to HTTP
 * statuses. Domain code throws AppError; routes run through `handled()`
 * (or rethrow `toErrorResponse`) so the client sees the right status.
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

export function toErrorResponse(error: AppError) {
  return data({ error: { code: error.code, message: error.message, ...error.details } }, { status: error.status });
}

/** Runs a loader or action body, turning AppErrors into HTTP error responses. */
export async function handled<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof AppError) throw toErrorResponse(error);
    throw error;
  }
}
