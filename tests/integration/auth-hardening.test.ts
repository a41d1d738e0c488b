import type { BetterAuthOptions } from "better-auth";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "~/.server/auth/auth";
import { parseConfig } from "~/.server/config";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/** Sign-up and sign-in through the handler the server mounts, on each dialect. */
const BASE = "http://127.0.0.1:4191";

function post(auth: Auth, path: string, body: unknown) {
  return auth.handler(
    new Request(`${BASE}/api/auth${path}`, {
      method: "POST",
      headers: { origin: BASE, "content-type": "application/json", "x-client-ip": "192.0.2.20" },
      body: JSON.stringify(body),
    }),
  );
}

describe.each(testDialects())("sign-in hardening on %s", (dialect) => {
  let tdb: TestDatabase;
  let auth: Auth;
  beforeEach(async () => {
    tdb = await createTestDatabase(dialect);
    auth = createAuth(tdb.db, parseConfig({ PUBLIC_URL: BASE }));
  });
  afterEach(async () => {
    await tdb.destroy();
  });

  it("repairs a user left without a profile (a stop between the two writes) at the next sign-in", async () => {
    expect((await post(auth, "/sign-up/email", { email: "halfway@example.com", password: "Correct-Horse-Battery-9", name: "Half Way" })).status).toBe(200);
    const user = await tdb.db.selectFrom("user").select("id").where("email", "=", "halfway@example.com").executeTakeFirstOrThrow();
    await tdb.db.deleteFrom("profiles").where("user_id", "=", user.id).execute();
    expect((await post(auth, "/sign-in/email", { email: "halfway@example.com", password: "Correct-Horse-Battery-9" })).status).toBe(200);
    expect(await tdb.db.selectFrom("profiles").select("user_id").where("user_id", "=", user.id).executeTakeFirst()).toEqual({ user_id: user.id });
  });

  it("refuses common and blank passwords on sign-up with a code, and keeps no user", async () => {
    for (const [password, code] of [["password", "PASSWORD_TOO_COMMON"], ["12345678", "PASSWORD_TOO_COMMON"], ["        ", "PASSWORD_BLANK"]]) {
      const response = await post(auth, "/sign-up/email", { email: "weak@example.com", password, name: "" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    expect(await tdb.db.selectFrom("user").select("id").where("email", "=", "weak@example.com").executeTakeFirst()).toBeUndefined();
  });

  it("answers a sign-up for a taken address like one for a new address, and keeps the owner's password", async () => {
    const first = await post(auth, "/sign-up/email", { email: "owner@example.com", password: "Correct-Horse-Battery-9", name: "" });
    const again = await post(auth, "/sign-up/email", { email: "owner@example.com", password: "Someone-Elses-Pass-1", name: "" });
    expect(again.status).toBe(first.status);
    const keys = async (r: Response) => Object.keys(((await r.json()) as { user: object }).user);
    expect(await keys(again)).toEqual(await keys(first));
    expect((await post(auth, "/sign-in/email", { email: "owner@example.com", password: "Someone-Elses-Pass-1" })).status).toBe(401);
  });

  it("keeps sessions and its limits in the database only, so every instance sees the same", async () => {
    const options: BetterAuthOptions = auth.options;
    expect(options.secondaryStorage).toBeUndefined();
    expect(options.session?.cookieCache?.enabled).toBe(false);
    expect(options.rateLimit?.storage).toBe("database");
    for (let i = 0; i < 5; i++) expect((await post(auth, "/sign-in/email", { email: "nobody@example.com", password: "wrong password 1" })).status).toBe(401);
    expect((await post(auth, "/sign-in/email", { email: "nobody@example.com", password: "wrong password 1" })).status).toBe(429);
    // better-auth's own table (migration 0002), outside the app's schema types.
    const counted = await (tdb.db as Kysely<any>).selectFrom("rateLimit").select(["key", "count"]).execute();
    expect(counted).toEqual([{ key: expect.stringContaining("192.0.2.20"), count: 5 }]);
  });
});
