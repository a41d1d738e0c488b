import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendRaw, type RawRequest } from "../../bench/fuzz/raw-http";
import { providerEnv, startFakeGithub, type FakeServer } from "../support/fake-providers";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * The security findings of issue 17, each as an attacker would try it, against the production build.
 * `site`: defaults (no proxy trusted, no SMTP, fake GitHub). `proxied`: behind a trusted proxy on loopback, https.
 */
let site: RunningServer;
let proxied: RunningServer;
let github: FakeServer;

beforeAll(async () => {
  github = await startFakeGithub();
  const [port, proxiedPort] = [await freePort(), await freePort()];
  [site, proxied] = await Promise.all([
    startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info", ...providerEnv({ github }) }, { startTimeoutMs: 180_000 }),
    startServer({ PORT: String(proxiedPort), PUBLIC_URL: `https://127.0.0.1:${proxiedPort}`, TRUST_PROXY: "loopback" }, { startTimeoutMs: 180_000 }),
  ]);
});
afterAll(async () => {
  await Promise.all([site?.stop(), proxied?.stop(), github?.stop()]);
});

const portOf = (server: RunningServer) => Number(new URL(server.url).port);
const publicOrigin = (server: RunningServer) => (server === proxied ? server.url.replace("http:", "https:") : server.url);

/**
 * Every test speaks from its own loopback address (127.0.0.x): the per-address sign-in limits
 * would otherwise carry one test's attempts over into the next.
 */
let source = 10;
beforeEach(() => {
  source++;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  cookies: string[];
  text: string;
  json<T>(): T;
}

function call(server: RunningServer, method: string, path: string, options: { headers?: Record<string, string>; body?: string; absolute?: string } = {}): Promise<Answer> {
  const url = new URL(options.absolute ?? `${server.url}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: options.headers, localAddress: `127.0.0.${source}` }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, cookies: res.headers["set-cookie"] ?? [], text, json: <T>() => JSON.parse(text) as T }),
      );
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(server, "POST", path, { headers: { "content-type": "application/json", origin: publicOrigin(server), ...headers }, body: JSON.stringify(body) });

const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) => call(server, "GET", path, { headers });

const cookiesOf = (answer: Answer) => answer.cookies.map((c) => c.split(";")[0]!).join("; ");

async function register(server: RunningServer, email: string, password = "Correct-Horse-Battery-9") {
  expect((await post(server, "/api/auth/sign-up/email", { email, password, name: "" })).status).toBe(200);
  return password;
}

describe("1. sign-in limits", () => {
  it("refuses a password guesser who rotates X-Forwarded-For, and keeps refusing the right password", async () => {
    const password = await register(site, "rotating@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(site, "/api/auth/sign-in/email", { email: "rotating@example.com", password: `wrong-guess-${i}` }, { "x-forwarded-for": `198.51.100.${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    const right = await post(site, "/api/auth/sign-in/email", { email: "rotating@example.com", password }, { "x-forwarded-for": "198.51.100.200" });
    expect(right.status).toBe(429);
  });

  it("slows one account attacked from many real addresses (behind a trusted proxy), and the owner still gets in", async () => {
    const password = await register(proxied, "target@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await post(proxied, "/api/auth/sign-in/email", { email: "target@example.com", password: `wrong-guess-${i}` }, { "x-forwarded-for": `203.0.113.${i}` });
      statuses.push(res.status);
    }
    // Ten attempts per account, then (no mail on this site) one attempt per pace, whatever the address.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBe(10);
    expect(statuses.slice(0, firstRefused).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
    // The owner is slowed too, for seconds rather than locked out for 15 minutes: after the pace, the right password works.
    const owner = await post(proxied, "/api/auth/sign-in/email", { email: "target@example.com", password }, { "x-forwarded-for": "203.0.113.150" });
    expect([owner.status, owner.json<{ code: string }>().code]).toEqual([429, "ACCOUNT_SLOWED"]);
    const wait = Number(owner.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 200));
    const later = await post(proxied, "/api/auth/sign-in/email", { email: "target@example.com", password }, { "x-forwarded-for": "203.0.113.150" });
    expect(later.status).toBe(200);
    // Another account from another address is not affected.
    const other = await post(proxied, "/api/auth/sign-in/email", { email: "someone@example.com", password: "wrong-guess-x" }, { "x-forwarded-for": "203.0.113.99" });
    expect(other.status).toBe(401);
  });

  it("records the socket's address on the session, not a header the client made up", async () => {
    const password = await register(site, "where@example.com");
    const signIn = await post(site, "/api/auth/sign-in/email", { email: "where@example.com", password }, { "x-forwarded-for": "203.0.113.77", "x-client-ip": "203.0.113.78" });
    expect(signIn.status).toBe(200);
    const sessions = (await get(site, "/api/auth/list-sessions", { cookie: cookiesOf(signIn) })).json<Array<{ ipAddress: string }>>();
    expect(sessions.map((s) => s.ipAddress)).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.\d+$/)]);
  });
});

