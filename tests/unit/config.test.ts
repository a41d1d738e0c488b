import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";

describe("configuration", () => {
  it("works with no variables at all", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", path: "data/directory.db" });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });
  it("chooses the database from DATABASE_URL", () => {
    expect(parseConfig({ DATABASE_URL: "file:/tmp/x.db" }).database).toEqual({ kind: "sqlite", path: "/tmp/x.db" });
    expect(parseConfig({ DATABASE_URL: "data/other.db" }).database).toEqual({ kind: "sqlite", path: "data/other.db" });
    expect(parseConfig({ DATABASE_URL: "postgres://u@h/db" }).database).toEqual({ kind: "postgres", url: "postgres://u@h/db" });
  });
  it("names the variable when a value is bad", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
  it("has HTTP timeouts by default and refuses a headers timeout past the request timeout", () => {
    const config = parseConfig({});
    expect([config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS, config.HTTP_KEEP_ALIVE_TIMEOUT_MS, config.HTTP_MAX_CONNECTIONS]).toEqual([15_000, 60_000, 5_000, 0]);
    expect(parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "2000" }).HTTP_HEADERS_TIMEOUT_MS).toBe(2000);
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "0" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "90000" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS.*HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => parseConfig({ HTTP_MAX_CONNECTIONS: "-1" })).toThrow(/HTTP_MAX_CONNECTIONS/);
  });
  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(parseConfig({ PUBLIC_URL: "https://example.com/" }).publicUrl).toBe("https://example.com");
  });
});
