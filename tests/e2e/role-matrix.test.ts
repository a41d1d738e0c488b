import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeTable from "~/routes";
import type { Expected, Role, RoleMatrixEntry } from "../role-matrix/types";
import { coverageGaps, flattenRoutes, misdirectedRows, type RouteNode } from "../support/role-coverage";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * The role matrix: every row of every `tests/role-matrix/*.ts` file is sent
 * as a visitor, a signed-in user and an administrator to the production
 * build, and each must get its expected status. The test also fails when a
 * route of `app/routes.ts` (each route, matched the way React Router matches
 * the rows' paths), an Express endpoint or a static folder has no row, or a
 * row's path does not reach the route it names.
 */

/**
 * Endpoints Express answers before React Router (server/app.ts) and folders server.js serves.
 * Add yours here, and its rows in a role-matrix file.
 */
const EXPRESS_ENDPOINTS = ["/healthz", "/readyz", "/metrics", "/api/auth/*", "/api/autocomplete", "/texts/*", "/uploads/*", "/assets/*"];

const files = import.meta.glob<{ default: RoleMatrixEntry[] }>(["../role-matrix/*.ts", "!../role-matrix/types.ts"], { eager: true });
const rows: Array<RoleMatrixEntry & { source: string }> = Object.entries(files).flatMap(([file, mod]) =>
  mod.default.map((row) => ({ ...row, source: file.replace("../role-matrix/", "") })),
);
const table = routeTable as RouteNode[];

describe("role matrix coverage", () => {
  it("has a row for every route of app/routes.ts and every method it answers", () => {
    expect(coverageGaps(table, rows), "add rows for these to a tests/role-matrix/<domain>.ts file").toEqual([]);
  });

  it("would notice a route without a row", () => {
    const extra: RouteNode = { id: "coverage-probe", path: "coverage-probe/:x", file: "routes/user.submit-tool.tsx" };
    const before = new Set(coverageGaps(table, rows));
    expect(coverageGaps([...table, extra], rows).filter((gap) => !before.has(gap))).toEqual([
      'route "coverage-probe" (coverage-probe/:x, routes/user.submit-tool.tsx): no GET row',
      'route "coverage-probe" (coverage-probe/:x, routes/user.submit-tool.tsx): no write row',
    ]);
  });

  it("sends every row to the route or endpoint it names", () => {
    expect(misdirectedRows(table, EXPRESS_ENDPOINTS, rows)).toEqual([]);
  });

  it("has a row for every Express endpoint and static folder, and the list names every one server/app.ts and server.js declare", () => {
    const declared = [
      ...[...fs.readFileSync("server/app.ts", "utf8").matchAll(/app\.(?:get|post|put|patch|delete|all)\(\s*"([^"]+)"/g)].map((m) => m[1]!.replace(/\*\w+$/, "*")),
      ...[...fs.readFileSync("server.js", "utf8").matchAll(/app\.use\(\s*"(\/[^"]+)"/g)].map((m) => `${m[1]}/*`),
    ];
    expect(declared.filter((path) => !EXPRESS_ENDPOINTS.includes(path)), "add these to EXPRESS_ENDPOINTS").toEqual([]);
    expect(EXPRESS_ENDPOINTS.filter((endpoint) => !rows.some((row) => row.route === endpoint))).toEqual([]);
  });

  it("names only route modules and endpoints that exist", () => {
    const known = new Set([...flattenRoutes(table).map((node) => node.file), ...EXPRESS_ENDPOINTS]);
    expect(rows.filter((row) => !known.has(row.route)).map((row) => `${row.source}: ${row.route}`)).toEqual([]);
  });
});

describe("role matrix against the production build", () => {
  let server: RunningServer;
  const cookies: Record<Role, string> = { visitor: "", user: "", admin: "" };
  const ADMIN_EMAIL = "matrix-admin@example.com";

  const emails: Record<Exclude<Role, "visitor">, string> = { user: "matrix-user@example.com", admin: ADMIN_EMAIL };

  async function authPost(path: string, email: string): Promise<string> {
    const response = await fetch(`${server.url}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email, password: "matrix password 1", name: email.split("@")[0] }),
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  }

  /** A write may end a session (the admin login signs a non-admin out): sign in again before the next row. */
  async function keepSignedIn(role: Exclude<Role, "visitor">): Promise<void> {
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: cookies[role] } });
    if ((await session.json()) === null) cookies[role] = await authPost("/sign-in/email", emails[role]);
  }

  beforeAll(async () => {
    const port = await freePort();
    server = await startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_EMAILS: ADMIN_EMAIL, METRICS_TOKEN: "role-matrix-metrics-token-0001" });
    // Sign-up opens no session (it answers alike for taken addresses): sign in after it.
    await authPost("/sign-up/email", emails.user);
    await authPost("/sign-up/email", emails.admin);
    // A listed address counts only once verified (the link of its verification mail).
    await markAddressVerified(server.databaseEnv, emails.admin);
    cookies.user = await authPost("/sign-in/email", emails.user);
    cookies.admin = await authPost("/sign-in/email", emails.admin);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const matches = (expected: Expected, status: number) => (typeof expected === "number" ? status === expected : expected.includes(status));

  it("answers every row with the expected status for each role", async () => {
    const failures: string[] = [];
    for (const row of rows) {
      for (const role of ["visitor", "user", "admin"] as const) {
        const headers: Record<string, string> = { accept: "text/html,application/json" };
        if (cookies[role]) headers.cookie = cookies[role];
        if (row.method !== "GET") headers.origin = server.url;
        if (row.body !== undefined) headers["content-type"] = "application/json";
        const response = await fetch(`${server.url}${row.path}`, { method: row.method, headers, body: row.body === undefined ? undefined : JSON.stringify(row.body), redirect: "manual" });
        await response.arrayBuffer();
        if (!matches(row[role], response.status)) failures.push(`${row.source}: ${row.method} ${row.path} as ${role}: expected ${JSON.stringify(row[role])}, got ${response.status}`);
        if (role !== "visitor" && row.method !== "GET") await keepSignedIn(role);
      }
    }
    expect(failures).toEqual([]);
  });
});
