import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * One append-only table for every administrator action (review decisions,
 * ad request decisions, tool order saves): who, what, when, the entity and
 * its changed fields before/after. Nothing in the app updates or deletes its
 * rows. The bearer-token sign-in of the admin API (better-auth's `bearer`
 * plugin) reads ordinary sessions and needs no table of its own.
 *
 * Also the indexes the tools-order screen sorts by (spec 9: id, rating,
 * review_count, pinned, manual_priority with tools without one last, either
 * direction, ties by id), so a page of 20 is read from an index instead of
 * sorting the whole catalogue (25-60 ms at 100k tools otherwise).
 */
export const PRIORITY_LAST_ASC = sql`coalesce(manual_priority, 2147483647)`;
export const PRIORITY_LAST_DESC = sql`coalesce(manual_priority, -2147483648)`;
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema
    .createTable("admin_audit_log")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    /** JSON object: field -> { before, after }. */
    .addColumn("changes", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_audit_log_created_idx").on("admin_audit_log").columns(["created_at desc", "id desc"]).execute();
  await db.schema.createIndex("admin_audit_log_entity_idx").on("admin_audit_log").columns(["entity_type", "entity_id", "created_at desc"]).execute();
  await db.schema.createIndex("admin_audit_log_action_idx").on("admin_audit_log").columns(["action", "created_at desc"]).execute();
  await db.schema.createIndex("admin_audit_log_actor_idx").on("admin_audit_log").columns(["actor_id", "created_at desc"]).execute();

  await db.schema.createIndex("tools_admin_id_idx").on("tools").columns(["status", "id"]).execute();
  await db.schema.createIndex("tools_admin_rating_idx").on("tools").columns(["status", "rating", "id"]).execute();
  await db.schema.createIndex("tools_admin_reviews_idx").on("tools").columns(["status", "review_count", "id"]).execute();
  await db.schema.createIndex("tools_admin_pinned_idx").on("tools").columns(["status", "pinned", "id"]).execute();
  await sql`create index tools_admin_priority_asc_idx on tools (status, (${PRIORITY_LAST_ASC}), id)`.execute(db);
  await sql`create index tools_admin_priority_desc_idx on tools (status, (${PRIORITY_LAST_DESC}), id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["tools_admin_id_idx", "tools_admin_rating_idx", "tools_admin_reviews_idx", "tools_admin_pinned_idx", "tools_admin_priority_asc_idx", "tools_admin_priority_desc_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable("admin_audit_log").ifExists().execute();
}
