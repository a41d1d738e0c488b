/**
 * Which object storage the configuration asks for: the local UPLOAD_DIR (the default) or an
 * S3-compatible bucket, named by STORAGE_URL (`s3://[KEY:SECRET@]bucket?endpoint=…&region=…&
 * forcePathStyle=true&publicUrl=…`) and/or the S3_* variables. An S3_* variable, when set, wins over
 * the same part of STORAGE_URL, so secrets can stay out of the URL. Parsed once by `parseConfig`;
 * a bad value throws a `StorageSettingsError` naming the variable.
 */
export type StorageSettings = LocalStorageSettings | S3StorageSettings;

export interface LocalStorageSettings {
  driver: "local";
  /** Folder the files live in (UPLOAD_DIR), served by server.js at /uploads. */
  dir: string;
}

export interface S3StorageSettings {
  driver: "s3";
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set for MinIO, R2, Ceph, s3rver and the like. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, instance roles, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Unset: the site answers /uploads/<key> from the bucket; set: URLs point here (bucket website or CDN). */
  publicUrl?: string;
}

export interface StorageEnv {
  UPLOAD_DIR?: string;
  STORAGE_URL?: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: "true" | "false";
  S3_PUBLIC_URL?: string;
}

export class StorageSettingsError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_UPLOAD_DIR = "public/uploads";
export const DEFAULT_S3_REGION = "us-east-1";
/** S3's own rule for bucket names that also work in virtual-hosted addresses. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const URL_OPTIONS = new Set(["endpoint", "region", "forcePathStyle", "publicUrl"]);

export function isBucketName(value: string): boolean {
  return BUCKET_NAME.test(value) && !value.includes("..");
}

function httpUrl(variable: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new StorageSettingsError(variable, `${variable} must be an http(s) URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new StorageSettingsError(variable, `${variable} must be an http(s) URL`);
  return value.replace(/\/+$/, "");
}

function flag(variable: string, value: string): boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new StorageSettingsError(variable, `${variable} must be true or false`);
}

type UrlParts = Partial<Omit<S3StorageSettings, "driver" | "credentials">> & { accessKeyId?: string; secretAccessKey?: string };

/** `s3://KEY:SECRET@bucket?endpoint=...` into its parts; anything else it could say is refused, so a typo is never ignored. */
function parseStorageUrl(value: string): UrlParts {
  const problem = (detail: string) => new StorageSettingsError("STORAGE_URL", `STORAGE_URL ${detail} (expected s3://bucket?endpoint=…&region=…&forcePathStyle=true&publicUrl=…)`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw problem("is not a URL");
  }
  if (url.protocol !== "s3:") throw problem("must start with s3://");
  if (!isBucketName(url.hostname)) throw problem(`names no valid bucket ("${url.hostname}")`);
  if (url.port || (url.pathname && url.pathname !== "/")) throw problem("must name only a bucket, without a port or a path");
  const parts: UrlParts = { bucket: url.hostname };
  if (url.username || url.password) {
    if (!url.username || !url.password) throw problem("must carry both an access key and a secret, or neither");
    parts.accessKeyId = decodeURIComponent(url.username);
    parts.secretAccessKey = decodeURIComponent(url.password);
  }
  for (const [name, option] of url.searchParams) {
    if (!URL_OPTIONS.has(name)) throw problem(`has an unknown option "${name}"`);
    if (name === "endpoint") parts.endpoint = httpUrl("STORAGE_URL", option);
    else if (name === "region") parts.region = option;
    else if (name === "forcePathStyle") parts.forcePathStyle = flag("STORAGE_URL", option);
    else parts.publicUrl = httpUrl("STORAGE_URL", option);
  }
  return parts;
}

export function resolveStorageSettings(env: StorageEnv): StorageSettings {
  const s3Variables = (["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_PUBLIC_URL"] as const).filter(
    (name) => env[name] !== undefined,
  );
  if (!env.STORAGE_URL && s3Variables.length === 0) return { driver: "local", dir: env.UPLOAD_DIR ?? DEFAULT_UPLOAD_DIR };
  const fromUrl = env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : {};
  const bucket = env.S3_BUCKET ?? fromUrl.bucket;
  if (!bucket) {
    throw new StorageSettingsError("S3_BUCKET", `${s3Variables[0]} is set but no bucket is named: set S3_BUCKET or STORAGE_URL=s3://bucket`);
  }
  if (!isBucketName(bucket)) throw new StorageSettingsError("S3_BUCKET", "S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)");
  const endpoint = env.S3_ENDPOINT !== undefined ? httpUrl("S3_ENDPOINT", env.S3_ENDPOINT) : fromUrl.endpoint;
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? fromUrl.accessKeyId;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? fromUrl.secretAccessKey;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    const missing = accessKeyId ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new StorageSettingsError(missing, `${missing} is needed too: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither`);
  }
  return {
    driver: "s3",
    bucket,
    region: env.S3_REGION ?? fromUrl.region ?? DEFAULT_S3_REGION,
    ...(endpoint ? { endpoint } : {}),
    // Self-hosted S3 servers rarely have a DNS name per bucket: path-style addresses are their default.
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== undefined ? env.S3_FORCE_PATH_STYLE === "true" : (fromUrl.forcePathStyle ?? Boolean(endpoint)),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    ...(env.S3_PUBLIC_URL !== undefined ? { publicUrl: httpUrl("S3_PUBLIC_URL", env.S3_PUBLIC_URL) } : fromUrl.publicUrl ? { publicUrl: fromUrl.publicUrl } : {}),
  };
}
