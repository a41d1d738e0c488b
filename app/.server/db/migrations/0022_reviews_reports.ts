import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Reviews, reports and link health.
 *
 * - A review is a user's star rating plus a title and a text. The star stays in `ratings` (tools) or the new
 *   `ecommerce_ratings`; `counted` says whether it is in the subject's figures: a pending or hidden review's
 *   star is not, so hiding one leaves the figures exactly as if it had never been written.
 * - E-commerce tools get the same base/user sums as tools (migration 0010), so their shown figures are exact too.
 * - `reports`: one row per reporter and subject while open (the same person twice counts once).
 * - `tools.discontinued_at`: the page stays, marked and `noindex`.
 * - `link_checks`: a short history of each website visit by the link checker.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const id = (t: any) => (pg ? t.addColumn("id", "serial", (c: any) => c.primaryKey()) : t.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));

  await db.schema.alterTable("tools").addColumn("discontinued_at", "text").execute();
  await db.schema.alterTable("ratings").addColumn("counted", "integer", (c) => c.notNull().defaultTo(1)).execute();
  for (const [name, type] of [
    ["base_rating", "double precision"],
    ["base_review_count", "integer"],
    ["user_rating_sum", "integer"],
    ["user_rating_count", "integer"],
  ] as const) {
    await db.schema.alterTable("ecommerce_tools").addColumn(name, type, (c) => c.notNull().defaultTo(0)).execute();
  }
  await sql`update ecommerce_tools set base_rating = rating, base_review_count = review_count`.execute(db);

  await id(db.schema.createTable("ecommerce_ratings"))
    .addColumn("user_id", "text", (c: any) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("tool_id", "integer", (c: any) => c.notNull().references("ecommerce_tools.id").onDelete("cascade"))
    .addColumn("rating", "integer", (c: any) => c.notNull())
    .addColumn("counted", "integer", (c: any) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c: any) => c.notNull())
    .addColumn("updated_at", "text", (c: any) => c.notNull())
    .addUniqueConstraint("ecommerce_ratings_user_unique", ["user_id", "tool_id"])
    .execute();

  await id(db.schema.createTable("reviews"))
    .addColumn("user_id", "text", (c: any) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("subject", "text", (c: any) => c.notNull())
    .addColumn("subject_id", "integer", (c: any) => c.notNull())
    .addColumn("title", "text", (c: any) => c.notNull())
    .addColumn("body", "text", (c: any) => c.notNull())
    .addColumn("language", "text", (c: any) => c.notNull())
    .addColumn("status", "text", (c: any) => c.notNull())
    .addColumn("helpful_count", "integer", (c: any) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c: any) => c.notNull())
    .addColumn("updated_at", "text", (c: any) => c.notNull())
    .addUniqueConstraint("reviews_user_subject_unique", ["user_id", "subject", "subject_id"])
    .execute();
  await db.schema.createIndex("reviews_subject_idx").on("reviews").columns(["subject", "subject_id", "status", "created_at"]).execute();
  await db.schema.createIndex("reviews_status_idx").on("reviews").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("review_votes")
    .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_votes_pk", ["review_id", "user_id"])
    .execute();
  await db.schema.createIndex("review_votes_user_idx").on("review_votes").column("user_id").execute();

  await id(db.schema.createTable("reports"))
    .addColumn("subject", "text", (c: any) => c.notNull())
    .addColumn("subject_id", "integer", (c: any) => c.notNull())
    .addColumn("reason", "text", (c: any) => c.notNull())
    .addColumn("details", "text", (c: any) => c.notNull().defaultTo(""))
    /** `user:{id}`, `address:{hash}` or `checker`: who reported, so the same one twice counts once. */
    .addColumn("reporter", "text", (c: any) => c.notNull())
    /** open | dismissed | resolved */
    .addColumn("status", "text", (c: any) => c.notNull())
    .addColumn("created_at", "text", (c: any) => c.notNull())
    .addColumn("updated_at", "text", (c: any) => c.notNull())
    .addColumn("closed_at", "text")
    .execute();
  await db.schema.createIndex("reports_open_idx").on("reports").columns(["status", "subject", "subject_id", "reporter"]).execute();

  await id(db.schema.createTable("link_checks"))
    .addColumn("subject", "text", (c: any) => c.notNull())
    .addColumn("subject_id", "integer", (c: any) => c.notNull())
    .addColumn("url", "text", (c: any) => c.notNull())
    .addColumn("ok", "integer", (c: any) => c.notNull())
    .addColumn("status", "integer")
    .addColumn("final_url", "text")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c: any) => c.notNull())
    .addColumn("checked_at", "text", (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex("link_checks_subject_idx").on("link_checks").columns(["subject", "subject_id", "checked_at"]).execute();
  await db.schema.createIndex("link_checks_checked_idx").on("link_checks").column("checked_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["link_checks", "reports", "review_votes", "reviews", "ecommerce_ratings"]) await db.schema.dropTable(table).ifExists().execute();
  for (const name of ["user_rating_count", "user_rating_sum", "base_review_count", "base_rating"]) await db.schema.alterTable("ecommerce_tools").dropColumn(name).execute();
  await db.schema.alterTable("ratings").dropColumn("counted").execute();
  await db.schema.alterTable("tools").dropColumn("discontinued_at").execute();
}
