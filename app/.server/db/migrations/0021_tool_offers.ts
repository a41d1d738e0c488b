import type { Kysely } from "kysely";

/**
 * What a tool offers (free plan, trial, starting price, open source, API, platforms, interface languages),
 * one optional row per tool; e-commerce tools add the marketplaces they serve and their China fit. Every
 * column may be null: the catalogue does not say. Lists are JSON text like the rest of the schema.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["tool_offers", "ecommerce_tool_offers"] as const) {
    const owner = table === "tool_offers" ? "tools" : "ecommerce_tools";
    let create = db.schema
      .createTable(table)
      .addColumn("tool_id", "integer", (c) => c.primaryKey().references(`${owner}.id`).onDelete("cascade"))
      .addColumn("free_plan", "integer")
      .addColumn("free_trial", "integer")
      .addColumn("price_from", "double precision")
      .addColumn("price_currency", "text")
      .addColumn("open_source", "integer")
      .addColumn("api", "integer")
      .addColumn("platforms", "text")
      .addColumn("interface_languages", "text");
    if (table === "ecommerce_tool_offers") {
      create = create
        .addColumn("marketplaces", "text")
        .addColumn("chinese_interface", "integer")
        .addColumn("alipay_wechat_pay", "integer")
        .addColumn("works_without_vpn", "integer");
    }
    await create.execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ecommerce_tool_offers").execute();
  await db.schema.dropTable("tool_offers").execute();
}
