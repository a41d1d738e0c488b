import cliProgress from "cli-progress";
import { parseConfig } from "../config";
import { createDatabase, migrateToLatest, type DB } from "../db";
import { createStorage, type FileStorage } from "../storage";

/** Shared plumbing of the catalogue commands (scripts/catalog-*.ts). */

/** The configured database, or the one `--database URL` names (same syntax as DATABASE_URL). */
export async function openDatabase(url?: string): Promise<DB> {
  const config = parseConfig(url ? { ...process.env, DATABASE_URL: url } : process.env);
  const db = createDatabase({ database: config.database, pgSchema: config.DATABASE_SCHEMA });
  await migrateToLatest(db);
  return db;
}

/** Where the commands put drawn images: the configured storage (UPLOAD_DIR, or the bucket STORAGE_URL names). */
export function imageStorage(): FileStorage {
  return createStorage(parseConfig(process.env).storage);
}

/** A progress bar on stderr (silent when stderr is not a terminal, e.g. in CI logs). */
export function progressBar(label: string): { start(total: number): void; tick(): void; stop(): void } {
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    start(total) {
      bar.start(total, 0);
      started = true;
    },
    tick() {
      if (started) bar.increment();
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
