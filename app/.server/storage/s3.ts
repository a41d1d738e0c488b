import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { FileStorage } from "./index";
import { assertStorageKey, cacheControlOf, isStorageFolder, isStorageKey, keyOfUploadsPath, UPLOADS_PREFIX } from "./keys";
import type { S3StorageSettings } from "./settings";

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, s3rver), shared by every instance.
 * Objects are stored under their key as is, with the content type and cache lifetime the site would
 * send itself, so a bucket website or CDN in front of it (S3_PUBLIC_URL) answers like the site.
 */
export function createS3Client(settings: S3StorageSettings): S3Client {
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

export function s3Storage(settings: S3StorageSettings, client: S3Client = createS3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  const publicBase = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, "")}/` : null;
  const urlOf = (key: string) => (publicBase ?? UPLOADS_PREFIX) + key;
  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControlOf(key) }));
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
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
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
      const prefix = `${folder}/`;
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: "/", ContinuationToken }));
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
