/**
 * One row of the role matrix: a request and the status each role must get.
 * Every feature lists its routes in a file of this folder (`<domain>.ts`,
 * default export `RoleMatrixEntry[]`); the role-matrix test sends each
 * request as a visitor, a signed-in user and an administrator, and fails
 * when a route file of `app/routes.ts` (or an `/api/*` endpoint) has no row.
 */
export type Role = "visitor" | "user" | "admin";

/** One status, or any of several (e.g. a page redirect 302 or a JSON 401). */
export type Expected = number | readonly number[];

export interface RoleMatrixEntry {
  /** Route module as written in `app/routes.ts` (e.g. "routes/user.favorites.tsx"), or the Express path for endpoints outside it. */
  route: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Concrete path to request, with the query string if any. */
  path: string;
  /** JSON body for writes; sent with the site's own Origin. */
  body?: unknown;
  visitor: Expected;
  user: Expected;
  admin: Expected;
}
