import type BetterSqlite3 from "better-sqlite3";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { getLogger } from "../logger";

/**
 * SQLite's WAL checkpoints, off the main thread. By default the connection that commits past 1,000 pages of
 * WAL copies them into the database file and syncs it, inside that commit: on the server that is the main
 * thread, and every request waits 20-100 ms (more when the disk is busy) for a rating or an approval that
 * happened to cross the line. Here the main connection never checkpoints; a worker thread with its own
 * connection runs a PASSIVE checkpoint (it never waits on readers or writers) every second. Should the worker
 * fail, the main connection checkpoints itself again, as before.
 */
const CHECKPOINT_EVERY_MS = 1000;
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy or locked: the next turn tries again.
  }
}, workerData.everyMs);
`;

/** Moves `sqlite`'s checkpoints to a worker; returns what stops it (with the database). */
export function checkpointInBackground(sqlite: BetterSqlite3.Database, file: string): () => void {
  sqlite.pragma("wal_autocheckpoint = 0");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve("better-sqlite3"), file, everyMs: CHECKPOINT_EVERY_MS },
  });
  // It never keeps a process alive: a command ends, and closing the last connection checkpoints anyway.
  worker.unref();
  let stopped = false;
  const fallBack = (reason: string) => {
    if (stopped) return;
    stopped = true;
    getLogger().warn({ reason }, "SQLite checkpoints run on the main connection again: the checkpoint worker stopped");
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  worker.on("error", (error) => fallBack(error.message));
  worker.on("exit", (code) => fallBack(`exit ${code}`));
  return () => {
    stopped = true;
    void worker.terminate();
  };
}
