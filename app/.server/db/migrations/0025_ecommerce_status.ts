import type { Kysely } from "kysely";

/**
 * E-commerce tools can be unpublished and marked discontinued, as tools can (decision 0035):
 * - `status`: `published` or `hidden`; a hidden one is out of every list, search, feed and sitemap, and its
 *   page answers 410.
 * - `discontinued_at`: the page stays, marked and `noindex`, out of the lists and the sitemap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ecommerce_tools").addColumn("status", "text", (c) => c.notNull().defaultTo("published")).execute();
  await db.schema.alterTable("ecommerce_tools").addColumn("discontinued_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ecommerce_tools").dropColumn("discontinued_at").execute();
  await db.schema.alterTable("ecommerce_tools").dropColumn("status").execute();
}
