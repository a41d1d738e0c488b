import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * API keys of the public read API: a user names a key, sees it once, and may revoke it; only its SHA-256
 * hash is kept (a key is 32 random bytes, so a fast hash is enough), plus its first characters to tell keys
 * apart on the dashboard. Revoked keys stay (revoked_at set) so a revoked key answers 401, not "unknown".
 *
 * The newsletter: subscribers (double opt-in: pending until the mailed link is opened; a token per subscriber
 * for the confirm, unsubscribe and preferences links), one issue per language and week, and one send row per
 * subscriber and issue, written before the mail leaves (claimed) and marked after the SMTP server accepted it
 * (sent), so a sender that dies resumes without mailing anyone twice (decision 0033).
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

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("language", "text", (c) => c.notNull())
    /** pending | active | unsubscribed */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .execute();
  await db.schema.createIndex("newsletter_subscribers_language_idx").on("newsletter_subscribers").columns(["status", "language", "id"]).execute();
  await db.schema
    .createTable("newsletter_issues")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("language", "text", (c) => c.notNull())
    /** ISO week the issue covers, e.g. 2026-W48. */
    .addColumn("week", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    /** The digest as sent (JSON), so a resumed issue sends what the first batch sent. */
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addUniqueConstraint("newsletter_issues_language_week", ["language", "week"])
    .execute();
  await db.schema
    .createTable("newsletter_sends")
    .addColumn("issue_id", "integer", (c) => c.notNull())
    .addColumn("subscriber_id", "integer", (c) => c.notNull())
    /** claimed | sent | failed */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("error", "text")
    .addPrimaryKeyConstraint("newsletter_sends_pk", ["issue_id", "subscriber_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["newsletter_sends", "newsletter_issues", "newsletter_subscribers", "api_keys"]) await db.schema.dropTable(table).ifExists().execute();
}
