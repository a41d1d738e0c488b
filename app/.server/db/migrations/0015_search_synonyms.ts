import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The search synonym list (`seed/catalog/synonyms.json`, imported by the catalogue import path): one row
 * per group of words that mean the same, as a JSON list. `updated_at` lets other processes notice edits
 * through the catalogue fingerprint.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("search_synonyms");
  const withId = dialectOf(db) === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await withId
    .addColumn("terms", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_synonyms_updated_idx").on("search_synonyms").column("updated_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("search_synonyms").ifExists().execute();
}
