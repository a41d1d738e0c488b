import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * API keys of the public read API: a user names a key, sees it once, and may revoke it; only its SHA-256
 * hash is kept (a key is 32 random bytes, so a fast hash is enough), plus its first characters to tell keys
 * apart on the dashboard. Revoked keys stay (revoked_at set) so a revoked key answers 401, not "unknown".
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema
    .createTable("api_keys")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("key_prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("api_keys_user_idx").on("api_keys").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_keys").ifExists().execute();
}
