import type { RoleMatrixEntry } from "./types";

/**
 * Feeds, the public read API, the developers page and llms.txt are open to everyone alike; the API refuses
 * writes (405). API keys belong to a signed-in user: visitors get 401, and revoking a key that is not theirs
 * is 404.
 */
const open = (route: string, path: string, status = 200): RoleMatrixEntry => ({ route, method: "GET", path, visitor: status, user: status, admin: status });

/** Every feed address (each is its own route): new tools, a category, e-commerce tools and case studies in three formats. */
const feeds = ["xml", "atom", "json"].flatMap((ext) => [
  open("routes/feed.ts", `/de/feed.${ext}`),
  open("routes/feed.ts", `/category/no-such-category/feed.${ext}`, 404),
  open("routes/feed.ts", `/ja/ecommerce/feed.${ext}`),
  open("routes/feed.ts", `/case-studies/feed.${ext}`),
]);

export default [
  ...feeds,
  open("routes/api.v1.ts", "/api/v1/tools?lang=ja&limit=2"),
  open("routes/api.v1.ts", "/api/v1/tools?unknown=1", 400),
  { route: "routes/api.v1.ts", method: "POST", path: "/api/v1/tools", body: {}, visitor: 405, user: 405, admin: 405 },
  open("routes/developers.tsx", "/de/developers"),
  open("routes/llms.ts", "/llms.txt"),
  { route: "routes/api.user.api-keys.ts", method: "GET", path: "/api/user/api-keys", visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.user.api-keys.ts", method: "POST", path: "/api/user/api-keys", body: { revoke: 999999 }, visitor: 401, user: 404, admin: 404 },
  // The newsletter: without SMTP (as the matrix runs) subscribing is off for everyone; the mailed-link pages answer
  // an unknown token with their "not valid" text; the admin screen is for administrators.
  { route: "routes/api.newsletter.subscribe.ts", method: "POST", path: "/api/newsletter/subscribe", body: { email: "x@example.com", lang: "de" }, visitor: 404, user: 404, admin: 404 },
  { route: "routes/api.newsletter.subscribe.ts", method: "GET", path: "/api/newsletter/subscribe", visitor: 405, user: 405, admin: 405 },
  open("routes/newsletter.tsx", "/de/newsletter/confirm?token=unknown-token-unknown-token"),
  open("routes/newsletter.tsx", "/newsletter/unsubscribe?token=unknown-token-unknown-token"),
  open("routes/newsletter.tsx", "/ja/newsletter/preferences?token=unknown-token-unknown-token"),
  // Confirming is a link to open; unsubscribing needs only the token (an unknown one is answered "not valid");
  // preferences and the admin's test send are forms, so a JSON body is a bad request.
  { route: "routes/newsletter.tsx", method: "POST", path: "/newsletter/confirm?token=unknown-token-unknown-token", body: {}, visitor: 405, user: 405, admin: 405 },
  { route: "routes/newsletter.tsx", method: "POST", path: "/de/newsletter/unsubscribe?token=unknown-token-unknown-token", body: {}, visitor: 200, user: 200, admin: 200 },
  { route: "routes/newsletter.tsx", method: "POST", path: "/newsletter/preferences?token=unknown-token-unknown-token", body: {}, visitor: 400, user: 400, admin: 400 },
  { route: "routes/admin.newsletter.tsx", method: "GET", path: "/admin/newsletter", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.newsletter.tsx", method: "POST", path: "/admin/newsletter", body: {}, visitor: 302, user: 403, admin: 400 },
] satisfies RoleMatrixEntry[];
