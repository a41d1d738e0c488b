import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * One append-only table for every administrator action (review decisions,
 * ad request decisions, tool order saves): who, what, when, the entity and
 * its changed fields before/after. Nothing in the app updates or deletes its
 * rows. The bearer-token sign-in of the admin API (better-auth's `bearer`
 * plugin) reads ordinary sessions and needs no table of its own.
 */
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_audit_log").ifExists().execute();
}
