import type { Kysely } from "kysely";

/**
 * The interface language an advertising request was made in, so the decision mail reaches the requester in
 * that language (as tool submissions keep theirs in the payload). Rows from before say us-en.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("ad_submissions")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("us-en"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_submissions").dropColumn("language").execute();
}
