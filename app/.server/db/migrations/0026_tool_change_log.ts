import type { Kysely } from "kysely";

/**
 * Which tools a count-up of the tools' shared revision changed (decision 0040): written in one transaction with
 * the count-up, so another instance that sees the revision move can also read which tools moved and patch its
 * search index and list orders for them instead of rebuilding from every tool. A revision without rows (a
 * large import) means "rebuild". Rows older than the last few thousand revisions are deleted by the writers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tool_changes")
    .addColumn("revision", "bigint", (c) => c.notNull())
    .addColumn("tool_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_changes_pk", ["revision", "tool_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tool_changes").ifExists().execute();
}
