import { describe, expect, it } from "vitest";
import { websiteHost, websiteKey } from "~/.server/submissions/url-key";

describe("website keys for duplicate checks", () => {
  it("ignores scheme, www, case of the host, default ports, trailing slashes, fragments and tracking parameters", () => {
    const same = [
      "https://acme.ai",
      "http://www.acme.ai/",
      "https://WWW.Acme.AI:443/#pricing",
      "https://acme.ai/?utm_source=x&utm_campaign=y&fbclid=z",
      "http://acme.ai:80/index.html",
    ];
    expect(new Set(same.map(websiteKey))).toEqual(new Set(["acme.ai"]));
  });

  it("keeps what tells sites apart: path, other ports, other hosts and meaningful parameters", () => {
    expect(websiteKey("https://acme.ai/writer/")).toBe("acme.ai/writer");
    expect(websiteKey("https://acme.ai:8080")).toBe("acme.ai:8080");
    expect(websiteKey("https://app.acme.ai")).toBe("app.acme.ai");
    expect(websiteKey("https://acme.ai/?b=2&a=1&ref=hn")).toBe("acme.ai?a=1&b=2");
    expect(websiteKey("ftp://acme.ai")).toBeNull();
    expect(websiteKey("not a url")).toBeNull();
    expect(websiteHost("https://www.acme.ai:8443/x")).toBe("acme.ai");
  });
});
