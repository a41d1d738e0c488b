import type { RoleMatrixEntry } from "./types";

/**
 * Reviews, helpful votes and reports (issue 34). Reading reviews and reporting are open to visitors; writing
 * and voting need a session (401 JSON otherwise). Bad input is 400, a slug or review that names nothing 404.
 * Reports carry reasons only a listing fits, on a slug that does not exist, so no row is filed.
 */
const review = { subject: "tool", slug: "chatgpt", rating: 4, title: "Solid for daily drafting", body: "I use it every day for first drafts and summaries.", language: "us-en" };
const rows: RoleMatrixEntry[] = [
  { route: "routes/how-we-rank.tsx", method: "GET", path: "/de/how-we-rank", visitor: 200, user: 200, admin: 200 },
  { route: "routes/api.reviews.ts", method: "GET", path: "/api/reviews?subject=tool&slug=chatgpt&lang=de&sort=newest&page=1", visitor: 200, user: 200, admin: 200 },
  { route: "routes/api.reviews.ts", method: "GET", path: "/api/reviews?subject=tool&slug=no-such-tool&lang=de", visitor: 404, user: 404, admin: 404 },
  { route: "routes/api.reviews.ts", method: "GET", path: "/api/reviews?subject=planet&slug=x&lang=de", visitor: 400, user: 400, admin: 400 },
  { route: "routes/api.reviews.ts", method: "PUT", path: "/api/reviews", body: review, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.reviews.ts", method: "PUT", path: "/api/reviews", body: { ...review, body: "too short" }, visitor: 401, user: 400, admin: 400 },
  { route: "routes/api.reviews.ts", method: "POST", path: "/api/reviews", body: { ...review, slug: "no-such-tool" }, visitor: 401, user: 404, admin: 404 },
  { route: "routes/api.reviews.ts", method: "DELETE", path: "/api/reviews", body: { subject: "tool", slug: "chatgpt" }, visitor: 401, user: 200, admin: 200 },
  { route: "routes/api.reviews.helpful.ts", method: "POST", path: "/api/reviews/helpful", body: { reviewId: 999999, helpful: true }, visitor: 401, user: 404, admin: 404 },
  { route: "routes/api.reviews.helpful.ts", method: "POST", path: "/api/reviews/helpful", body: { reviewId: "x", helpful: true }, visitor: 401, user: 400, admin: 400 },
  { route: "routes/api.reviews.helpful.ts", method: "GET", path: "/api/reviews/helpful", visitor: 405, user: 405, admin: 405 },
  { route: "routes/api.reports.ts", method: "POST", path: "/api/reports", body: { subject: "tool", slug: "no-such-tool", reason: "dead", details: "" }, visitor: 404, user: 404, admin: 404 },
  { route: "routes/api.reports.ts", method: "POST", path: "/api/reports", body: { subject: "tool", slug: "chatgpt", reason: "bribe" }, visitor: 400, user: 400, admin: 400 },
  { route: "routes/api.reports.ts", method: "GET", path: "/api/reports", visitor: 405, user: 405, admin: 405 },
  { route: "routes/admin.reports.tsx", method: "GET", path: "/admin/reports?tab=review", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.reports.tsx", method: "GET", path: "/admin/reports?tab=pending&page=2", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.reports.tsx", method: "POST", path: "/admin/reports", body: { action: "dismiss", subject: "tool", subjectId: 999999 }, visitor: 302, user: 403, admin: 404 },
  { route: "routes/admin.reports.tsx", method: "POST", path: "/admin/reports", body: { action: "explode", subject: "tool", subjectId: 1 }, visitor: 302, user: 403, admin: 400 },
  // The listing editor (decision 0035): a page form, so a JSON body is refused once the role is checked.
  { route: "routes/admin.listing-edit.tsx", method: "GET", path: "/admin/listings/tool/chatgpt?lang=de", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.listing-edit.tsx", method: "GET", path: "/admin/listings/ecommerce/jungle-scout", visitor: 302, user: 403, admin: 200 },
  { route: "routes/admin.listing-edit.tsx", method: "GET", path: "/admin/listings/tool/no-such-tool", visitor: 302, user: 403, admin: 404 },
  { route: "routes/admin.listing-edit.tsx", method: "GET", path: "/admin/listings/widget/chatgpt", visitor: 302, user: 403, admin: 404 },
  { route: "routes/admin.listing-edit.tsx", method: "POST", path: "/admin/listings/tool/chatgpt", body: { name: "x" }, visitor: 302, user: 403, admin: 415 },
  // Deleting one's own account: never actually sent here (it would delete the matrix's users); a JSON body is refused.
  { route: "routes/user.delete-account.tsx", method: "GET", path: "/de/user/delete-account", visitor: 302, user: 200, admin: 200 },
  { route: "routes/user.delete-account.tsx", method: "POST", path: "/user/delete-account", body: { confirm: "yes" }, visitor: 302, user: 415, admin: 415 },
];

export default rows;
