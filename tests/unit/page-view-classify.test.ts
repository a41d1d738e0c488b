import { describe, expect, it } from "vitest";
import { deviceClass, isBot, pageOf, referrerHost } from "~/.server/analytics/classify";

describe("what a page view records of a request", () => {
  it("maps documents and React Router data requests onto pages without their language prefix", () => {
    expect(pageOf("/")).toEqual({ path: "/", language: "us-en", tool: null });
    expect(pageOf("/_root.data")).toEqual({ path: "/", language: "us-en", tool: null });
    expect(pageOf("/ja.data")).toEqual({ path: "/", language: "ja", tool: null });
    expect(pageOf("/zh-CN/tool/chat%20gpt.data")).toEqual({ path: "/tool/chat%20gpt", language: "zh-CN", tool: "chat gpt" });
    // A case study is no tool: the dashboard ranks case studies from their paths.
    expect(pageOf("/case-study/acme/")).toEqual({ path: "/case-study/acme", language: "us-en", tool: null });
  });

  it("is no page for APIs, admin screens, feeds and files", () => {
    for (const path of ["/api/autocomplete", "/admin", "/admin/analytics.data", "/fr/admin", "/sitemap.xml", "/sitemap/2.xml", "/robots.txt", "/data/x.json", "/assets/a.js", "/favicon.ico", "/__manifest"]) {
      expect(pageOf(path), path).toBeNull();
    }
  });

  it("classifies devices, bots and referrers", () => {
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0")).toBe("desktop");
    expect(isBot("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).toBe(true);
    expect(isBot("")).toBe(true);
    expect(isBot("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36")).toBe(false);
    expect(referrerHost("https://www.Google.com/search?q=x", "aitools.example")).toBe("google.com");
    expect(referrerHost("https://aitools.example/tools", "aitools.example:443")).toBeNull();
    expect(referrerHost("android-app://com.x", "aitools.example")).toBeNull();
    expect(referrerHost("not a url", "aitools.example")).toBeNull();
  });
});
