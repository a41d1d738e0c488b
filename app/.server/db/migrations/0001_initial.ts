import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The complete domain schema plus better-auth's core tables (user, session,
 * account, verification), so every user_id can be a real foreign key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  // Auto-increment primary keys are the one place the two dialects differ in DDL.
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    pg
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const authDate = pg ? "timestamptz" : "date";
  const authBool = pg ? "boolean" : "integer";

  // better-auth core tables (its default field names).
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", authBool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", authDate, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", authDate)
    .addColumn("refreshTokenExpiresAt", authDate)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", authDate, (c) => c.notNull())
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  // Catalogue: categories (subcategories are rows with a parent) and translations.
  await withId(db.schema.createTable("categories"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("cascade"))
    .addColumn("icon_name", "text")
    .addColumn("color", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("categories_parent_idx").on("categories").columns(["parent_id", "sort_order"]).execute();
  await db.schema
    .createTable("category_translations")
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addPrimaryKeyConstraint("category_translations_pk", ["category_id", "language"])
    .execute();
  await db.schema.createIndex("category_translations_name_idx").on("category_translations").columns(["language", "name"]).execute();

  // Tools and their per-language content.
  await withId(db.schema.createTable("tools"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("website_url", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("image_webp_url", "text")
    .addColumn("preview_url", "text")
    .addColumn("preview_webp_url", "text")
    .addColumn("pricing", "text", (c) => c.notNull().defaultTo("freemium"))
    .addColumn("rating", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_popular", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("manual_priority", "integer")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("tools_rating_range", sql`rating >= 0 and rating <= 5`)
    .execute();
  await db.schema
    .createIndex("tools_listing_idx")
    .on("tools")
    .columns(["status", "pinned desc", "manual_priority desc", "rating desc", "review_count desc", "created_at desc"])
    .execute();
  await db.schema.createIndex("tools_created_idx").on("tools").columns(["status", "created_at desc"]).execute();
  await db.schema.createIndex("tools_rating_idx").on("tools").columns(["status", "rating desc", "review_count desc"]).execute();
  await db.schema.createIndex("tools_featured_idx").on("tools").columns(["is_featured", "status"]).execute();
  await db.schema.createIndex("tools_popular_idx").on("tools").columns(["is_popular", "status"]).execute();
  await db.schema
    .createTable("tool_translations")
    .addColumn("tool_id", "integer", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("subtitle", "text")
    .addColumn("description", "text")
    .addColumn("long_description", "text")
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("use_cases", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("faq", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_translations_pk", ["tool_id", "language"])
    .execute();
  await db.schema.createIndex("tool_translations_name_idx").on("tool_translations").columns(["language", "name"]).execute();
  await db.schema
    .createTable("tool_categories")
    .addColumn("tool_id", "integer", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("tool_categories_pk", ["tool_id", "category_id"])
    .execute();
  await db.schema.createIndex("tool_categories_category_idx").on("tool_categories").columns(["category_id", "tool_id"]).execute();

  // Case studies.
  await withId(db.schema.createTable("case_studies"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("cover_image", "text")
    .addColumn("website_url", "text")
    .addColumn("category_id", "integer", (c) => c.references("categories.id").onDelete("set null"))
    .addColumn("pricing", "text")
    .addColumn("rating", "double precision")
    .addColumn("publish_date", "text")
    .addColumn("read_time", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("case_studies_created_idx").on("case_studies").column("created_at desc").execute();
  await db.schema.createIndex("case_studies_category_idx").on("case_studies").column("category_id").execute();
  await db.schema
    .createTable("case_study_translations")
    .addColumn("case_study_id", "integer", (c) => c.notNull().references("case_studies.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text")
    .addColumn("description", "text")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("use_cases", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("benefits", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("challenges", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("solutions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("results", "text", (c) => c.notNull().defaultTo("[]"))
    .addPrimaryKeyConstraint("case_study_translations_pk", ["case_study_id", "language"])
    .execute();

  await createEcommerceTables(db, withId, now);
  await createUserTables(db, withId, now);
}

async function createEcommerceTables(
  db: Kysely<any>,
  withId: <T extends string>(t: CreateTableBuilder<T, never>) => CreateTableBuilder<T, "id">,
  now: ReturnType<typeof sql>,
): Promise<void> {
  await withId(db.schema.createTable("ecommerce_categories"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("parent_id", "integer", (c) => c.references("ecommerce_categories.id").onDelete("cascade"))
    .addColumn("icon", "text")
    .addColumn("color", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("ecommerce_categories_parent_idx").on("ecommerce_categories").columns(["parent_id", "sort_order"]).execute();
  await db.schema
    .createTable("ecommerce_category_translations")
    .addColumn("category_id", "integer", (c) => c.notNull().references("ecommerce_categories.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addPrimaryKeyConstraint("ecommerce_category_translations_pk", ["category_id", "language"])
    .execute();
  await withId(db.schema.createTable("ecommerce_tags"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "text")
    .execute();
  await withId(db.schema.createTable("ecommerce_filters"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable("ecommerce_platforms"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("region", "text")
    .addColumn("website_url", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable("ecommerce_tools"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("image_url", "text")
    .addColumn("website_url", "text")
    .addColumn("pricing", "text", (c) => c.notNull().defaultTo("freemium"))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("pros", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("cons", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("rating", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_popular", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ecommerce_tools_popular_idx").on("ecommerce_tools").columns(["is_popular desc", "rating desc"]).execute();
  await db.schema.createIndex("ecommerce_tools_rating_idx").on("ecommerce_tools").column("rating desc").execute();
  await db.schema.createIndex("ecommerce_tools_created_idx").on("ecommerce_tools").column("created_at desc").execute();
  await db.schema.createIndex("ecommerce_tools_name_idx").on("ecommerce_tools").column("name").execute();
  await db.schema
    .createTable("ecommerce_tool_translations")
    .addColumn("tool_id", "integer", (c) => c.notNull().references("ecommerce_tools.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("description", "text")
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("pros", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("cons", "text", (c) => c.notNull().defaultTo("[]"))
    .addPrimaryKeyConstraint("ecommerce_tool_translations_pk", ["tool_id", "language"])
    .execute();
  const links: Array<[string, string, string]> = [
    ["ecommerce_tool_categories", "category_id", "ecommerce_categories"],
    ["ecommerce_tool_tags", "tag_id", "ecommerce_tags"],
    ["ecommerce_tool_platforms", "platform_id", "ecommerce_platforms"],
    ["ecommerce_tool_filters", "filter_id", "ecommerce_filters"],
  ];
  for (const [table, column, target] of links) {
    await db.schema
      .createTable(table)
      .addColumn("tool_id", "integer", (c) => c.notNull().references("ecommerce_tools.id").onDelete("cascade"))
      .addColumn(column, "integer", (c) => c.notNull().references(`${target}.id`).onDelete("cascade"))
      .addPrimaryKeyConstraint(`${table}_pk`, ["tool_id", column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).columns([column, "tool_id"]).execute();
  }
}

async function createUserTables(
  db: Kysely<any>,
  withId: <T extends string>(t: CreateTableBuilder<T, never>) => CreateTableBuilder<T, "id">,
  now: ReturnType<typeof sql>,
): Promise<void> {
  const userRef = (c: any) => c.notNull().references("user.id").onDelete("cascade");
  for (const [table, target] of [
    ["favorites", "tools"],
    ["ecommerce_favorites", "ecommerce_tools"],
  ] as const) {
    await withId(db.schema.createTable(table))
      .addColumn("user_id", "text", userRef)
      .addColumn("tool_id", "integer", (c) => c.notNull().references(`${target}.id`).onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint(`${table}_user_tool_unique`, ["user_id", "tool_id"])
      .execute();
    await db.schema.createIndex(`${table}_tool_idx`).on(table).column("tool_id").execute();
  }
  await withId(db.schema.createTable("ratings"))
    .addColumn("user_id", "text", userRef)
    .addColumn("tool_id", "integer", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("ratings_user_tool_unique", ["user_id", "tool_id"])
    .addCheckConstraint("ratings_range", sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex("ratings_tool_idx").on("ratings").column("tool_id").execute();

  await withId(db.schema.createTable("submissions"))
    .addColumn("user_id", "text", userRef)
    .addColumn("type", "text", (c) => c.notNull().defaultTo("submit"))
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("notes", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("tool_id", "integer", (c) => c.references("tools.id").onDelete("set null"))
    .addColumn("reviewed_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("reviewed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("submissions_status", sql`status in ('pending','approved','rejected')`)
    .execute();
  await db.schema.createIndex("submissions_user_idx").on("submissions").columns(["user_id", "type", "created_at desc"]).execute();
  await db.schema.createIndex("submissions_status_idx").on("submissions").columns(["status", "created_at desc"]).execute();

  await withId(db.schema.createTable("ad_submissions"))
    .addColumn("user_id", "text", userRef)
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("website_url", "text")
    .addColumn("description", "text")
    .addColumn("budget", "text")
    .addColumn("contact_email", "text")
    .addColumn("contact_platform", "text")
    .addColumn("contact_handle", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("notes", "text")
    .addColumn("reviewed_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("reviewed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("ad_submissions_status", sql`status in ('pending','approved','rejected')`)
    .execute();
  await db.schema.createIndex("ad_submissions_user_idx").on("ad_submissions").columns(["user_id", "created_at desc"]).execute();
  await db.schema.createIndex("ad_submissions_status_idx").on("ad_submissions").columns(["status", "created_at desc"]).execute();

  await withId(db.schema.createTable("user_roles"))
    .addColumn("user_id", "text", userRef)
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("user_roles_user_role_unique", ["user_id", "role"])
    .execute();
  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("display_name", "text")
    .addColumn("avatar_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable("page_views"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("referrer", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("page_views_created_idx").on("page_views").column("created_at").execute();
  await db.schema.createIndex("page_views_path_idx").on("page_views").columns(["path", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    "page_views", "profiles", "user_roles", "ad_submissions", "submissions", "ratings", "ecommerce_favorites", "favorites",
    "ecommerce_tool_filters", "ecommerce_tool_platforms", "ecommerce_tool_tags", "ecommerce_tool_categories",
    "ecommerce_tool_translations", "ecommerce_tools", "ecommerce_platforms", "ecommerce_filters", "ecommerce_tags",
    "ecommerce_category_translations", "ecommerce_categories", "case_study_translations", "case_studies",
    "tool_categories", "tool_translations", "tools", "category_translations", "categories",
    "verification", "account", "session", "user",
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
