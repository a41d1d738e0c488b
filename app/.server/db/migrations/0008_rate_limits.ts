import type { Kysely } from "kysely";

/**
 * Fixed-window counters for the application's own rate limits (favourites,
 * ratings, submissions, sign-in per account). In the database rather than in
 * memory so that several instances on one PostgreSQL count together.
 * `window_start` is milliseconds since the epoch (double precision: exact to
 * 2^53, and read back as a number by both drivers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "double precision", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window_idx").on("rate_limits").column("window_start").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
