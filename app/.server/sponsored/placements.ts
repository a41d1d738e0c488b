import { sql } from "kysely";
import { z } from "zod";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { PLACEMENT_SLOTS, type PlacementSlot } from "~/lib/makers";
import { recordAudit, type Actor } from "../admin/audit";
import { isBot } from "../analytics/classify";
import { changeCatalog } from "../catalog/changes";
import type { DB } from "../db";
import { nowIso, parseStringList, toJson } from "../db/values";
import { AppError } from "../errors";
import { cachedRead } from "../tools/cache";
import { dayOf } from "../makers/visits";

/**
 * Sponsored places (decision 0032): an administrator turns an approved advertising request into a
 * placement of one tool in one slot on given days and languages. Pages show it beside their organic order,
 * never inside it; at most one per slot and page, as placements of one slot (and category) never overlap.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "not a date");

export const createPlacementSchema = z
  .object({
    adSubmissionId: z.coerce.number().int().positive(),
    toolSlug: z.string().trim().min(1).max(200),
    slot: z.enum(PLACEMENT_SLOTS),
    categorySlug: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(200).optional()),
    startsOn: day,
    endsOn: day,
    languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length),
  })
  .refine((v) => v.startsOn <= v.endsOn, { message: "The end date comes before the start date.", path: ["endsOn"] })
  .refine((v) => v.slot !== "category" || Boolean(v.categorySlug), { message: "Choose the category.", path: ["categorySlug"] });
export type CreatePlacementInput = z.infer<typeof createPlacementSchema>;

export async function createPlacement(db: DB, actor: Actor, input: CreatePlacementInput): Promise<number> {
  const request = await db.selectFrom("ad_submissions").select(["id", "user_id", "status"]).where("id", "=", input.adSubmissionId).executeTakeFirst();
  if (!request) throw new AppError("not_found", "No such advertising request.");
  if (request.status !== "approved") throw new AppError("conflict", "Only an approved request becomes a placement.", { reason: "not_approved" });
  const tool = await db.selectFrom("tools").select("id").where("slug", "=", input.toolSlug).where("status", "=", "published").executeTakeFirst();
  if (!tool) throw new AppError("bad_request", "No published tool has this slug.", { reason: "unknown_tool" });
  const category = input.slot === "category" ? (input.categorySlug ?? null) : null;
  if (category && !(await db.selectFrom("categories").select("id").where("slug", "=", category).executeTakeFirst())) {
    throw new AppError("bad_request", "No category has this slug.", { reason: "unknown_category" });
  }
  return changeCatalog(db, "sponsored", async (trx) => {
    // Overlap: another live placement of the slot (and category) whose days meet these.
    let overlap = trx
      .selectFrom("sponsored_placements")
      .select("id")
      .where("slot", "=", input.slot)
      .where("status", "=", "scheduled")
      .where("starts_on", "<=", input.endsOn)
      .where("ends_on", ">=", input.startsOn);
    overlap = category ? overlap.where("category_slug", "=", category) : overlap;
    const clash = await overlap.executeTakeFirst();
    if (clash) throw new AppError("conflict", "Another placement holds this slot on some of these days.", { reason: "overlap", placementId: Number(clash.id) });
    const now = nowIso();
    const row = await trx
      .insertInto("sponsored_placements")
      .values({
        ad_submission_id: input.adSubmissionId,
        user_id: request.user_id,
        tool_id: tool.id,
        slot: input.slot,
        category_slug: category,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        languages: toJson([...new Set(input.languages)]),
        status: "scheduled",
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await recordAudit(trx, actor, [
      {
        action: "placement.create",
        entityType: "placement",
        entityId: id,
        changes: { slot: { before: null, after: category ? `${input.slot}:${category}` : input.slot }, days: { before: null, after: `${input.startsOn}..${input.endsOn}` }, tool: { before: null, after: input.toolSlug } },
      },
    ]);
    return id;
  });
}

export const placementActionSchema = z.object({ id: z.coerce.number().int().positive(), action: z.enum(["cancel", "paid"]) });

/** Cancels a placement (it stops showing) or marks its order paid. */
export async function updatePlacement(db: DB, actor: Actor, id: number, action: "cancel" | "paid"): Promise<void> {
  await changeCatalog(db, "sponsored", async (trx) => {
    const row = await trx.selectFrom("sponsored_placements").select(["status", "paid_at"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError("not_found", "No such placement.");
    const now = nowIso();
    if (action === "cancel") {
      if (row.status === "cancelled") throw new AppError("conflict", "This placement is already canceled.");
      await trx.updateTable("sponsored_placements").set({ status: "cancelled", updated_at: now }).where("id", "=", id).execute();
      await recordAudit(trx, actor, [{ action: "placement.cancel", entityType: "placement", entityId: id, changes: { status: { before: row.status, after: "cancelled" } } }]);
    } else {
      if (row.paid_at) throw new AppError("conflict", "This order is already paid.");
      await trx.updateTable("sponsored_placements").set({ paid_at: now, paid_by: actor.id, updated_at: now }).where("id", "=", id).execute();
      await recordAudit(trx, actor, [{ action: "placement.paid", entityType: "placement", entityId: id, changes: { paid: { before: false, after: true } } }]);
    }
  });
}

export interface LivePlacement {
  id: number;
  toolId: number;
  slot: PlacementSlot;
  categorySlug: string | null;
  languages: string[];
}

/**
 * Today's placements, read once per day and catalogue generation: the key names the day, so one that
 * starts or ends shows or goes with the first page after midnight (UTC), and a new or cancelled one at once.
 */
async function livePlacements(db: DB, today = dayOf()): Promise<LivePlacement[]> {
  return cachedRead(
    db,
    `sponsored:live:${today}`,
    async () => {
      const rows = await db
        .selectFrom("sponsored_placements as p")
        .innerJoin("tools as t", "t.id", "p.tool_id")
        .select(["p.id", "p.tool_id", "p.slot", "p.category_slug", "p.languages"])
        .where("p.status", "=", "scheduled")
        .where("p.starts_on", "<=", today)
        .where("p.ends_on", ">=", today)
        .where("t.status", "=", "published")
        .orderBy("p.id")
        .execute();
      return rows.map((row) => ({ id: Number(row.id), toolId: row.tool_id, slot: row.slot as PlacementSlot, categorySlug: row.category_slug, languages: parseStringList(row.languages) }));
    },
    ["sponsored", "tools"],
  );
}

/** The one placement a page shows in a slot today, if any. */
export async function placementFor(db: DB, slot: PlacementSlot, lang: Lang, categorySlug: string | null = null, today = dayOf()): Promise<LivePlacement | null> {
  const live = await livePlacements(db, today);
  return live.find((p) => p.slot === slot && p.languages.includes(lang) && (slot !== "category" || p.categorySlug === categorySlug)) ?? null;
}

/** Counts an impression or a click of a placement today; bots and unknown placements count nothing. */
export async function countPlacement(db: DB, id: number, kind: "impressions" | "clicks", userAgent: string, today = dayOf(), toolId?: number): Promise<boolean> {
  if (isBot(userAgent)) return false;
  // Only a placement that exists (and, for a click, of the tool it leads to) counts: no made-up figures.
  let lookup = db.selectFrom("sponsored_placements").select("id").where("id", "=", id);
  if (toolId !== undefined) lookup = lookup.where("tool_id", "=", toolId);
  const exists = await lookup.executeTakeFirst();
  if (!exists) return false;
  await db
    .insertInto("sponsored_daily")
    .values({ placement_id: id, day: today, impressions: kind === "impressions" ? 1 : 0, clicks: kind === "clicks" ? 1 : 0 })
    .onConflict((oc) => oc.columns(["placement_id", "day"]).doUpdateSet(kind === "impressions" ? { impressions: sql`sponsored_daily.impressions + 1` } : { clicks: sql`sponsored_daily.clicks + 1` }))
    .execute();
  return true;
}
