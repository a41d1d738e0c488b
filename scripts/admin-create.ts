// `npm run admin:create -- --email E --password P [--name N]`: creates the first administrator
// (or promotes an existing user) in the configured database.
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAuth } from "../app/.server/auth/auth";
import { createAdministrator } from "../app/.server/auth/admins";
import { getConfig } from "../app/.server/config";
import { closeDb, getDb, migrateToLatest } from "../app/.server/db";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
const input = z
  .object({
    email: z.email({ message: "--email must be an e-mail address" }),
    password: z.string({ message: "--password is required" }).min(8, "--password needs 8 to 128 characters").max(128, "--password needs 8 to 128 characters"),
    name: z.string().optional(),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues[0]?.message ?? "invalid arguments");
  console.error("usage: npm run admin:create -- --email admin@example.com --password 'a long password'");
  process.exit(1);
}

try {
  const db = getDb();
  await migrateToLatest(db);
  const { created } = await createAdministrator(createAuth(db, getConfig()), db, input.data);
  console.log(`${created ? "Created" : "Updated"} administrator ${input.data.email}. Sign in at /admin/login.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await closeDb();
}
