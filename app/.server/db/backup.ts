import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

/** Where `npm run backup` writes when no path is given (relative to the working directory). */
export const DEFAULT_BACKUP_DIR = "data/backups";

/** `directory-20261124T153012Z.db`: UTC, sortable by name, no characters a file system objects to. */
export function backupFileName(now: Date = new Date(), extension = "db"): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
  return `directory-${stamp}.${extension}`;
}

export class BackupError extends Error {}

/**
 * Copies a live SQLite database to `target` and checks the copy. The server may keep reading and writing
 * meanwhile: the copy is taken with SQLite's online backup API in a single step, which reads one snapshot
 * (in WAL mode writers are not blocked by it). Copied in the API's default small steps instead, every
 * write by another connection would restart the copy, and a busy server could keep it from ever finishing.
 *
 * The copy is written under a temporary name, switched to rollback-journal mode (one self-contained file,
 * no -wal/-shm beside it; the server turns WAL back on when it opens a restored copy), checked with
 * `PRAGMA integrity_check`, and only then renamed to `target`: a file under the final name is a good copy.
 */
export async function backupSqlite(source: string, target: string): Promise<{ path: string; pages: number }> {
  if (source === ":memory:") throw new BackupError("DATABASE_URL is an in-memory database: there is nothing to back up");
  if (!fs.existsSync(source)) throw new BackupError(`${source}: no such database file`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; backups are never overwritten`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });

  const db = new Database(source, { fileMustExist: true });
  let pages: number;
  try {
    db.pragma("busy_timeout = 5000");
    // The first step only sizes the copy; the number returned here is the page count of the next step.
    const result = await db.backup(partial, { progress: () => 0x7fffffff });
    pages = result.totalPages;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }

  const copy = new Database(partial, { fileMustExist: true });
  let problems: string[];
  try {
    copy.pragma("journal_mode = DELETE");
    problems = (copy.pragma("integrity_check") as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
  } finally {
    copy.close();
  }
  if (problems.length !== 1 || problems[0] !== "ok") {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`the copy failed PRAGMA integrity_check, so it was removed:\n  ${problems.slice(0, 10).join("\n  ")}`);
  }
  fs.renameSync(partial, target);
  return { path: target, pages };
}

/**
 * The pg_dump command for a PostgreSQL DATABASE_URL. The URL stays an environment reference, so the
 * password never lands in a terminal or a shell history.
 */
export function pgDumpCommand(file: string, schema?: string): string {
  const schemaOption = schema ? ` --schema=${schema}` : "";
  return `pg_dump --format=custom --no-owner${schemaOption} --file=${shellWord(file)} "$DATABASE_URL"`;
}

/** A path as one shell word (quoted only when it needs to be). */
function shellWord(value: string): string {
  return /^[\w./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
