import type { Kysely } from "kysely";

/**
 * `ecommerce_tools.brand_icon`: the icon package, icon and licence an e-commerce tool's logo is drawn from
 * (as `tools.brand_icon`), so an export round-trips it. `tools.screenshot_*`: the stored capture of the
 * tool's website (PNG and WebP at 1280x800) shown as the detail page's preview, and when it was taken.
 * `site_screenshots`: the latest capture per website (by its comparison key), also for sites not listed
 * yet (a submission waiting for review), so a reviewer sees the site and a listing can take it over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_screenshots")
    .addColumn("url_key", "text", (c) => c.primaryKey())
    .addColumn("website_url", "text", (c) => c.notNull())
    .addColumn("png_url", "text", (c) => c.notNull())
    .addColumn("webp_url", "text", (c) => c.notNull())
    .addColumn("taken_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("ecommerce_tools").addColumn("brand_icon", "text").execute();
  await db.schema.alterTable("tools").addColumn("screenshot_url", "text").execute();
  await db.schema.alterTable("tools").addColumn("screenshot_webp_url", "text").execute();
  await db.schema.alterTable("tools").addColumn("screenshot_taken_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").dropColumn("screenshot_taken_at").execute();
  await db.schema.alterTable("tools").dropColumn("screenshot_webp_url").execute();
  await db.schema.alterTable("tools").dropColumn("screenshot_url").execute();
  await db.schema.alterTable("ecommerce_tools").dropColumn("brand_icon").execute();
  await db.schema.dropTable("site_screenshots").execute();
}
