import type { Kysely } from "kysely";

/**
 * What the catalogue importer needs beyond the first schema: the brand
 * colour each generated logo is drawn in (kept so an export re-imports to
 * the same images), WebP twins of the case-study cover and e-commerce logo,
 * and the product count an e-commerce group advertises.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").addColumn("brand_color", "text").execute();
  await db.schema.alterTable("case_studies").addColumn("brand_color", "text").execute();
  await db.schema.alterTable("case_studies").addColumn("cover_image_webp", "text").execute();
  await db.schema.alterTable("ecommerce_tools").addColumn("brand_color", "text").execute();
  await db.schema.alterTable("ecommerce_tools").addColumn("image_webp_url", "text").execute();
  await db.schema
    .alterTable("ecommerce_categories")
    .addColumn("product_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ecommerce_categories").dropColumn("product_count").execute();
  await db.schema.alterTable("ecommerce_tools").dropColumn("image_webp_url").execute();
  await db.schema.alterTable("ecommerce_tools").dropColumn("brand_color").execute();
  await db.schema.alterTable("case_studies").dropColumn("cover_image_webp").execute();
  await db.schema.alterTable("case_studies").dropColumn("brand_color").execute();
  await db.schema.alterTable("tools").dropColumn("brand_color").execute();
}
