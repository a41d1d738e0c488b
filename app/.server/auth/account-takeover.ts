import type { BetterAuthOptions } from "better-auth";

type AccountCreated = NonNullable<NonNullable<NonNullable<BetterAuthOptions["databaseHooks"]>["account"]>["create"]>["after"];
type GenericEndpointContext = Parameters<NonNullable<AccountCreated>>[1];

/** Providers whose sign-in proves the e-mail address (they only link when the provider marks it verified). */
const VERIFYING_PROVIDERS = new Set(["google", "github"]);

/**
 * Without mail anyone can register someone else's address with a password; the address is then never
 * verified. When its real owner signs in with Google or GitHub (verified address), the account is
 * theirs: it is linked to the provider, and the squatter's password, sessions and two-factor setting
 * go, so the person who proved the address is the only one left holding the account.
 */
export async function takeOverUnverifiedAccount(account: { userId: string; providerId: string }, ctx: GenericEndpointContext | null): Promise<void> {
  if (!ctx || !VERIFYING_PROVIDERS.has(account.providerId)) return;
  const adapter = ctx.context.internalAdapter;
  const user = await adapter.findUserById(account.userId);
  if (!user || user.emailVerified) return;
  const credentials = (await adapter.findAccounts(account.userId)).filter((a) => a.providerId === "credential");
  if (credentials.length === 0) return;
  for (const credential of credentials) await adapter.deleteAccount(credential.id);
  await adapter.deleteUserSessions(account.userId);
  await adapter.updateUser(account.userId, { emailVerified: true, twoFactorEnabled: false });
  ctx.context.logger.info(`Unverified account ${account.userId} taken over by its verified ${account.providerId} identity`);
}
