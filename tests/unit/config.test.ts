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
    expect(parseConfig({ DATABASE_URL: "postgres://u@h/db" }).database).toEqual({ kind: "postgres", url: "postgres://u@h/db", pool: { max: 10, idleSeconds: 0 } });
    expect(parseConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOL_MAX: "4", DATABASE_POOL_IDLE_SECONDS: "30" }).database).toMatchObject({ pool: { max: 4, idleSeconds: 30 } });
    expect(() => parseConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
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
  it("gives up a stalled request body after 5 s by default, and checks the setting", () => {
    expect(parseConfig({}).HTTP_BODY_IDLE_TIMEOUT_MS).toBe(5_000);
    expect(parseConfig({ HTTP_BODY_IDLE_TIMEOUT_MS: "1500" }).HTTP_BODY_IDLE_TIMEOUT_MS).toBe(1500);
    expect(() => parseConfig({ HTTP_BODY_IDLE_TIMEOUT_MS: "100" })).toThrow(/HTTP_BODY_IDLE_TIMEOUT_MS/);
    expect(() => parseConfig({ HTTP_BODY_IDLE_TIMEOUT_MS: "soon" })).toThrow(/HTTP_BODY_IDLE_TIMEOUT_MS/);
    expect(() => parseConfig({ HTTP_BODY_IDLE_TIMEOUT_MS: "90000" })).toThrow(/HTTP_BODY_IDLE_TIMEOUT_MS.*HTTP_REQUEST_TIMEOUT_MS/);
    // Unset, it follows a shorter request timeout.
    expect(parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "2000" }).HTTP_BODY_IDLE_TIMEOUT_MS).toBe(2000);
  });

  it("delivers pages the fast way unless DELIVERY=stock, and names a bad value", () => {
    expect(parseConfig({}).DELIVERY).toBe("fast");
    expect(parseConfig({ DELIVERY: "" }).DELIVERY).toBe("fast");
    expect(parseConfig({ DELIVERY: "stock" }).DELIVERY).toBe("stock");
    expect(() => parseConfig({ DELIVERY: "slow" })).toThrow(/DELIVERY/);
  });
  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(parseConfig({ PUBLIC_URL: "https://example.com/" }).publicUrl).toBe("https://example.com");
  });
});

describe("storage configuration", () => {
  it("keeps images in UPLOAD_DIR unless a bucket is named", () => {
    expect(parseConfig({}).storage).toEqual({ driver: "local", dir: "public/uploads" });
    expect(parseConfig({ UPLOAD_DIR: "/srv/images" }).storage).toEqual({ driver: "local", dir: "/srv/images" });
  });

  it("reads a bucket from STORAGE_URL, with path-style addresses by default for a self-hosted endpoint", () => {
    expect(parseConfig({ STORAGE_URL: "s3://site-images?endpoint=http://127.0.0.1:9000/&region=eu-west-1" }).storage).toEqual({
      driver: "s3",
      bucket: "site-images",
      region: "eu-west-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
    expect(parseConfig({ STORAGE_URL: "s3://KEY%2F1:se%2Fcret@site-images?forcePathStyle=false&publicUrl=https://cdn.example/img/" }).storage).toEqual({
      driver: "s3",
      bucket: "site-images",
      region: "us-east-1",
      forcePathStyle: false,
      credentials: { accessKeyId: "KEY/1", secretAccessKey: "se/cret" },
      publicUrl: "https://cdn.example/img",
    });
  });

  it("takes S3_* variables alone or over the same part of STORAGE_URL", () => {
    expect(parseConfig({ S3_BUCKET: "images", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" }).storage).toEqual({
      driver: "s3",
      bucket: "images",
      region: "us-east-1",
      forcePathStyle: false,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
    const storage = parseConfig({ STORAGE_URL: "s3://images?region=eu-west-1&endpoint=http://a.example", S3_REGION: "ap-south-1", S3_FORCE_PATH_STYLE: "false", S3_PUBLIC_URL: "https://img.example" }).storage;
    expect(storage).toMatchObject({ bucket: "images", region: "ap-south-1", endpoint: "http://a.example", forcePathStyle: false, publicUrl: "https://img.example" });
  });

  it("names the variable of a bad storage setting, without printing a secret", () => {
    expect(() => parseConfig({ STORAGE_URL: "https://bucket" })).toThrow(/STORAGE_URL.*s3:\/\//);
    expect(() => parseConfig({ STORAGE_URL: "s3://Bad_Bucket" })).toThrow(/STORAGE_URL/);
    expect(() => parseConfig({ STORAGE_URL: "s3://images/prefix" })).toThrow(/STORAGE_URL.*path/);
    expect(() => parseConfig({ STORAGE_URL: "s3://images?endpont=http://x" })).toThrow(/unknown option "endpont"/);
    expect(() => parseConfig({ STORAGE_URL: "s3://images?forcePathStyle=yes" })).toThrow(/STORAGE_URL must be true or false/);
    expect(() => parseConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET/);
    expect(() => parseConfig({ S3_BUCKET: "images", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseConfig({ S3_BUCKET: "images", S3_FORCE_PATH_STYLE: "1" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseConfig({ S3_BUCKET: "images", S3_PUBLIC_URL: "cdn.example" })).toThrow(/S3_PUBLIC_URL/);
    let message = "";
    try {
      parseConfig({ STORAGE_URL: "s3://id:hunter2@images?nope=1" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/STORAGE_URL/);
    expect(message).not.toContain("hunter2");
  });
});
