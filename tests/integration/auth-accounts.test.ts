import crypto from "node:crypto";
import { getMigrations } from "better-auth/db/migration";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "~/.server/auth/auth";
import { createAdministrator } from "~/.server/auth/admins";
import { isAdminUser, toSessionUser } from "~/.server/auth/users";
import { parseConfig } from "~/.server/config";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { providerEnv, startFakeDouyin, startFakeWechat, type FakeServer } from "../support/fake-providers";
import { startSmtpCapture } from "../support/smtp";

/**
 * Account creation and linking through better-auth on each dialect: the same
 * handler the server mounts, fake WeChat/Douyin servers, a loopback SMTP server.
 */
const BASE = "http://127.0.0.1:4190";
let wechat: FakeServer;
let douyin: FakeServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  [wechat, douyin, smtp] = await Promise.all([startFakeWechat(), startFakeDouyin(), startSmtpCapture()]);
});
afterAll(async () => {
  await Promise.all([wechat.stop(), douyin.stop(), smtp.stop()]);
});

/** A tiny cookie jar around auth.handler, like one browser. */
function browser(auth: Auth, ip = "192.0.2.10") {
  const jar = new Map<string, string>();
  return {
    async request(path: string, init: { method?: string; body?: unknown } = {}) {
      const headers = new Headers({ origin: BASE, "x-client-ip": ip });
      if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      if (init.body !== undefined) headers.set("content-type", "application/json");
      const response = await auth.handler(
        new Request(`${BASE}/api/auth${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
      );
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const index = pair!.indexOf("=");
        const value = pair!.slice(index + 1);
        if (value === "" || /max-age=0/i.test(cookie)) jar.delete(pair!.slice(0, index));
        else jar.set(pair!.slice(0, index), value);
      }
      return response;
    },
    headers: () => new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") }),
  };
}

/** Follows the fake provider's authorize page the way a scan would and returns the callback query. */
async function scan(authorizeUrl: string): Promise<Record<string, string>> {
  const html = await (await fetch(authorizeUrl)).text();
  const href = /id="confirm"[^>]*href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
  return Object.fromEntries(new URL(href).searchParams);
}

/** RFC 6238 code for a base32 secret (what an authenticator app shows). */
function totp(base32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = crypto.createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

describe.each(testDialects())("accounts on %s", (dialect) => {
  let tdb: TestDatabase;
  let auth: Auth;
  const config = parseConfig({
    PUBLIC_URL: BASE,
    SMTP_URL: "smtp://127.0.0.1:1",
    ADMIN_EMAILS: "listed@example.com",
  });

  beforeEach(async () => {
    tdb = await createTestDatabase(dialect);
    auth = createAuth(tdb.db, parseConfig({ PUBLIC_URL: BASE, SMTP_URL: smtp.url, ADMIN_EMAILS: "listed@example.com", ...providerEnv({ wechat, douyin }) }));
  });
  afterEach(async () => {
    await tdb.destroy();
  });
  const sessions = async () => Number((await tdb.db.selectFrom("session").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("has every column better-auth and its plugins expect", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated.map((t) => t.table)).toEqual([]);
    expect(toBeAdded.map((t) => [t.table, Object.keys(t.fields)])).toEqual([]);
    expect(config.adminEmails).toEqual(["listed@example.com"]);
  });

  it("registers by e-mail with a profile, a verification mail and an e-mail login type", async () => {
    const b = browser(auth);
    const response = await b.request("/sign-up/email", { method: "POST", body: { email: "New@Example.com", password: "long enough", name: "" } });
    expect(response.status).toBe(200);
    // Sign-up answers alike for taken and new addresses, without a session: the dialog signs in next.
    expect(await auth.api.getSession({ headers: b.headers() })).toBeNull();
    expect((await b.request("/sign-in/email", { method: "POST", body: { email: "new@example.com", password: "long enough" } })).status).toBe(200);
    const session = await auth.api.getSession({ headers: b.headers() });
    const user = await toSessionUser(tdb.db, session!.user, []);
    expect(user).toMatchObject({ name: "new@example.com", email: "new@example.com", loginType: "email", isAdmin: false });
    expect(await tdb.db.selectFrom("profiles").select("user_id").where("user_id", "=", user.id).executeTakeFirst()).toBeTruthy();
    await smtp.linkFor("new@example.com");
  });

  it("creates a WeChat user once and links later sign-ins to it", async () => {
    for (let round = 0; round < 2; round++) {
      const b = browser(auth);
      const start = (await (await b.request("/wechat/start", { method: "POST", body: { returnTo: "/zh-CN/tools" } })).json()) as { qrUrl: string };
      const query = await scan(start.qrUrl);
      expect(query.state).toMatch(/^wechat_login_/);
      const result = await auth.api.wechatCallback({ query, headers: b.headers(), returnHeaders: true });
      expect(result.response).toEqual({ ok: true, returnTo: "/zh-CN/tools", sameBrowser: true });
    }
    const accounts = await tdb.db.selectFrom("account").selectAll().where("providerId", "=", "wechat").execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.accountId).toBe("o_wechat_openid_1");
    const profile = await tdb.db.selectFrom("profiles").selectAll().where("user_id", "=", accounts[0]!.userId).executeTakeFirstOrThrow();
    expect(profile.display_name).toBe("微信测试用户");
    const user = await tdb.db.selectFrom("user").selectAll().where("id", "=", accounts[0]!.userId).executeTakeFirstOrThrow();
    expect((await toSessionUser(tdb.db, user, [])).email).toBeNull();
    expect(await sessions()).toBe(2);
  });

  it("creates no session for a wrong state, another browser's state, or a provider error", async () => {
    const b = browser(auth);
    const start = (await (await b.request("/wechat/start", { method: "POST", body: {} })).json()) as { qrUrl: string };
    const query = await scan(start.qrUrl);
    const call = (q: Record<string, string>, headers: Headers) => auth.api.wechatCallback({ query: q, headers });
    expect(await call({ ...query, state: "bad" }, b.headers())).toMatchObject({ ok: false, error: "invalid_state" });
    expect(await call({ state: query.state! }, b.headers())).toMatchObject({ ok: false, error: "missing_code" });
    expect(await call(query, browser(auth).headers())).toMatchObject({ ok: false, error: "invalid_state" });
    wechat.failTokenExchange = true;
    try {
      expect(await call(query, b.headers())).toMatchObject({ ok: false, error: "exchange_failed" });
    } finally {
      wechat.failTokenExchange = false;
    }
    // The state is single-use: after the failed exchange it cannot be replayed.
    expect(await call(query, b.headers())).toMatchObject({ ok: false, error: "invalid_state" });
    expect(await sessions()).toBe(0);
    expect(await tdb.db.selectFrom("user").select("id").execute()).toHaveLength(0);
  });

  it("signs the computer in after a Douyin scan on a phone", async () => {
    const computer = browser(auth);
    const start = (await (await computer.request("/douyin/start", { method: "POST", body: { returnTo: "/ja" } })).json()) as { authorizeUrl: string; qrDataUrl: string };
    expect(start.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(await (await computer.request("/douyin/status", { method: "POST", body: {} })).json()).toEqual({ status: "pending" });
    const query = await scan(start.authorizeUrl);
    const phone = await auth.api.douyinCallback({ query, headers: new Headers() });
    expect(phone).toEqual({ ok: true, returnTo: "/ja", sameBrowser: false });
    expect(await sessions()).toBe(0);
    expect(await (await computer.request("/douyin/status", { method: "POST", body: {} })).json()).toEqual({ status: "done", returnTo: "/ja" });
    const session = await auth.api.getSession({ headers: computer.headers() });
    expect((await toSessionUser(tdb.db, session!.user, [])).loginType).toBe("douyin");
    expect(await auth.api.douyinCallback({ query: { error: "access_denied", state: query.state! }, headers: new Headers() })).toMatchObject({ error: "cancelled" });
  });

  it("makes administrators by role or by ADMIN_EMAILS, and admin:create sets a working password", async () => {
    const { userId } = await createAdministrator(auth, tdb.db, { email: "Root@Example.com", password: "admin password" });
    expect(await isAdminUser(tdb.db, { id: userId, email: "root@example.com" }, [])).toBe(true);
    expect(await isAdminUser(tdb.db, { id: "nobody", email: "listed@example.com", emailVerified: true }, ["listed@example.com"])).toBe(true);
    expect(await isAdminUser(tdb.db, { id: "nobody", email: "other@example.com", emailVerified: true }, ["listed@example.com"])).toBe(false);
    const b = browser(auth, "192.0.2.77");
    const signIn = await b.request("/sign-in/email", { method: "POST", body: { email: "root@example.com", password: "admin password" } });
    expect(signIn.status).toBe(200);
    // Running it again for the same address updates the password instead of adding a user.
    await createAdministrator(auth, tdb.db, { email: "root@example.com", password: "new admin password" });
    expect(await tdb.db.selectFrom("user").select("id").execute()).toHaveLength(1);
    expect(await tdb.db.selectFrom("user_roles").select("id").execute()).toHaveLength(1);
  });

  it("gives a listed address no admin rights until its verification link is followed", async () => {
    smtp.messages.length = 0; // the other dialect's run mailed the same address
    const squatter = browser(auth, "192.0.2.91");
    await squatter.request("/sign-up/email", { method: "POST", body: { email: "listed@example.com", password: "squatted boss password", name: "" } });
    const signIn = await squatter.request("/sign-in/email", { method: "POST", body: { email: "listed@example.com", password: "squatted boss password" } });
    expect(signIn.status).toBe(200);
    // The cookie and the bearer token both reach the same session user the guards read.
    const byCookie = await auth.api.getSession({ headers: squatter.headers() });
    const byBearer = await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${signIn.headers.get("set-auth-token")}` }) });
    for (const session of [byCookie, byBearer]) {
      expect(session!.user.emailVerified).toBe(false);
      expect(await toSessionUser(tdb.db, session!.user, ["listed@example.com"])).toMatchObject({ isAdmin: false, emailVerified: false });
    }
    // The owner of the mailbox follows the link: now the listed address is an administrator.
    const link = new URL(await smtp.linkFor("listed@example.com"));
    const owner = browser(auth, "192.0.2.92");
    expect((await owner.request(`${link.pathname.replace("/api/auth", "")}${link.search}`)).status).toBeLessThan(400);
    const verified = await auth.api.getSession({ headers: owner.headers() });
    expect(await toSessionUser(tdb.db, verified!.user, ["listed@example.com"])).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it("asks an administrator with a second factor for the TOTP code before any session", async () => {
    await createAdministrator(auth, tdb.db, { email: "twofa@example.com", password: "admin password" });
    const admin = browser(auth, "192.0.2.81");
    await admin.request("/sign-in/email", { method: "POST", body: { email: "twofa@example.com", password: "admin password" } });
    const enabled = (await (await admin.request("/two-factor/enable", { method: "POST", body: { password: "admin password" } })).json()) as { totpURI: string };
    const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
    expect((await admin.request("/two-factor/verify-totp", { method: "POST", body: { code: totp(secret) } })).status).toBe(200);

    const before = await sessions();
    const next = browser(auth, "192.0.2.82");
    const signIn = await next.request("/sign-in/email", { method: "POST", body: { email: "twofa@example.com", password: "admin password" } });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await sessions()).toBe(before);
    expect((await next.request("/two-factor/verify-totp", { method: "POST", body: { code: "000000" === totp(secret) ? "111111" : "000000" } })).status).toBe(401);
    expect((await next.request("/two-factor/verify-totp", { method: "POST", body: { code: totp(secret) } })).status).toBe(200);
    const session = await auth.api.getSession({ headers: next.headers() });
    expect((await toSessionUser(tdb.db, session!.user, [])).twoFactorEnabled).toBe(true);
  });
});
