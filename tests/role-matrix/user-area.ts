import type { RoleMatrixEntry } from "./types";

/**
 * The signed-in user's area and its endpoints. Visitors get the dashboard's
 * and my-tools' sign-in prompts (200); other pages send them to the
 * dashboard (302, spec 6); APIs answer 401. Administrators are users too.
 */
const page = (route: string, path: string, visitor: number): RoleMatrixEntry => ({ route, method: "GET", path, visitor, user: 200, admin: 200 });

const entries: RoleMatrixEntry[] = [
  { route: "routes/user.tsx", method: "GET", path: "/fr/user/dashboard", visitor: 200, user: 200, admin: 200 },
  { route: "routes/submit-tool.tsx", method: "GET", path: "/ja/submit-tool", visitor: 302, user: 302, admin: 302 },
  { route: "routes/user._index.tsx", method: "GET", path: "/user", visitor: 302, user: 302, admin: 302 },
  page("routes/user.dashboard.tsx", "/user/dashboard", 200),
  page("routes/user.business.tsx", "/de/user/business", 200),
  page("routes/user.my-tools.tsx", "/user/my-tools", 200),
  page("routes/user.advertise.tsx", "/ja/user/advertise", 302),
  { route: "routes/user.advertise.review.tsx", method: "GET", path: "/user/advertise/review?id=999999", visitor: 302, user: 404, admin: 404 },
  page("routes/user.submit-tool.tsx", "/zh-CN/user/submit-tool", 302),
  page("routes/user.update-tool.tsx", "/user/update-tool", 302),
  page("routes/user.orders.tsx", "/user/orders", 302),
  // Page forms post urlencoded fields: a JSON body is refused (415) once the session is checked.
  { route: "routes/user.submit-tool.tsx", method: "POST", path: "/user/submit-tool", body: {}, visitor: 302, user: 415, admin: 415 },
  { route: "routes/user.update-tool.tsx", method: "POST", path: "/user/update-tool", body: {}, visitor: 302, user: 415, admin: 415 },
  { route: "routes/user.advertise.tsx", method: "POST", path: "/user/advertise", body: {}, visitor: 302, user: 415, admin: 415 },
  { route: "routes/api.generate.tool-content.ts", method: "POST", path: "/api/generate/tool-content", body: { name: "", website_url: "" }, visitor: 401, user: 400, admin: 400 },
  { route: "routes/api.upload.tool-image.ts", method: "POST", path: "/api/upload/tool-image", body: {}, visitor: 401, user: 415, admin: 415 },
  { route: "routes/api.ad.notify.ts", method: "POST", path: "/api/ad/notify", body: { id: 999999 }, visitor: 401, user: 404, admin: 404 },
  // The endpoints take writes only: a GET reaches no loader and is a bad request.
  { route: "routes/api.generate.tool-content.ts", method: "GET", path: "/api/generate/tool-content", visitor: [400, 405], user: [400, 405], admin: [400, 405] },
  { route: "routes/api.upload.tool-image.ts", method: "GET", path: "/api/upload/tool-image", visitor: [400, 405], user: [400, 405], admin: [400, 405] },
  { route: "routes/api.ad.notify.ts", method: "GET", path: "/api/ad/notify", visitor: [400, 405], user: [400, 405], admin: [400, 405] },
];

export default entries;
