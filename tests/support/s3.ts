import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageSettings } from "~/.server/storage/settings";

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  settings: S3StorageSettings;
  /** Environment that points a server process at this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials (it checks signatures made with them). */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** An S3-compatible server on a free loopback port, keeping its objects in a temporary folder. */
export async function startS3(bucket = "directory-images"): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "directory-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: { driver: "s3", bucket, region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS },
    env: {
      STORAGE_URL: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