describe("2. redirects stay on the site", () => {
  it.each(["/en//evil.example", "/en/\\evil.example", "/zh//evil.example", "/en/%2F%2Fevil.example"])("%s", async (target) => {
    const res = await sendRaw(portOf(site), { method: "GET", target, headers: [] });
    expect(res.status).toBe(301);
    const location = res.headers.location!;
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, site.url).origin).toBe(new URL(site.url).origin);
  });
});

describe("3. password policy", () => {
  it.each([
    ["password", "PASSWORD_TOO_COMMON"],
    ["12345678", "PASSWORD_TOO_COMMON"],
    ["Iloveyou1", "PASSWORD_TOO_COMMON"],
    ["        ", "PASSWORD_BLANK"],
  ])("refuses %j", async (password, code) => {
    const res = await post(site, "/api/auth/sign-up/email", { email: `weak-${code}-${password.length}@example.com`, password, name: "" });
    expect(res.status).toBe(400);
    expect(res.json<{ code: string }>().code).toBe(code);
  });
});

describe("4. enumeration and squatting", () => {
  it("answers sign-up alike for a taken and a new address", async () => {
    await register(site, "taken@example.com");
    const taken = await post(site, "/api/auth/sign-up/email", { email: "taken@example.com", password: "Other-Long-Pass-77", name: "" });
    const fresh = await post(site, "/api/auth/sign-up/email", { email: "fresh@example.com", password: "Other-Long-Pass-77", name: "" });
    expect(taken.status).toBe(fresh.status);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, keys: Object.keys(body.user), login: body.user.lastLoginMethod });
    type Body = { token: unknown; user: Record<string, unknown> };
    expect(shape(taken.json<Body>())).toEqual(shape(fresh.json<Body>()));
    expect(taken.cookies.length).toBe(fresh.cookies.length);
  });

  it("answers verification and magic-link requests alike for known and unknown addresses (4xx without mail)", async () => {
    await register(site, "unverified@example.com");
    for (const path of ["/api/auth/send-verification-email", "/api/auth/sign-in/magic-link", "/api/auth/request-password-reset"]) {
      const known = await post(site, path, { email: "unverified@example.com" });
      const unknown = await post(site, path, { email: "nobody-here@example.com" });
      expect(known.status, path).toBe(unknown.status);
      expect(known.status, path).toBe(400);
      expect(known.json<{ code: string }>().code).toBe("EMAIL_UNAVAILABLE");
    }
  });

  it("lets the verified GitHub owner of an address take over an account a squatter registered with it", async () => {
    const squatterPassword = await register(site, "owner@example.com");
    github.nextUser = { id: "777", nickname: "Real Owner", avatar: "https://example.com/o.png", email: "owner@example.com" };
    const start = await post(site, "/api/auth/sign-in/social", { provider: "github", callbackURL: "/us-en/about" });
    expect(start.status).toBe(200);
    const authorize = await call(site, "GET", "", { absolute: start.json<{ url: string }>().url });
    const callback = await call(site, "GET", "", { absolute: authorize.headers.location!, headers: { cookie: cookiesOf(start) } });
    expect(callback.status).toBe(302);
    expect(callback.headers.location).not.toMatch(/error/);
    const session = (await get(site, "/api/auth/get-session", { cookie: cookiesOf(callback) })).json<{ user: { email: string; emailVerified: boolean } }>();
    expect(session.user).toMatchObject({ email: "owner@example.com", emailVerified: true });
    // The squatter's password no longer opens the account.
    expect((await post(site, "/api/auth/sign-in/email", { email: "owner@example.com", password: squatterPassword })).status).toBe(401);
  });
});

