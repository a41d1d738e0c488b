import type { DB } from "~/.server/db";
import { LANGUAGES } from "~/i18n/languages";

/**
 * A verified maker of a tool and a running sponsored place on the home page from the same user's approved
 * advertising request, written straight into a test database (pages walked afterwards show them).
 */
export async function insertMakerAndPlacement(db: DB, userId: string, toolId: number): Promise<void> {
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  await db
    .insertInto("tool_claims")
    .values({ tool_id: toolId, user_id: userId, method: "meta", token: `walk-token-${userId}`, status: "verified", created_at: now, expires_at: now, verified_at: now })
    .execute();
  const request = await db
    .insertInto("ad_submissions")
    .values({ user_id: userId, tool_name: "Sponsored walk", contact_email: "walk@example.com", status: "approved", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("sponsored_placements")
    .values({
      ad_submission_id: Number(request.id),
      user_id: userId,
      tool_id: toolId,
      slot: "home",
      starts_on: today,
      ends_on: today,
      languages: JSON.stringify(LANGUAGES),
      status: "scheduled",
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
