import type { RoleMatrixEntry } from "./types";

/** Sign-in: better-auth's endpoints and the QR callbacks. */
export default [
  { route: "/api/auth/*", method: "GET", path: "/api/auth/get-session", visitor: 200, user: 200, admin: 200 },
  // A callback without a code shows its error screen to anyone.
  { route: "routes/auth.wechat-callback.tsx", method: "GET", path: "/auth/wechat/callback", visitor: 200, user: 200, admin: 200 },
  { route: "routes/auth.douyin-callback.tsx", method: "GET", path: "/auth/douyin/callback", visitor: 200, user: 200, admin: 200 },
] satisfies RoleMatrixEntry[];