describe("5. body size", () => {
  const big = (bytes: number): RawRequest["body"] => Buffer.alloc(bytes, 0x7b);
  it.each([
    ["declared 200 KB JSON to sign-in", { method: "POST", target: "/api/auth/sign-in/email", headers: [["Content-Type", "application/json"]], body: big(200_000) }],
    ["chunked 2 MB JSON to sign-up", { method: "POST", target: "/api/auth/sign-up/email", headers: [["Content-Type", "application/json"]], body: big(2_000_000), chunked: true }],
    ["100 KB form to a page action", { method: "POST", target: "/admin/login", headers: [["Content-Type", "application/x-www-form-urlencoded"]], body: big(100_000) }],
  ] as Array<[string, RawRequest]>)("%s: 413", async (_name, request) => {
    expect((await sendRaw(portOf(site), request)).status).toBe(413);
  });
});

describe("6. bad input is a 4xx, never a 5xx", () => {
  const json: Array<[string, string]> = [["Content-Type", "application/json"]];
  const cases: RawRequest[] = [
    { method: "TRACE", target: "/", headers: [] },
    { method: "TRACE", target: "/about", headers: [] },
    ...["/", "/about", "/about.data", "/admin/login", "/api/auth/get-session"].flatMap((target) =>
      [["Host", "a b"], ["X-Forwarded-Host", "[::1"], ["X-Forwarded-Host", "a<b"], ["X-Forwarded-Proto", "file"]].map(
        ([name, value]) => ({ method: "GET", target, headers: [[name!, value!]] }) as RawRequest,
      ),
    ),
    { method: "POST", target: "/admin/login", headers: json, body: "{}" },
    { method: "DELETE", target: "/admin/login", headers: [] },
    { method: "PUT", target: "/admin/login", headers: [] },
    { method: "PATCH", target: "/admin/login", headers: [] },
    { method: "GET", target: "/%09", headers: [] },
    { method: "GET", target: "/%0A", headers: [] },
    { method: "GET", target: "/%0D", headers: [] },
    { method: "GET", target: "/", headers: [["Cookie", "preferred-language=%E0%A4%A"]] },
    { method: "GET", target: "/us-en/about", headers: [["Cookie", "preferred-language=%E0%A4%A"]] },
    { method: "GET", target: "/", headers: [], version: "HTTP/1.0", noHost: true },
    { method: "GET", target: "/us-en/category/%E0%A4%A", headers: [] },
    { method: "POST", target: "/api/auth/sign-in/magic-link", headers: json, body: '{"email":"a@b.co"}' },
    { method: "POST", target: "/api/auth/send-verification-email", headers: json, body: '{"email":"a@b.co"}' },
    { method: "GET", target: "/tools?search=chat%00", headers: [] },
    { method: "GET", target: "/tools?category=%00", headers: [] },
    { method: "GET", target: "/tools/%00", headers: [] },
    { method: "PUT", target: "/about", headers: [] },
  ];
  it("answers every reported request below 500 and logs no error", async () => {
    for (const request of cases) {
      const res = await sendRaw(portOf(site), request);
      const what = `${request.method} ${request.target} ${JSON.stringify(request.headers)}`;
      expect(res.status, what).toBeLessThan(500);
      // Forwarded headers from a client that is no trusted proxy, and a cookie that does not decode, are
      // ignored: those requests are simply served.
      if (!request.headers.some(([name]) => name.startsWith("X-Forwarded") || name === "Cookie")) expect(res.status, what).toBeGreaterThanOrEqual(400);
    }
    expect(site.output()).not.toMatch(/"level":50/);
  });

  it("refuses forwarded headers that are no host or protocol from a trusted proxy with 400", async () => {
    for (const [name, value] of [["X-Forwarded-Host", "[::1"], ["X-Forwarded-Host", "a<b"], ["X-Forwarded-Host", "a b"], ["X-Forwarded-Proto", "file"]]) {
      for (const target of ["/about", "/api/auth/get-session", "/admin/login"]) {
        expect((await sendRaw(portOf(proxied), { method: "GET", target, headers: [[name!, value!]] })).status, `${name}: ${value} ${target}`).toBe(400);
      }
    }
    expect(proxied.output()).not.toMatch(/"level":50/);
  });
});

