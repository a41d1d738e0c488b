import ipaddr from "ipaddr.js";
import { z } from "zod";
import { DEFAULT_UPLOAD_DIR, resolveStorageSettings, StorageSettingsError, type StorageSettings } from "./storage/settings";

/**
 * All settings come from the environment, are validated once, and have a
 * working default for local use. `.env.example` documents every key.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** The PostgreSQL connection pool's size and how long unused connections stay open (0: until the process stops). */
export interface PostgresPool {
  max: number;
  idleSeconds: number;
}

/** The pool when nothing says otherwise (also for databases opened without the config: tests, scripts). */
export const DEFAULT_POSTGRES_POOL: PostgresPool = { max: 10, idleSeconds: 0 };

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^postgres(ql)?:\/\//i.test(v), {
        message: "must be a postgres:// URL, file:PATH or a file path",
      })
      .optional(),
  ),
  /** PostgreSQL connections the process keeps at most. */
  DATABASE_POOL_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(DEFAULT_POSTGRES_POOL.max)),
  /** Seconds an unused PostgreSQL connection stays open; 0: kept until the process stops. */
  DATABASE_POOL_IDLE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(86_400).default(DEFAULT_POSTGRES_POOL.idleSeconds)),
  /** PostgreSQL schema to use instead of public (tests run each in their own). */
  DATABASE_SCHEMA: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z_][a-z0-9_]*$/i).optional()),
  PUBLIC_URL: optionalUrl,
  /**
   * Which proxies may tell the client's address (X-Forwarded-For/-Host/-Proto): a hop count ("1") or a
   * comma-separated list of addresses and CIDR ranges. Unset: none, the socket's address counts.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^\d+$/.test(v.trim()) || v.split(",").every((part) => isAddressOrRange(part.trim())), {
        message: "must be a hop count or a comma-separated list of IP addresses / CIDR ranges",
      })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** Import the seed catalogue (seed/catalog) on start when the database has no tools. */
  /** How pages are delivered: "fast" (app/delivery's own path) or "stock" (React Router's documented one; app/delivery/mode.ts). */
  DELIVERY: z.preprocess(emptyToUndefined, z.enum(["fast", "stock"]).default("fast")),
  SEED_ON_START: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().default("hello@aitools.example")),
  UPLOAD_DIR: optionalString,
  // Object storage for uploads and drawn images (app/.server/storage). Unset: UPLOAD_DIR on this machine.
  STORAGE_URL: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1").optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  S3_PUBLIC_URL: optionalUrl,
  /** Catalogues up to this many tools ship the whole autocomplete index to the browser; larger ones ask the server. */
  AUTOCOMPLETE_INDEX_MAX_TOOLS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(2000)),
  /** Favourite and rating writes one signed-in user may make per minute (reads of their own state: four times this). */
  USER_WRITES_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(120)),
  // Sign-in (see README "Sign-in"). Providers without credentials are hidden.
  BETTER_AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("AI Tools Directory <no-reply@aitools.example>")),
  ADMIN_EMAILS: z.preprocess(emptyToUndefined, z.string().default("")),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default("https://accounts.google.com")),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_OAUTH_BASE: z.preprocess(emptyToUndefined, z.url().default("https://github.com")),
  GITHUB_API_BASE: z.preprocess(emptyToUndefined, z.url().default("https://api.github.com")),
  WECHAT_APP_ID: optionalString,
  WECHAT_APP_SECRET: optionalString,
  WECHAT_API_BASE: z.preprocess(emptyToUndefined, z.url().default("https://api.weixin.qq.com")),
  WECHAT_OPEN_BASE: z.preprocess(emptyToUndefined, z.url().default("https://open.weixin.qq.com")),
  DOUYIN_CLIENT_KEY: optionalString,
  DOUYIN_CLIENT_SECRET: optionalString,
  DOUYIN_API_BASE: z.preprocess(emptyToUndefined, z.url().default("https://open.douyin.com")),
  // AI generation for the submit form (any OpenAI-compatible chat API). Neither set: filled from the page itself.
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-4o-mini")),
  LLM_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(120_000).default(30_000)),
  /** Hosts (`host` or `host:port`) the website fetcher may reach despite private addresses or other ports. Tests only. */
  FETCH_ALLOW_HOSTS: z.preprocess(emptyToUndefined, z.string().default("")),
  // Reviews and reports (app/.server/reviews, app/.server/reports).
  /** Which reviews wait for an administrator: `links-and-new` (reviews with links, or from accounts younger than REVIEW_NEW_ACCOUNT_HOURS), `all`, `none`. */
  REVIEW_APPROVAL: z.preprocess(emptyToUndefined, z.enum(["links-and-new", "all", "none"]).default("links-and-new")),
  REVIEW_NEW_ACCOUNT_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(24 * 365).default(24)),
  /** Reports one address (or account) may file per hour. */
  REPORTS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  // Link health (app/.server/link-health): every published website visited once per interval, spread over it.
  LINK_CHECK: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
  LINK_CHECK_INTERVAL_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(24 * 30).default(24)),
  LINK_CHECK_TICK_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(60_000)),
  LINK_CHECK_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(15_000)),
  // Website screenshots (app/.server/screenshots): headless Chromium behind the fetcher's guard; off without Chromium.
  SCREENSHOTS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
  CHROMIUM_PATH: z.preprocess(emptyToUndefined, z.string().default("/usr/bin/chromium")),
  SCREENSHOT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2000).max(120_000).default(20_000)),
  SCREENSHOT_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100_000).max(200_000_000).default(15_000_000)),
  // Trends page (app/.server/trends): sources fetched in the background, never on a request.
  /** Public API v1: requests per window for one address without a key, and for one API key. */
  API_RATE_LIMIT_ANONYMOUS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(60)),
  API_RATE_LIMIT_KEY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(600)),
  API_RATE_WINDOW_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(60)),
  /** Newsletter (needs SMTP_URL): the weekly digest goes out from Monday at this hour (UTC), in batches of this size. */
  NEWSLETTER_SEND_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(23).default(8)),
  NEWSLETTER_BATCH_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(100)),
  NEWSLETTER_CHECK_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(600_000)),
  TRENDS_REFRESH: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
  TRENDS_REFRESH_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(1_800_000)),
  TRENDS_FETCH_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(15_000)),
  TRENDS_GITHUB_BASE: z.preprocess(emptyToUndefined, z.url().default("https://github.com")),
  TRENDS_PRODUCTHUNT_API_BASE: z.preprocess(emptyToUndefined, z.url().default("https://api.producthunt.com")),
  TRENDS_PRODUCTHUNT_SITE_BASE: z.preprocess(emptyToUndefined, z.url().default("https://www.producthunt.com")),
  PRODUCTHUNT_TOKEN: optionalString,
  // Page-view analytics (app/.server/analytics): off records nothing.
  ANALYTICS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
  ANALYTICS_FLUSH_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(50).max(60_000).default(2000)),
  ANALYTICS_ROLLUP_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(200).max(3_600_000).default(60_000)),
  // The advertise page's audience banner (registered users, favourites, page views of the last 30 days) shows
  // only once every figure reaches its threshold; until then the page shows its service cards alone.
  ADVERTISE_MIN_USERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(200)),
  ADVERTISE_MIN_FAVORITES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(200)),
  ADVERTISE_MIN_PAGE_VIEWS_30D: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10_000)),
  // HTTP server timeouts (server.js): a client that sends its request slowly, or never, cannot hold a connection for ever.
  /** Time a client has to send the request's headers, from connecting (or from the request's first byte on a kept-alive connection). */
  HTTP_HEADERS_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(600_000).default(15_000)),
  /** Time a client has to send the whole request, headers and body (image uploads are up to 10 MB). */
  HTTP_REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(3_600_000).default(60_000)),
  /**
   * A request body that stops arriving (a declared Content-Length never sent) is given up after this long
   * without a byte: 408 and the connection closed, instead of holding it until HTTP_REQUEST_TIMEOUT_MS.
   */
  HTTP_BODY_IDLE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(500).max(600_000).default(5_000)),
  /** An idle kept-alive connection is closed after this long; behind a load balancer, make it longer than the balancer's idle timeout. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(600_000).default(5_000)),
  /** `/metrics` on the site's port answers a bearer of this token (docs/deploy.md); unset: not served there. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  /** A separate listener that serves only `/metrics`, without a token (for a scraper on a private network). */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
  /** The separate listener's address: loopback unless the scraper is elsewhere. */
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  /** Open connections past this many are closed on arrival; 0: no cap (the file descriptor limit is the cap). */
  HTTP_MAX_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
});

