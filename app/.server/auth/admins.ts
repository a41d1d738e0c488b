import type { DB } from "../db";
import type { Auth } from "./auth";
import { assertPasswordAllowed } from "./password-policy";
import { grantRole } from "./users";

/**
 * Creates (or promotes) an administrator with an e-mail + password sign-in.
 * An existing user keeps their account; their password is set to the new one.
 */
export async function createAdministrator(auth: Auth, db: DB, input: { email: string; password: string; name?: string }) {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  // The same rules as every other password: the console is the account most worth guessing.
  assertPasswordAllowed(input.password, { email, name: input.name });
  const hash = await ctx.password.hash(input.password);
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let userId: string;
  let created = false;
  if (existing) {
    userId = existing.user.id;
    const credential = existing.accounts.find((a) => a.providerId === "credential");
    if (credential) await ctx.internalAdapter.updatePassword(userId, hash);
    else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
    await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
  } else {
    const user = await ctx.internalAdapter.createUser({ email, name: input.name ?? "", emailVerified: true }, { method: "admin" });
    userId = user.id;
    created = true;
    await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  }
  await grantRole(db, userId, "admin");
  return { userId, created };
}
