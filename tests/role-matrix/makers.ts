import type { RoleMatrixEntry } from "./types";

/**
 * Makers and sponsored places: claims (the caller's own, JSON, 401 for visitors), the listing statistics
 * (makers and administrators only), the admin claims screen and placement posts, and the open counting
 * endpoints (`/go`, badges, impressions) that answer everyone alike. Writes use ids that do not exist or
 * bodies that fail validation, so no row changes anything.
 */
const everyone = (route: string, method: RoleMatrixEntry["method"], path: string, status: number, body?: unknown): RoleMatrixEntry => ({ route, method, path, body, visitor: status, user: status, admin: status });

export default [
  everyone("routes/claim.tsx", "GET", "/de/claim/not-a-token", 404),
  // A signed-in user who is no maker of the tool is refused; administrators see every listing's figures.
  { route: "routes/user.my-tools.stats.tsx", method: "GET", path: "/user/my-tools/grammarly/stats?range=7", visitor: 302, user: 403, admin: 200 },
  { route: "routes/user.my-tools.stats.tsx", method: "GET", path: "/zh-CN/user/my-tools/no-such-tool/stats", visitor: 302, user: 404, admin: 404 },
  { route: "routes/admin.claims.tsx", method: "GET", path: "/admin/claims", visitor: 302, user: 403, admin: 200 },
  // The screen posts urlencoded forms: a JSON body is refused (415) once the role is checked.
  { route: "routes/admin.claims.tsx", method: "POST", path: "/admin/claims", body: { id: 999999, decision: "revoke" }, visitor: 302, user: 403, admin: 415 },
  { route: "routes/admin.advertise.tsx", method: "POST", path: "/admin/advertise?intent=placement", body: { adSubmissionId: 999999 }, visitor: 302, user: 403, admin: 415 },
  { route: "routes/api.claims.ts", method: "GET", path: "/api/claims?slug=grammarly", visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.claims.ts", method: "GET", path: "/api/claims?slug=no-such-tool", visitor: 401, user: 404, admin: 404 },
  { route: "routes/api.claims.ts", method: "POST", path: "/api/claims", body: { slug: "grammarly", method: "telepathy" }, visitor: 401, user: 400, admin: 400 },
  { route: "routes/api.claims.check.ts", method: "POST", path: "/api/claims/999999/check", visitor: 401, user: 404, admin: 404 },
  everyone("routes/api.claims.check.ts", "GET", "/api/claims/1/check", 405),
  everyone("routes/api.sponsored.impression.ts", "POST", "/api/sponsored/impression", 204, { id: 999999 }),
  everyone("routes/api.sponsored.impression.ts", "GET", "/api/sponsored/impression", 405),
  everyone("routes/go.ts", "GET", "/go/grammarly", 302),
  everyone("routes/go.ts", "GET", "/go/no-such-tool", 404),
  everyone("routes/badge.ts", "GET", "/badge/grammarly.svg?theme=dark&lang=ja", 200),
  everyone("routes/badge.ts", "GET", "/badge/no-such-tool.svg", 404),
  everyone("routes/badge.visit.ts", "GET", "/badge/grammarly/visit?lang=de", 302),
] satisfies RoleMatrixEntry[];
