import type { RoleMatrixEntry } from "./types";

/**
 * The admin console and the admin API: pages send visitors to /admin/login
 * (302) and answer a signed-in non-admin 403; the API answers 401 and 403.
 * Writes target ids that do not exist, so the admin's row proves access
 * (404) without changing anything.
 */
const page = (route: string, path: string): RoleMatrixEntry => ({ route, method: "GET", path, visitor: 302, user: 403, admin: 200 });
const api = (route: string, method: RoleMatrixEntry["method"], path: string, admin: number, body?: unknown): RoleMatrixEntry => ({ route, method, path, body, visitor: 401, user: 403, admin });

export default [
  // The login page itself: open to everyone; an administrator is sent on to the console.
  { route: "routes/admin.login.tsx", method: "GET", path: "/admin/login", visitor: 200, user: 200, admin: 302 },
  // The login page posts a form; a JSON body is a bad request for everyone.
  { route: "routes/admin.login.tsx", method: "POST", path: "/admin/login", visitor: 400, user: 400, admin: 400 },
  page("routes/admin.tsx", "/admin"),
  page("routes/admin._index.tsx", "/admin?tab=home"),
  page("routes/admin.submissions.tsx", "/admin/submissions"),
  page("routes/admin.submissions.tsx", "/admin/submissions?tab=ads&status=all"),
  page("routes/admin.tools-order.tsx", "/admin/tools-order?sortBy=rating&sortDir=asc"),
  page("routes/admin.advertise.tsx", "/admin/advertise"),
  page("routes/admin.audit-log.tsx", "/admin/audit-log"),
  // The console's client-side navigations load `.data`: a redirect travels as 202 with its target in the body.
  { route: "routes/admin.audit-log.tsx", method: "GET", path: "/admin/audit-log.data", visitor: 202, user: 403, admin: 200 },
  { route: "routes/admin.submissions.tsx", method: "GET", path: "/admin/submissions.data?tab=ads", visitor: 202, user: 403, admin: 200 },
  { route: "routes/admin.submissions.tsx", method: "POST", path: "/admin/submissions", body: { intent: "review", kind: "tool", id: 999999, status: "approved" }, visitor: 302, user: 403, admin: 404 },
  { route: "routes/admin.advertise.tsx", method: "POST", path: "/admin/advertise", body: { intent: "review", kind: "ad", id: 999999, status: "rejected", notes: "no" }, visitor: 302, user: 403, admin: 404 },
  api("routes/api.admin.submissions.ts", "GET", "/api/admin/submissions?status=pending", 200),
  api("routes/api.admin.submission.ts", "PATCH", "/api/admin/submissions/999999", 404, { status: "approved", notes: null }),
  api("routes/api.admin.ad-submissions.ts", "GET", "/api/admin/ad-submissions?status=", 200),
  api("routes/api.admin.ad-submission.ts", "PATCH", "/api/admin/ad-submissions/999999", 404, { status: "rejected", notes: "spam" }),
  api("routes/api.admin.tools-order.ts", "GET", "/api/admin/tools-order?page=1&pageSize=20&sortBy=rating&sortDir=desc", 200),
  api("routes/api.admin.tools-order.ts", "PATCH", "/api/admin/tools-order", 404, { updates: [{ id: 999999, pinned: false, manual_priority: null }] }),
  api("routes/api.admin.tool-screenshot.ts", "POST", "/api/admin/tools/no-such-tool/screenshot", 404, {}),
  // A screenshot is taken, never read, at this address.
  { route: "routes/api.admin.tool-screenshot.ts", method: "GET", path: "/api/admin/tools/chatgpt/screenshot", visitor: 405, user: 405, admin: 405 },
  // One submission or ad request is changed, never read, at its own address.
  { route: "routes/api.admin.submission.ts", method: "GET", path: "/api/admin/submissions/1", visitor: 405, user: 405, admin: 405 },
  { route: "routes/api.admin.ad-submission.ts", method: "GET", path: "/api/admin/ad-submissions/1", visitor: 405, user: 405, admin: 405 },
] satisfies RoleMatrixEntry[];