describe("7. https", () => {
  it("sends HSTS and __Host- cookies when PUBLIC_URL is https, and no HSTS otherwise", async () => {
    expect((await get(proxied, "/about")).headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    expect((await get(site, "/about")).headers["strict-transport-security"]).toBeUndefined();
    const password = await register(proxied, "secure@example.com");
    const signIn = await post(proxied, "/api/auth/sign-in/email", { email: "secure@example.com", password }, { "x-forwarded-for": "203.0.113.200" });
    const cookies = signIn.cookies;
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/; Domain=/i);
    }
  });
});

describe("10. long addresses", () => {
  it("refuses a 12 KB address with 414 and logs it shortened", async () => {
    const target = `/tools?search=${"a".repeat(12_000)}`;
    expect((await sendRaw(portOf(site), { method: "GET", target, headers: [] })).status).toBe(414);
    expect(site.output()).not.toContain("a".repeat(1000));
  });
});

describe("11. caching, forms, names", () => {
  it("marks admin pages and their data no-store", async () => {
    for (const path of ["/admin/login", "/admin", "/admin.data", "/admin/login.data"]) {
      expect((await get(site, path)).headers["cache-control"], path).toBe("no-store");
    }
  });
  it("lets forms post only to the site", async () => {
    const policy = String((await get(site, "/about")).headers["content-security-policy"]);
    expect(policy).toMatch(/form-action 'self'(;|$)/);
  });
  it("refuses a display name over 64 characters", async () => {
    const res = await post(site, "/api/auth/sign-up/email", { email: "long-name@example.com", password: "Correct-Horse-Battery-9", name: "n".repeat(65) });
    expect(res.status).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("NAME_TOO_LONG");
  });
});

describe("12. admin login language", () => {
  it("switches language without leaving /admin/login", async () => {
    const html = (await get(site, "/admin/login")).text;
    expect(html).toContain('href="/admin/login"');
    expect(html).not.toMatch(/href="\/(fr|de|zh-CN)\/admin\/login/);
    const french = (await get(site, "/admin/login", { cookie: "preferred-language=fr" })).text;
    expect(french).toContain('<html lang="fr"');
  });
});

describe("13. error screen", () => {
  it("shows the translated error text, never raw keys", async () => {
    const zh = await call(site, "PUT", "/zh-CN/about");
    expect(zh.status).toBe(405);
    const html = zh.text;
    expect(html).toContain("页面出现错误");
    expect(html).not.toMatch(/error\.(title|message|refresh)/);
    const de = (await call(site, "PUT", "/de/about")).text;
    expect(de).not.toMatch(/error\.(title|message)/);
  });
});
