import type { RoleMatrixEntry } from "./types";

/**
 * Favourites, ratings and per-user state (issue 12). Writes need a session (401 JSON otherwise); a slug
 * that names nothing is 404, bad input 400. The favourites page is public: signed out it shows the
 * browser's local favourites.
 */
const rows: RoleMatrixEntry[] = [
  { route: "routes/user.favorites.tsx", method: "GET", path: "/user/favorites", visitor: 200, user: 200, admin: 200 },
  { route: "routes/user.favorites.tsx", method: "GET", path: "/de/user/favorites", visitor: 200, user: 200, admin: 200 },
  { route: "routes/api.favorites.ts", method: "GET", path: "/api/favorites", visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.favorites.ts", method: "POST", path: "/api/favorites", body: { type: "tool", slug: "chatgpt" }, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.favorites.ts", method: "POST", path: "/api/favorites", body: { type: "tool", slug: "no-such-tool" }, visitor: 401, user: 404, admin: 404 },
  { route: "routes/api.favorites.ts", method: "POST", path: "/api/favorites", body: { type: "planet", slug: "x" }, visitor: 401, user: 400, admin: 400 },
  { route: "routes/api.favorites.ts", method: "DELETE", path: "/api/favorites", body: { type: "tool", slug: "chatgpt" }, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.favorites.clear.ts", method: "POST", path: "/api/favorites/clear", body: { type: "ecommerce_tool" }, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.favorites.clear.ts", method: "GET", path: "/api/favorites/clear", visitor: 405, user: 405, admin: 405 },
  { route: "routes/api.ratings.ts", method: "GET", path: "/api/ratings?slug=chatgpt", visitor: 200, user: 200, admin: 200 },
  { route: "routes/api.ratings.ts", method: "GET", path: "/api/ratings?slug=no-such-tool", visitor: 404, user: 404, admin: 404 },
  { route: "routes/api.ratings.ts", method: "PUT", path: "/api/ratings", body: { slug: "chatgpt", rating: 4 }, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.ratings.ts", method: "PUT", path: "/api/ratings", body: { slug: "chatgpt", rating: 6 }, visitor: 401, user: 400, admin: 400 },
  { route: "routes/api.ratings.ts", method: "POST", path: "/api/ratings", body: { slug: "no-such-tool", rating: 4 }, visitor: 401, user: 404, admin: 404 },
  { route: "routes/api.ratings.ts", method: "DELETE", path: "/api/ratings", body: { slug: "chatgpt" }, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.me.state.ts", method: "GET", path: "/api/me/state", visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.me.state.ts", method: "POST", path: "/api/me/state", body: { favorites: [{ id: 1, type: "tool", slug: "chatgpt", title: "ChatGPT" }], ratings: [{ slug: "chatgpt", rating: 5 }] }, visitor: 401, user: 200, admin: 200 },
];

export default rows;
