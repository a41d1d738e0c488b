import http from "node:http";
import type { AddressInfo } from "node:net";
import { OAuth2Server } from "oauth2-mock-server";

/**
 * Fake OAuth providers as real HTTP servers on loopback, speaking each
 * provider's wire format, so the app's real sign-in code runs against them.
 * Each authorize page "scans" with one click: a link back to the redirect URI.
 */
export interface FakeUser {
  id: string;
  nickname: string;
  avatar: string;
  email?: string;
}

export interface FakeServer {
  url: string;
  /** Who signs in on the next authorization. */
  nextUser: FakeUser;
  /** Make the token exchange fail with a provider error. */
  failTokenExchange: boolean;
  requests: string[];
  stop(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse, fake: FakeServer) => void;

async function serve(handler: Handler, defaults: FakeUser): Promise<FakeServer> {
  const fake: FakeServer = { url: "", nextUser: defaults, failTokenExchange: false, requests: [], stop: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", fake.url);
      fake.requests.push(`${req.method} ${url.pathname}`);
      handler(req, url, body, res, fake);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

const json = (res: http.ServerResponse, value: unknown, status = 200) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};

/** Codes handed out by authorize pages, each bound to the user it was issued for. */
function codeBook() {
  const codes = new Map<string, FakeUser>();
  const tokens = new Map<string, FakeUser>();
  let n = 0;
  return {
    issue(user: FakeUser) {
      const code = `code-${++n}`;
      codes.set(code, user);
      return code;
    },
    redeem(code: string | null) {
      const user = code ? codes.get(code) : undefined;
      if (!user || !code) return null;
      codes.delete(code);
      const token = `token-${code}`;
      tokens.set(token, user);
      return { token, user };
    },
    user: (token: string | null | undefined) => (token ? tokens.get(token) : undefined),
  };
}

function confirmPage(res: http.ServerResponse, redirectUri: string, code: string, state: string, label: string) {
  const target = new URL(redirectUri);
  target.searchParams.set("code", code);
  target.searchParams.set("state", state);
  const cancel = new URL(redirectUri);
  cancel.searchParams.set("error", "access_denied");
  cancel.searchParams.set("state", state);
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><body><p>${label}</p>
<a id="confirm" target="_top" href="${target.toString().replace(/&/g, "&amp;")}">Confirm sign-in</a>
<a id="cancel" target="_top" href="${cancel.toString().replace(/&/g, "&amp;")}">Cancel</a></body></html>`);
}

export const WECHAT_APP = { id: "wx-test-app", secret: "wx-test-secret" };

export function startFakeWechat(): Promise<FakeServer> {
  const book = codeBook();
  return serve(
    (_req, url, _body, res, fake) => {
      const q = url.searchParams;
      if (url.pathname === "/connect/qrconnect") {
        return confirmPage(res, q.get("redirect_uri")!, book.issue(fake.nextUser), q.get("state") ?? "", `WeChat QR for ${q.get("appid")}`);
      }
      if (url.pathname === "/sns/oauth2/access_token") {
        if (q.get("appid") !== WECHAT_APP.id || q.get("secret") !== WECHAT_APP.secret) return json(res, { errcode: 40125, errmsg: "invalid appsecret" });
        const redeemed = fake.failTokenExchange ? null : book.redeem(q.get("code"));
        if (!redeemed) return json(res, { errcode: 40029, errmsg: "invalid code" });
        return json(res, { access_token: redeemed.token, expires_in: 7200, openid: redeemed.user.id, scope: "snsapi_login" });
      }
      if (url.pathname === "/sns/userinfo") {
        const user = book.user(q.get("access_token"));
        if (!user || user.id !== q.get("openid")) return json(res, { errcode: 40001, errmsg: "invalid credential" });
        return json(res, { openid: user.id, nickname: user.nickname, headimgurl: user.avatar, sex: 0, province: "", city: "", country: "CN" });
      }
      json(res, { errcode: 404, errmsg: "not found" }, 404);
    },
    { id: "o_wechat_openid_1", nickname: "微信测试用户", avatar: "https://example.com/wx.png" },
  );
}

export const DOUYIN_APP = { key: "dy-test-key", secret: "dy-test-secret" };

export function startFakeDouyin(): Promise<FakeServer> {
  const book = codeBook();
  return serve(
    (req, url, body, res, fake) => {
      const q = url.searchParams;
      if (url.pathname === "/platform/oauth/connect/") {
        return confirmPage(res, q.get("redirect_uri")!, book.issue(fake.nextUser), q.get("state") ?? "", `Douyin authorize for ${q.get("client_key")} (${q.get("scope")})`);
      }
      if (url.pathname === "/oauth/access_token/" && req.method === "POST") {
        const form = new URLSearchParams(body);
        if (form.get("client_key") !== DOUYIN_APP.key || form.get("client_secret") !== DOUYIN_APP.secret) {
          return json(res, { data: { error_code: 10013, description: "invalid client" }, message: "error" });
        }
        const redeemed = fake.failTokenExchange ? null : book.redeem(form.get("code"));
        if (!redeemed) return json(res, { data: { error_code: 10008, description: "invalid code" }, message: "error" });
        return json(res, { data: { access_token: redeemed.token, open_id: redeemed.user.id, expires_in: 86400, error_code: 0, description: "" }, message: "success" });
      }
      if (url.pathname === "/oauth/userinfo/") {
        const user = book.user(q.get("access_token"));
        if (!user) return json(res, { data: { error_code: 2190008, description: "access_token expired" }, message: "error" });
        return json(res, { data: { open_id: user.id, union_id: `u_${user.id}`, nickname: user.nickname, avatar: user.avatar, error_code: 0, description: "" }, message: "success" });
      }
      json(res, { message: "not found" }, 404);
    },
    { id: "dy_open_id_1", nickname: "抖音测试用户", avatar: "https://example.com/dy.png" },
  );
}

export const GITHUB_APP = { id: "gh-test-client", secret: "gh-test-secret" };

/** GitHub: authorize auto-approves; /user hides the e-mail so /user/emails is used, as on GitHub. */
export function startFakeGithub(): Promise<FakeServer> {
  const book = codeBook();
  return serve(
    (req, url, body, res, fake) => {
      const q = url.searchParams;
      if (url.pathname === "/login/oauth/authorize") {
        const target = new URL(q.get("redirect_uri")!);
        target.searchParams.set("code", book.issue(fake.nextUser));
        target.searchParams.set("state", q.get("state") ?? "");
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }
      if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
        const form = new URLSearchParams(body);
        const redeemed = fake.failTokenExchange ? null : book.redeem(form.get("code"));
        if (!redeemed) return json(res, { error: "bad_verification_code" });
        return json(res, { access_token: redeemed.token, token_type: "bearer", scope: "read:user,user:email" });
      }
      const user = book.user(req.headers.authorization?.replace(/^Bearer /i, ""));
      if (url.pathname === "/user") {
        if (!user) return json(res, { message: "Bad credentials" }, 401);
        return json(res, { id: Number(user.id), login: user.nickname.toLowerCase().replace(/\W+/g, "-"), name: user.nickname, email: null, avatar_url: user.avatar });
      }
      if (url.pathname === "/user/emails") {
        if (!user) return json(res, { message: "Bad credentials" }, 401);
        return json(res, [{ email: user.email, primary: true, verified: true }]);
      }
      json(res, { message: "Not Found" }, 404);
    },
    { id: "4242", nickname: "Octo Tester", avatar: "https://example.com/gh.png", email: "octo@example.com" },
  );
}

export const GOOGLE_APP = { id: "google-test-client", secret: "google-test-secret" };

/** Google: an OpenID Connect issuer (discovery, JWKS, PKCE, nonce) from oauth2-mock-server. */
export async function startFakeGoogle(user: { email: string; name: string; picture: string }) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    token.payload.email = user.email;
    token.payload.email_verified = true;
    token.payload.name = user.name;
    token.payload.aud = GOOGLE_APP.id;
  });
  server.service.on("beforeUserinfo", (response: { body: Record<string, unknown> }) => {
    response.body = { sub: "johndoe", email: user.email, email_verified: true, name: user.name, picture: user.picture };
  });
  return {
    url: server.issuer.url!,
    stop: () => server.stop(),
  };
}

/** Environment that points a server at the fakes. */
export function providerEnv(fakes: { wechat?: FakeServer; douyin?: FakeServer; github?: FakeServer; googleUrl?: string }): Record<string, string> {
  return {
    ...(fakes.wechat
      ? { WECHAT_APP_ID: WECHAT_APP.id, WECHAT_APP_SECRET: WECHAT_APP.secret, WECHAT_API_BASE: fakes.wechat.url, WECHAT_OPEN_BASE: fakes.wechat.url }
      : {}),
    ...(fakes.douyin ? { DOUYIN_CLIENT_KEY: DOUYIN_APP.key, DOUYIN_CLIENT_SECRET: DOUYIN_APP.secret, DOUYIN_API_BASE: fakes.douyin.url } : {}),
    ...(fakes.github
      ? { GITHUB_CLIENT_ID: GITHUB_APP.id, GITHUB_CLIENT_SECRET: GITHUB_APP.secret, GITHUB_OAUTH_BASE: fakes.github.url, GITHUB_API_BASE: fakes.github.url }
      : {}),
    ...(fakes.googleUrl ? { GOOGLE_CLIENT_ID: GOOGLE_APP.id, GOOGLE_CLIENT_SECRET: GOOGLE_APP.secret, GOOGLE_ISSUER: fakes.googleUrl } : {}),
  };
}
