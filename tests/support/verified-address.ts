import { sql } from "kysely";
import { parseConfig } from "~/.server/config";
import { createDatabase } from "~/.server/db";

/**
 * Marks an address verified in a running server's database, as following the link of its verification
 * mail would. For servers without mail (production without SMTP_URL) whose tests need an administrator
 * from ADMIN_EMAILS: a listed address grants rights only once verified.
 */
export async function markAddressVerified(databaseEnv: { DATABASE_URL: string; DATABASE_SCHEMA?: string }, email: string): Promise<void> {
  const config = parseConfig({ ...databaseEnv });
  const db = createDatabase({ database: config.database, pgSchema: config.DATABASE_SCHEMA });
  try {
    await sql`update "user" set "emailVerified" = true where email = ${email.toLowerCase()}`.execute(db);
  } finally {
    await db.destroy();
  }
}
