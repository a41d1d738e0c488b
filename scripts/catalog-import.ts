// npm run catalog:import -- FILE [--database URL]
// Upserts tools by slug from a JSON array or CSV (docs/catalog-import.md). Bad rows are
// listed with their line and reason and skipped; the exit code is 1 when any row was bad.
// A file named synonyms.json replaces the search synonym list instead (seed/catalog/FORMAT.md).
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, progressBar, imageStorage } from "../app/.server/catalog/cli";
import { FileFormatError } from "../app/.server/catalog/files";
import { createImageStore } from "../app/.server/catalog/images";
import { formatRowIssue } from "../app/.server/catalog/schemas";
import { importSynonymFile, importToolFile } from "../app/.server/catalog/seed";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { database: { type: "string" } } });
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error("usage: npm run catalog:import -- FILE.json|FILE.csv [--database URL]");
  process.exit(2);
}

const db = await openDatabase(values.database);
try {
  if (path.basename(file) === "synonyms.json") {
    const { groups, changed, issues } = await importSynonymFile(db, file);
    console.log(`${groups} synonym group(s): ${changed ? "list replaced" : "unchanged"}, ${issues.length} rejected.`);
    for (const issue of issues) console.error(`  ${formatRowIssue(issue)}`);
    process.exitCode = issues.length ? 1 : 0;
  } else {
    await importTools();
  }
} catch (error) {
  if (!(error instanceof FileFormatError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await db.destroy();
}

async function importTools(): Promise<void> {
  const bar = progressBar("Importing");
  try {
    const { counts, issues, total } = await importToolFile(db, file!, {
      images: createImageStore(imageStorage()),
      onTotal: (n) => bar.start(n),
      onRow: () => bar.tick(),
    });
    bar.stop();
    console.log(`${total} row(s): ${counts.inserted} new, ${counts.updated} changed, ${counts.unchanged} unchanged, ${issues.length} rejected.`);
    for (const issue of issues) console.error(`  ${formatRowIssue(issue)}`);
    process.exitCode = issues.length ? 1 : 0;
  } finally {
    bar.stop();
  }
}
