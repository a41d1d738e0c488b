import type { RoleMatrixEntry } from "./types";

/**
 * Stored images at /uploads/<key>: server.js answers the local UPLOAD_DIR, the app (server/uploads.ts)
 * a bucket; both the same way. A key of another shape or nothing stored is a 404 for everyone. The
 * same rows run against the S3 driver in tests/integration/storage-s3.test.ts and
 * tests/e2e/two-instances.test.ts.
 */
const everyone = (path: string, status: number): RoleMatrixEntry => ({ route: "/uploads/*", method: "GET", path, visitor: status, user: status, admin: status });

export default [
  everyone("/uploads/defaults/logo.png", 200),
  everyone("/uploads/submissions/img-0000000000.png", 404),
  everyone("/uploads/submissions/not-an-image.svg", 404),
  everyone("/uploads/Tools/UPPER/logo.png", 404),
] satisfies RoleMatrixEntry[];
