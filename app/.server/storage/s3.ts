import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { FileStorage } from "./index";
import { assertStorageKey, cacheControlOf, isStorageFolder, isStorageKey, keyOfUploadsPath, UPLOADS_PREFIX } from "./keys";
import type { S3StorageSettings } from "./settings";

type Sdk = typeof S3Sdk;
type S3Client = S3Sdk.S3Client;
let sdk: Promise<Sdk> | undefined;
/** The SDK is loaded on the first bucket request: a site on the local folder never pays for it. */
const loadSdk = (): Promise<Sdk> => (sdk ??= import("@aws-sdk/client-s3"));

export async function createS3Client(settings: S3StorageSettings): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 demands them: many S3-compatible servers do not understand the
    // checksum trailers the SDK sends by default, and every body here is a small buffer anyway.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that stops answering must not hold requests (or a start-up) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

/** S3 answers a missing key with 404 (HEAD: `NotFound`, GET: `NoSuchKey`). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.$metadata?.httpStatusCode === 404 || failure?.name === "NoSuchKey" || failure?.name === "NotFound";
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, s3rver), shared by every instance.
 * Objects are stored under their key as is, with the content type and cache lifetime the site would
 * send itself, so a bucket website or CDN in front of it (S3_PUBLIC_URL) answers like the site.
 */
export function s3Storage(settings: S3StorageSettings, client?: S3Client): FileStorage {
  const Bucket = settings.bucket;
  let ready: Promise<[Sdk, S3Client]> | undefined;
  const connect = () => (ready ??= Promise.all([loadSdk(), client ?? createS3Client(settings)]));
  const publicBase = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, "")}/` : null;
  const urlOf = (key: string) => (publicBase ?? UPLOADS_PREFIX) + key;
  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      const [{ PutObjectCommand }, s3] = await connect();
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControlOf(key) }));
      return urlOf(key);
    },
    urlOf,
    keyOf(url) {
      // `/uploads/<key>` too: the site keeps answering those from the bucket (URLs stored before
      // S3_PUBLIC_URL was set, the fixed default images).
      if (publicBase && url.startsWith(publicBase)) {
        const key = url.slice(publicBase.length);
        return isStorageKey(key) ? key : null;
      }
      return keyOfUploadsPath(url);
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      const [{ HeadObjectCommand }, s3] = await connect();
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      const [{ GetObjectCommand }, s3] = await connect();
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list(folder) {
      if (!isStorageFolder(folder)) throw new Error(`invalid storage folder: ${folder}`);
      const [{ ListObjectsV2Command }, s3] = await connect();
      const prefix = `${folder}/`;
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: "/", ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          if (name && isStorageKey(`${prefix}${name}`)) names.push(name);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    async remove(key) {
      assertStorageKey(key);
      const [{ DeleteObjectCommand }, s3] = await connect();
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
