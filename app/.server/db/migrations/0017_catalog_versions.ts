import type { Kysely } from "kysely";

/**
 * Change counters other processes read through the catalogue fingerprint. `figures` moves with every
 * rating and counted favourite (in the writer's transaction): those change cards, detail figures and the
 * rating order, but no text, so another instance drops its page and list caches without rebuilding its
 * search index. Timestamps would not do: a removed rating leaves no newer row behind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalog_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("catalog_versions").values({ name: "figures", version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalog_versions").ifExists().execute();
}
