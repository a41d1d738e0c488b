import type { RoleMatrixEntry } from "./types";

/** The trends page (public, every language) and the admin analytics screen (administrators only). */
const rows: RoleMatrixEntry[] = [
  { route: "routes/trends.tsx", method: "GET", path: "/trends", visitor: 200, user: 200, admin: 200 },
  { route: "routes/trends.tsx", method: "GET", path: "/zh-CN/trends", visitor: 200, user: 200, admin: 200 },
  { route: "routes/trends.tsx", method: "GET", path: "/zh-CN/trends.data", visitor: 200, user: 200, admin: 200 },
  { route: "routes/admin.analytics.tsx", method: "GET", path: "/admin/analytics", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.analytics.tsx", method: "GET", path: "/admin/analytics?days=90", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.analytics.tsx", method: "GET", path: "/admin/analytics?days=7", visitor: 302, user: 403, admin: 400 },
];

export default rows;
