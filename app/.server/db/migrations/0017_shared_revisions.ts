import type { Kysely } from "kysely";

/**
 * Counters every instance on one database reads to notice another's writes: `changeCatalog` counts up one
 * per scope of the change (`catalog` for tools, `figures` for their figures; the others by scope name,
 * upserted on first use: decision 0027). For changes the catalogue fingerprint's index maxima
 * cannot see: rating and favourite figures move without touching `updated_at`, and a writer's clock may
 * run behind. Figures have their own counter so other instances redo only what shows figures.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("shared_revisions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("revision", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shared_revisions").ifExists().execute();
}
