import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";
import { douyinAuthorizeUrl, wechatQrUrl } from "~/.server/auth/qr-providers";
import { displayNameOf, isPlaceholderEmail, toLoginType } from "~/.server/auth/users";
import { safeReturnPath } from "~/lib/return-to";

describe("return paths after sign-in", () => {
  it("keeps same-origin paths only", () => {
    expect(safeReturnPath("/de/tools?search=chat")).toBe("/de/tools?search=chat");
    expect(safeReturnPath("//evil.example/x")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath("https://evil.example")).toBe("/");
    expect(safeReturnPath("/ok\nSet-Cookie: x")).toBe("/");
    expect(safeReturnPath(undefined, "/admin")).toBe("/admin");
  });
});

describe("session user", () => {
  it("falls back from the profile name to the account name, the e-mail, then 'User'", () => {
    expect(displayNameOf({ name: "Ann", email: "a@x.io" }, "Annie")).toBe("Annie");
    expect(displayNameOf({ name: "Ann", email: "a@x.io" }, null)).toBe("Ann");
    expect(displayNameOf({ name: " ", email: "a@x.io" }, "")).toBe("a@x.io");
    expect(displayNameOf({ name: "", email: "wechat-1@users.invalid" }, null)).toBe("User");
    expect(isPlaceholderEmail("douyin-abc@users.invalid")).toBe(true);
  });
  it("maps sign-in methods onto the spec's login types", () => {
    expect(toLoginType("magic-link")).toBe("email");
    expect(toLoginType("github")).toBe("github");
    expect(toLoginType("wechat")).toBe("wechat");
    expect(toLoginType(null)).toBe("email");
  });
});

describe("QR authorize URLs", () => {
  it("asks WeChat for snsapi_login with the server's state", () => {
    const url = new URL(wechatQrUrl({ appId: "wx1", appSecret: "s", apiBase: "https://api.weixin.qq.com", openBase: "https://open.weixin.qq.com" }, "https://site/auth/wechat/callback", "wechat_login_abc"));
    expect(url.origin + url.pathname).toBe("https://open.weixin.qq.com/connect/qrconnect");
    expect(url.searchParams.get("scope")).toBe("snsapi_login");
    expect(url.searchParams.get("state")).toBe("wechat_login_abc");
    expect(url.searchParams.get("appid")).toBe("wx1");
    expect(url.searchParams.has("secret")).toBe(false);
  });
  it("builds Douyin's authorize URL with client_key, response_type=code and scope=user_info", () => {
    const url = new URL(douyinAuthorizeUrl({ clientKey: "k", clientSecret: "s", apiBase: "https://open.douyin.com" }, "https://site/auth/douyin/callback", "douyin_login_1"));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: "k",
      redirect_uri: "https://site/auth/douyin/callback",
      response_type: "code",
      scope: "user_info",
      state: "douyin_login_1",
    });
  });
});

describe("sign-in settings", () => {
  it("requires BETTER_AUTH_SECRET in production and explains it", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/BETTER_AUTH_SECRET is required in production/);
    expect(parseConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(32) }).authSecret).toBe("x".repeat(32));
    expect(parseConfig({}).authSecret.length).toBeGreaterThanOrEqual(32);
    expect(() => parseConfig({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET/);
  });
  it("reads ADMIN_EMAILS as a lower-cased list", () => {
    expect(parseConfig({ ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com" }).adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
  });
});
