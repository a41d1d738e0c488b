import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Tables and columns the sign-in plugins need on top of better-auth's core
 * tables from 0001: two-factor secrets, rate-limit counters kept in the
 * database (so limits hold across several app instances) and the user's last
 * sign-in method (the session user's loginType). Column names and types are
 * the ones better-auth's Kysely adapter reads and writes on each dialect.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const authDate = pg ? "timestamptz" : "date";
  const authBool = pg ? "boolean" : "integer";
  const falseValue = pg ? false : 0;

  await db.schema.alterTable("user").addColumn("twoFactorEnabled", authBool, (c) => c.defaultTo(falseValue)).execute();
  await db.schema.alterTable("user").addColumn("lastLoginMethod", "text").execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", authBool, (c) => c.defaultTo(pg ? true : 1))
    .addColumn("failedVerificationCount", "integer", (c) => c.defaultTo(0))
    .addColumn("lockedUntil", authDate)
    .execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", "bigint", (c) => c.notNull())
    .execute();

  // Chinese QR sign-ins keep a provider's account row per open id; look-ups go by (providerId, accountId).
  await db.schema.createIndex("account_provider_idx").on("account").columns(["providerId", "accountId"]).execute();
  await db.schema.createIndex("user_roles_role_idx").on("user_roles").columns(["role", "user_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("user_roles_role_idx").ifExists().execute();
  await db.schema.dropIndex("account_provider_idx").ifExists().execute();
  await db.schema.dropTable("rateLimit").ifExists().execute();
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("lastLoginMethod").execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
