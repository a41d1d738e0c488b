import { sql } from "kysely";
import { recordAudit } from "../admin/audit";
import { changeCatalog, type CatalogWrite } from "../catalog/changes";
import type { DB } from "../db";
import { AppError } from "../errors";
import { removeUserReviewsIn, type RemovedReviews } from "../reviews/queries";

/**
 * Deleting one's own account (decision 0035). One catalogue change, one transaction: the user's stars, reviews
 * and helpful votes leave the figures exactly as if they had never been written (`removeUserReviewsIn`), their
 * favourites leave the tools' favourite counts, and the user row goes, which takes sessions, sign-in accounts,
 * profile, roles, submissions and advertising requests with it (foreign keys). What others rely on stays,
 * without the person: open reports they filed keep counting under an anonymous reporter, a paid sponsored
 * placement runs to its end under an anonymous owner. Claims of makers' tools and API keys go.
 */
export interface DeletedAccount extends RemovedReviews {
  favorites: number;
  claims: number;
}

/** The last administrator cannot delete themselves: the console would have nobody left. */
export class LastAdministratorError extends AppError {
  constructor() {
    super("conflict", "The last administrator cannot delete their account.");
  }
}

/** The user ids the console counts as administrators (the `admin` role, or a verified ADMIN_EMAILS address). */
async function administratorIds(trx: DB, adminEmails: string[]): Promise<Set<string>> {
  const ids = new Set((await trx.selectFrom("user_roles").select("user_id").where("role", "=", "admin").execute()).map((r) => r.user_id));
  if (adminEmails.length > 0) {
    const listed = await trx.selectFrom("user").select(["id", "emailVerified"]).where(sql`lower(email)`, "in", adminEmails).execute();
    for (const row of listed) if (row.emailVerified) ids.add(row.id);
  }
  return ids;
}

async function removeFavorites(trx: CatalogWrite, userId: string): Promise<number> {
  const tools = await trx.selectFrom("favorites").select("tool_id").where("user_id", "=", userId).orderBy("tool_id").execute();
  // Only tools count favourites (decision 0020); each counted one moves back by one.
  if (tools.length > 0) await trx.updateTable("tools").set((eb) => ({ favorite_count: eb("favorite_count", "-", 1) })).where("id", "in", tools.map((t) => t.tool_id)).execute();
  let removed = tools.length;
  await trx.deleteFrom("favorites").where("user_id", "=", userId).execute();
  removed += Number((await trx.deleteFrom("ecommerce_favorites").where("user_id", "=", userId).executeTakeFirst()).numDeletedRows);
  removed += Number((await trx.deleteFrom("case_study_favorites").where("user_id", "=", userId).executeTakeFirst()).numDeletedRows);
  return removed;
}

export async function deleteAccount(db: DB, userId: string, { adminEmails }: { adminEmails: string[] }): Promise<DeletedAccount> {
  return changeCatalog(db, ["tool-figures", "ecommerce", "makers", "sponsored"], async (trx) => {
    const user = await trx.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
    if (!user) throw new AppError("not_found", "No such account.");
    const admins = await administratorIds(trx, adminEmails);
    if (admins.has(userId) && admins.size === 1) throw new LastAdministratorError();
    const reviews = await removeUserReviewsIn(trx, userId);
    const favorites = await removeFavorites(trx, userId);
    const claims = Number((await trx.deleteFrom("tool_claims").where("user_id", "=", userId).executeTakeFirst()).numDeletedRows);
    await trx.deleteFrom("api_keys").where("user_id", "=", userId).execute();
    await trx.updateTable("sponsored_placements").set({ user_id: "deleted-account" }).where("user_id", "=", userId).execute();
    // Each anonymous reporter stays one reporter (one open row per reporter and subject).
    await trx.updateTable("reports").set({ reporter: sql<string>`'deleted:' || cast(id as varchar(20))` }).where("reporter", "=", `user:${userId}`).execute();
    const deleted: DeletedAccount = { ...reviews, favorites, claims };
    await recordAudit(trx, { id: userId, email: null }, [
      { action: "account.delete", entityType: "user", entityId: userId, changes: Object.fromEntries(Object.entries(deleted).map(([key, n]) => [key, { before: n, after: 0 }])) },
    ]);
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    return deleted;
  });
}
