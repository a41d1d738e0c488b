import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Favourites and ratings with exact aggregates.
 *
 * `tools.rating` and `tools.review_count` stay what every reader shows (cards, detail, JSON-LD, sort
 * orders), but become derived: the catalogue's imported figures move to `base_rating` /
 * `base_review_count`, users' ratings are summed in `user_rating_sum` / `user_rating_count` (integers,
 * so they never drift), and the shown figures are recomputed from the four in the same transaction as
 * every rating write: rating = (base_rating * base_review_count + user_rating_sum) / (base_review_count
 * + user_rating_count). `favorite_count` counts real favourites for the card's heart figure.
 * Case studies get their own favourites table, like tools and e-commerce tools.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const columns: Array<[string, "double precision" | "integer"]> = [
    ["base_rating", "double precision"],
    ["base_review_count", "integer"],
    ["user_rating_sum", "integer"],
    ["user_rating_count", "integer"],
    ["favorite_count", "integer"],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable("tools").addColumn(name, type, (c) => c.notNull().defaultTo(0)).execute();
  }
  await sql`update tools set
    base_rating = rating,
    base_review_count = review_count,
    user_rating_sum = coalesce((select sum(r.rating) from ratings r where r.tool_id = tools.id), 0),
    user_rating_count = (select count(*) from ratings r where r.tool_id = tools.id),
    favorite_count = (select count(*) from favorites f where f.tool_id = tools.id)`.execute(db);
  await sql`update tools set
    rating = (base_rating * base_review_count + user_rating_sum) / (base_review_count + user_rating_count),
    review_count = base_review_count + user_rating_count
    where user_rating_count > 0`.execute(db);

  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const table = db.schema.createTable("case_study_favorites");
  await (pg ? table.addColumn("id", "serial", (c) => c.primaryKey()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("case_study_id", "integer", (c) => c.notNull().references("case_studies.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("case_study_favorites_user_unique", ["user_id", "case_study_id"])
    .execute();
  await db.schema.createIndex("case_study_favorites_case_study_idx").on("case_study_favorites").column("case_study_id").execute();
  // A user's favourites are listed newest first.
  for (const name of ["favorites", "ecommerce_favorites", "case_study_favorites"]) {
    await db.schema.createIndex(`${name}_user_created_idx`).on(name).columns(["user_id", "created_at"]).execute();
  }
  await db.schema.createIndex("ratings_user_idx").on("ratings").columns(["user_id", "updated_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("ratings_user_idx").ifExists().execute();
  for (const name of ["favorites", "ecommerce_favorites"]) await db.schema.dropIndex(`${name}_user_created_idx`).ifExists().execute();
  await db.schema.dropTable("case_study_favorites").ifExists().execute();
  await sql`update tools set rating = base_rating, review_count = base_review_count`.execute(db);
  for (const name of ["favorite_count", "user_rating_count", "user_rating_sum", "base_review_count", "base_rating"]) {
    await db.schema.alterTable("tools").dropColumn(name).execute();
  }
}
