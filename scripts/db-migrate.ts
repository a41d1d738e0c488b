import { closeDb, getDb, migrateToLatest } from "../app/.server/db";

const { results = [] } = await migrateToLatest(getDb());
for (const r of results) console.log(`${r.status}: ${r.migrationName}`);
if (results.length === 0) console.log("Database is up to date.");
await closeDb();
