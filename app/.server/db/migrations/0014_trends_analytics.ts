import type { Kysely } from "kysely";

/**
 * Trends snapshots and the site's own page-view analytics.
 *
 * - `trend_snapshots`: the last good list of each trending source (JSON), with when it was fetched and
 *   how the last attempt went, so a failed or hanging fetch keeps the old list on screen.
 * - `background_leases`: one row per background job; an instance runs the job only while it holds the
 *   lease (`expires_at`, milliseconds since the epoch), so several instances do not fetch at once.
 * - `analytics_salts`: one random salt per UTC day; visitor hashes mix it in, and old days are deleted,
 *   so a visitor cannot be followed from one day to the next.
 * - `page_views` gains the anonymous visitor hash, the tool, the referrer's host and the device class.
 * - `page_view_daily`: views and visitors per day and dimension value, which the dashboard reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("trend_snapshots")
    .addColumn("source", "text", (c) => c.primaryKey())
    .addColumn("items", "text")
    .addColumn("fetched_at", "text")
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createTable("background_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "double precision", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("page_views").addColumn("visitor_hash", "text").execute();
  await db.schema.alterTable("page_views").addColumn("tool_slug", "text").execute();
  await db.schema.alterTable("page_views").addColumn("referrer_host", "text").execute();
  await db.schema.alterTable("page_views").addColumn("device", "text").execute();
  await db.schema
    .createTable("page_view_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_view_daily_pk", ["dimension", "day", "value"])
    .execute();
  await db.schema.createIndex("page_view_daily_day_idx").on("page_view_daily").columns(["day", "dimension"]).execute();
  // Covers the dashboard's reads (a dimension over a range of days), so they never visit the table.
  await db.schema.createIndex("page_view_daily_read_idx").on("page_view_daily").columns(["dimension", "day", "value", "views", "visitors"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("page_view_daily").ifExists().execute();
  for (const column of ["device", "referrer_host", "tool_slug", "visitor_hash"]) {
    await db.schema.alterTable("page_views").dropColumn(column).execute();
  }
  await db.schema.dropTable("analytics_salts").ifExists().execute();
  await db.schema.dropTable("background_leases").ifExists().execute();
  await db.schema.dropTable("trend_snapshots").ifExists().execute();
}
