// npm run db:seed [-- --dir seed/catalog]: migrates, then upserts the seed catalogue.
// Idempotent: a second run reports everything unchanged. Exit code 1 when a row was rejected.
import { parseArgs } from "node:util";
import { imageStorage } from "../app/.server/catalog/cli";
import { formatRowIssue } from "../app/.server/catalog/schemas";
import { DEFAULT_SEED_DIR, seedCatalog, summarizeSeed } from "../app/.server/catalog/seed";
import { closeDb, getDb, migrateToLatest } from "../app/.server/db";

const { values } = parseArgs({ options: { dir: { type: "string", default: DEFAULT_SEED_DIR } } });
await migrateToLatest(getDb());
const report = await seedCatalog(getDb(), { dir: values.dir, storage: imageStorage() });
for (const line of summarizeSeed(report)) console.log(line);
for (const issue of report.issues) console.error(`  ${formatRowIssue(issue)}`);
process.exitCode = report.issues.length ? 1 : 0;
await closeDb();
