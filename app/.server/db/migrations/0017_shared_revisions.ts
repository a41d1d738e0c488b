import type { Kysely } from "kysely";

/**
 * Counters every instance on one database reads to notice another's writes: `catalogChanged` counts up
 * `catalog`, `toolFiguresChanged` counts up `figures`. For changes the catalogue fingerprint's index maxima
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
