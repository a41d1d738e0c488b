// npm run backup [-- PATH]: a consistent copy of the configured SQLite database, taken while the server may
// be running, into data/backups/directory-<UTC time>.db or PATH; checked with PRAGMA integrity_check, then
// its path is printed. For a PostgreSQL DATABASE_URL it prints the pg_dump command to run instead and exits
// with status 2, so a scheduled job notices that nothing was written. Restoring: docs/deploy.md.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../app/.server/config";
import { backupFileName, backupSqlite, DEFAULT_BACKUP_DIR, pgDumpCommand } from "../app/.server/db/backup";

const USAGE = "usage: npm run backup [-- PATH]   (default PATH: data/backups/directory-<UTC time>.db)";

let target: string | undefined;
try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  target = positionals[0];
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(1);
}

try {
  const config = parseConfig(process.env);
  if (config.database.kind === "postgres") {
    const file = target ?? path.join(DEFAULT_BACKUP_DIR, backupFileName(new Date(), "dump"));
    // pg_dump does not create folders: the printed command should work as it is.
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    console.error("DATABASE_URL is PostgreSQL: this command copies SQLite only. Back PostgreSQL up with pg_dump:");
    console.log(pgDumpCommand(file, config.DATABASE_SCHEMA));
    console.error("Restoring: docs/deploy.md, \"Backups and restore\".");
    process.exit(2);
  }
  const { path: written } = await backupSqlite(config.database.path, target ?? path.join(DEFAULT_BACKUP_DIR, backupFileName()));
  console.log(written);
} catch (error) {
  // Expected failures (no file, target exists, bad copy) and SQLite's own errors: one line, no stack.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
