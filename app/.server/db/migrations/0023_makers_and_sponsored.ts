import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Makers and sponsored places (decision 0032).
 *
 * - `tool_claims`: a user's claim to make a tool, proven by a token on the tool's domain (a meta tag, a file
 *   under `/.well-known/`) or a link mailed to an address at that domain; `verified` claims make makers.
 * - `tool_visits_daily`: visits a tool's listing sent to its website (`/go/{slug}`) and visits arriving
 *   through its badge, per day, counted without cookies and without bots.
 * - `sponsored_placements`: an approved advertising request turned into a slot on given days and languages.
 * - `sponsored_daily`: a placement's impressions and clicks per day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("tool_claims")
    .addColumn("id", pg ? "serial" : "integer", id)
    .addColumn("tool_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    /** meta | file | email */
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("email", "text")
    /** pending | verified | disputed | rejected | revoked */
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("verified_at", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .execute();
  await db.schema.createIndex("tool_claims_tool_idx").on("tool_claims").columns(["tool_id", "status"]).execute();
  await db.schema.createIndex("tool_claims_user_idx").on("tool_claims").columns(["user_id", "status"]).execute();
  await db.schema.createIndex("tool_claims_token_idx").on("tool_claims").column("token").unique().execute();

  await db.schema
    .createTable("tool_visits_daily")
    .addColumn("tool_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    /** website (sent to the tool's site) | badge (arrived through the tool's badge) */
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("visits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_visits_daily_pk", ["tool_id", "day", "source"])
    .execute();

  await db.schema
    .createTable("sponsored_placements")
    .addColumn("id", pg ? "serial" : "integer", id)
    .addColumn("ad_submission_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("tool_id", "integer", (c) => c.notNull())
    /** home | category | search */
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("category_slug", "text")
    /** First and last day shown (YYYY-MM-DD, UTC), both included. */
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("ends_on", "text", (c) => c.notNull())
    /** JSON list of interface languages. */
    .addColumn("languages", "text", (c) => c.notNull())
    /** scheduled | cancelled */
    .addColumn("status", "text", (c) => c.notNull().defaultTo("scheduled"))
    .addColumn("paid_at", "text")
    .addColumn("paid_by", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sponsored_placements_slot_idx").on("sponsored_placements").columns(["slot", "status", "ends_on"]).execute();
  await db.schema.createIndex("sponsored_placements_user_idx").on("sponsored_placements").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("sponsored_daily")
    .addColumn("placement_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("impressions", "integer", (c) => c.notNull())
    .addColumn("clicks", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("sponsored_daily_pk", ["placement_id", "day"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["sponsored_daily", "sponsored_placements", "tool_visits_daily", "tool_claims"]) await db.schema.dropTable(table).ifExists().execute();
}
