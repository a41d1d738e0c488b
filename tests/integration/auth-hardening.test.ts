import type { BetterAuthOptions } from "better-auth";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "~/.server/auth/auth";
import { parseConfig } from "~/.server/config";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/** Sign-up and sign-in through the handler the server mounts, on each dialect. */
const BASE = "http://127.0.0.1:4191";

function post(auth: Auth, path: string, body: unknown, cookie = "") {
  return auth.handler(
    new Request(`${BASE}/api/auth${path}`, {
      method: "POST",
      headers: { origin: BASE, "content-type": "application/json", "x-client-ip": "192.0.2.20", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

const cookieOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

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

  it("refuses easily guessed passwords on sign-up and says why, keeping no user", async () => {
    for (const [email, name, password, code] of [
      ["repeat@example.com", "", "aaaaaaaa", "PASSWORD_REPEATS"],
      ["sequence@example.com", "", "abcdefgh", "PASSWORD_SEQUENCE"],
      ["season@example.com", "", "Summer2024", "PASSWORD_DATES"],
      ["boss@example.com", "", "boss@example.com", "PASSWORD_PERSONAL"],
      ["someone@example.com", "Rosalind Franklin", "rosalind franklin", "PASSWORD_PERSONAL"],
    ]) {
      const response = await post(auth, "/sign-up/email", { email, password, name });
      expect([email, response.status, await codeOf(response)]).toEqual([email, 400, code]);
    }
    expect(await tdb.db.selectFrom("user").select("id").execute()).toEqual([]);
  });

  it("refuses an easily guessed new password on a password change and a reset, too", async () => {
    await post(auth, "/sign-up/email", { email: "changer@example.com", password: "Correct-Horse-Battery-9", name: "Ada Changer" });
    const cookie = cookieOf(await post(auth, "/sign-in/email", { email: "changer@example.com", password: "Correct-Horse-Battery-9" }));
    // better-auth allows 3 password changes per 10 s and address: two refusals and the accepted change.
    for (const [newPassword, code] of [["Summer2024", "PASSWORD_DATES"], ["changer@example.com", "PASSWORD_PERSONAL"]]) {
      const response = await post(auth, "/change-password", { currentPassword: "Correct-Horse-Battery-9", newPassword }, cookie);
      expect([newPassword, response.status, await codeOf(response)]).toEqual([newPassword, 400, code]);
    }
    // The link of a reset mail carries a token naming the user: their address counts against the new password.
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.findUserByEmail("changer@example.com");
    await ctx.internalAdapter.createVerificationValue({ identifier: "reset-password:reset-token-1", value: user!.user.id, expiresAt: new Date(Date.now() + 60_000) });
    const reset = await post(auth, "/reset-password", { newPassword: "changer@example.com", token: "reset-token-1" });
    expect([reset.status, await codeOf(reset)]).toEqual([400, "PASSWORD_PERSONAL"]);
    expect((await post(auth, "/change-password", { currentPassword: "Correct-Horse-Battery-9", newPassword: "Quiet-Lantern-Orbit-4" }, cookie)).status).toBe(200);
  });

  it("keeps only https or own-upload profile pictures: refused from the form, dropped from a provider", async () => {
    await post(auth, "/sign-up/email", { email: "pictured@example.com", password: "Correct-Horse-Battery-9", name: "" });
    const cookie = cookieOf(await post(auth, "/sign-in/email", { email: "pictured@example.com", password: "Correct-Horse-Battery-9" }));
    const imageOf = async () => (await tdb.db.selectFrom("user").select("image").where("email", "=", "pictured@example.com").executeTakeFirstOrThrow()).image;
    for (const image of ["javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>", "http://cdn.example/me.png", "//evil.example/me.png", "/uploads/../../etc/passwd"]) {
      const response = await post(auth, "/update-user", { image }, cookie);
      expect([image, response.status, await codeOf(response)]).toEqual([image, 400, "IMAGE_URL_NOT_ALLOWED"]);
    }
    expect(await imageOf()).toBeNull();
    for (const image of ["https://cdn.example/me.png", "/uploads/avatars/ab12.webp", `${BASE}/uploads/avatars/ab12.png`]) {
      expect((await post(auth, "/update-user", { image }, cookie)).status).toBe(200);
      expect(await imageOf()).toBe(image);
    }
    const signUp = await post(auth, "/sign-up/email", { email: "script@example.com", password: "Correct-Horse-Battery-9", name: "", image: "javascript:alert(1)" });
    expect([signUp.status, await codeOf(signUp)]).toEqual([400, "IMAGE_URL_NOT_ALLOWED"]);
    // A provider's plain-http picture is dropped and the sign-in goes on.
    const ctx = await auth.$context;
    const { user } = await ctx.internalAdapter.createOAuthUser(
      { email: "provider@example.com", name: "Pat", emailVerified: true, image: "http://provider.example/pat.png" },
      { providerId: "github", accountId: "4242" },
    );
    expect(user.image ?? null).toBeNull();
    const profile = await tdb.db.selectFrom("profiles").select("avatar_url").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.avatar_url).toBeNull();
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
