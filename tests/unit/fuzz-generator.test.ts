import { describe, expect, it } from "vitest";
import { generateRequests } from "../../bench/fuzz/generator";
import { routePatterns } from "../../bench/fuzz/routes";
import { withSession, type FuzzSessions } from "../../bench/fuzz/sessions";

/** What bench/fuzz.ts (and its slice) throws at the site: every kind of route, with and without a session. */
describe("fuzz generator", () => {
  const patterns = routePatterns();
  const requests = [...generateRequests(patterns, 3000, 1)];

  it("covers pages, the admin console and API, uploads, sign-in and the static folders", () => {
    for (const pattern of ["/:lang?/tool/:slug", "/:lang?/user/submit-tool", "/admin/submissions", "/api/admin/submissions/:id", "/api/upload/tool-image", "/api/auth/*", "/uploads/*", "/assets/*"]) {
      expect(patterns).toContain(pattern);
    }
  });

  it("sends .data loads and posts, malformed uploads to the upload endpoint, and admin requests", () => {
    expect(requests.filter((r) => /\.data(\?|$)/.test(r.target)).length).toBeGreaterThan(100);
    expect(requests.filter((r) => r.target === "/api/upload/tool-image" && r.label?.startsWith("multipart-")).length).toBeGreaterThan(50);
    expect(requests.filter((r) => r.target.startsWith("/admin")).length).toBeGreaterThan(50);
    expect(requests.filter((r) => r.sameOrigin).length).toBeGreaterThan(200);
  });

  it("is the same for the same seed", () => {
    expect([...generateRequests(patterns, 200, 7)].map((r) => r.target)).toEqual([...generateRequests(patterns, 200, 7)].map((r) => r.target));
  });

  it("takes turns as a visitor, a user and an administrator; sign-in endpoints and hostile cookies stay as they are", () => {
    const sessions: FuzzSessions = { user: "u=1", admin: "a=1", adminToken: "token" };
    const page = { method: "GET", target: "/api/admin/submissions", headers: [] as Array<[string, string]> };
    expect(withSession(page, 0, sessions).headers).toEqual([]);
    expect(withSession(page, 1, sessions).headers).toEqual([["Cookie", "u=1"]]);
    expect(withSession(page, 2, sessions).headers).toEqual([["Authorization", "Bearer token"]]);
    expect(withSession(page, 5, sessions).headers).toEqual([["Cookie", "a=1"]]);
    expect(withSession({ ...page, target: "/api/auth/sign-out" }, 1, sessions).headers).toEqual([]);
    expect(withSession({ ...page, target: "/admin/login" }, 2, sessions).headers).toEqual([]);
    expect(withSession({ ...page, headers: [["Cookie", "x=%00"]] }, 1, sessions).headers).toEqual([["Cookie", "x=%00"]]);
  });
});
