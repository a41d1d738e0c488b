import type { Kysely } from "kysely";

/**
 * `ecommerce_tools.brand_icon`: the icon package, icon and licence an e-commerce tool's logo is drawn from
 * (as `tools.brand_icon`), so an export round-trips it. `tools.screenshot_*`: the stored capture of the
 * tool's website (PNG and WebP at 1280x800) shown as the detail page's preview, and when it was taken.
 */
export async function up(db: Kysely<any>): Promise<void> {
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
}
