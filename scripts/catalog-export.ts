// npm run catalog:export -- FILE.json|FILE.csv [--database URL]
// Writes every tool in the import format, so the file re-imports to the same catalogue.
import { parseArgs } from "node:util";
import { openDatabase } from "../app/.server/catalog/cli";
import { exportTools } from "../app/.server/catalog/export";
import { FileFormatError, writeToolFile } from "../app/.server/catalog/files";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { database: { type: "string" } } });
const file = positionals[0];
if (!file || positionals.length > 1 || !/\.(json|csv)$/i.test(file)) {
  console.error("usage: npm run catalog:export -- FILE.json|FILE.csv [--database URL]");
  process.exit(2);
}

const db = await openDatabase(values.database);
try {
  const tools = await exportTools(db);
  writeToolFile(file, tools);
  console.log(`Exported ${tools.length} tool(s) to ${file}.`);
} catch (error) {
  if (!(error instanceof FileFormatError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