function isAddressOrRange(value: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(value)) return true;
  return value.includes("/") ? ipaddr.isValidCIDR(value) : ipaddr.isValid(value);
}

export type Config = z.infer<typeof envSchema> & {
  /** Express's "trust proxy" value: false (default), a hop count, or the trusted addresses and ranges. */
  trustProxy: false | number | string[];
  database: { kind: "sqlite"; path: string } | { kind: "postgres"; url: string; pool?: PostgresPool };
  publicUrl: string;
  isProduction: boolean;
  uploadDir: string;
  /** Where uploads and drawn images are kept: UPLOAD_DIR, or an S3-compatible bucket. */
  storage: StorageSettings;
  /** Session signing secret; a fixed development value unless production. */
  authSecret: string;
  adminEmails: string[];
  fetchAllowHosts: string[];
};

/** Used only outside production, so a fresh checkout signs in with no setup. */
const DEVELOPMENT_AUTH_SECRET = "development-only-secret-change-me-0123456789";

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(env[name] ?? "")}: ${issue?.message}`);
  }
  const values = result.data;
  let storage: StorageSettings;
  try {
    storage = resolveStorageSettings(values);
  } catch (error) {
    if (!(error instanceof StorageSettingsError)) throw error;
    // Without the value: STORAGE_URL may carry the bucket's secret.
    throw new ConfigError(`Invalid environment variable ${error.variable}: ${error.message}`);
  }
  // Node refuses a headers timeout longer than the request timeout (the headers are part of the request).
  if (values.HTTP_HEADERS_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable HTTP_HEADERS_TIMEOUT_MS=${JSON.stringify(env.HTTP_HEADERS_TIMEOUT_MS ?? String(values.HTTP_HEADERS_TIMEOUT_MS))}: must not exceed HTTP_REQUEST_TIMEOUT_MS (${values.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  // Unset, the body timeout follows a shorter request timeout; set past it, it is a mistake worth naming.
  if (values.HTTP_BODY_IDLE_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS && emptyToUndefined(env.HTTP_BODY_IDLE_TIMEOUT_MS) === undefined) {
    values.HTTP_BODY_IDLE_TIMEOUT_MS = values.HTTP_REQUEST_TIMEOUT_MS;
  }
  if (values.HTTP_BODY_IDLE_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable HTTP_BODY_IDLE_TIMEOUT_MS=${JSON.stringify(env.HTTP_BODY_IDLE_TIMEOUT_MS ?? String(values.HTTP_BODY_IDLE_TIMEOUT_MS))}: must not exceed HTTP_REQUEST_TIMEOUT_MS (${values.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  if (values.NODE_ENV === "production" && !values.BETTER_AUTH_SECRET) {
    throw new ConfigError("BETTER_AUTH_SECRET is required in production: set it to a random string of at least 32 characters");
  }
  return {
    ...values,
    database: resolveDatabase(values.DATABASE_URL, { max: values.DATABASE_POOL_MAX, idleSeconds: values.DATABASE_POOL_IDLE_SECONDS }),
    trustProxy: trustProxyOf(values.TRUST_PROXY),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    isProduction: values.NODE_ENV === "production",
    uploadDir: values.UPLOAD_DIR ?? DEFAULT_UPLOAD_DIR,
    storage,
    authSecret: values.BETTER_AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    adminEmails: values.ADMIN_EMAILS.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean),
    fetchAllowHosts: values.FETCH_ALLOW_HOSTS.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
  };
}

function trustProxyOf(value: string | undefined): Config["trustProxy"] {
  if (!value) return false;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) || false;
  return value.split(",").map((part) => part.trim()).filter(Boolean);
}

function resolveDatabase(url: string | undefined, pool: PostgresPool): Config["database"] {
  if (!url) return { kind: "sqlite", path: "data/directory.db" };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", url, pool };
  return { kind: "sqlite", path: url.replace(/^file:(\/\/)?/i, "") };
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
