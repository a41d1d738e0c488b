import { sql } from "kysely";
import type { PlacementSlot } from "~/lib/makers";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import { dayOf } from "../makers/visits";
import { toolNames } from "../makers/names";

/** A placement as its buyer and the administrators see it: where, when, its state and its figures. */
export interface PlacementView {
  id: number;
  adSubmissionId: number;
  toolSlug: string;
  toolName: string;
  slot: PlacementSlot;
  categorySlug: string | null;
  startsOn: string;
  endsOn: string;
  languages: string[];
  /** upcoming | running | ended | cancelled, by today's date. */
  state: "upcoming" | "running" | "ended" | "cancelled";
  paidAt: string | null;
  impressions: number;
  clicks: number;
}

export function placementState(status: string, startsOn: string, endsOn: string, today = dayOf()): PlacementView["state"] {
  if (status === "cancelled") return "cancelled";
  if (today < startsOn) return "upcoming";
  return today > endsOn ? "ended" : "running";
}

async function placements(db: DB, lang: string, filter: { userId?: string; adSubmissionIds?: number[] }, limit = 200): Promise<PlacementView[]> {
  let query = db
    .selectFrom("sponsored_placements as p")
    .innerJoin("tools as t", "t.id", "p.tool_id")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("sponsored_daily")
          .select(["placement_id", sql<number>`sum(impressions)`.as("impressions"), sql<number>`sum(clicks)`.as("clicks")])
          .groupBy("placement_id")
          .as("d"),
      (join) => join.onRef("d.placement_id", "=", "p.id"),
    )
    .select(["p.id", "p.ad_submission_id", "p.tool_id", "t.slug", "p.slot", "p.category_slug", "p.starts_on", "p.ends_on", "p.languages", "p.status", "p.paid_at", "d.impressions", "d.clicks"])
    .orderBy("p.starts_on", "desc")
    .orderBy("p.id", "desc")
    .limit(limit);
  if (filter.userId) query = query.where("p.user_id", "=", filter.userId);
  if (filter.adSubmissionIds) {
    if (filter.adSubmissionIds.length === 0) return [];
    query = query.where("p.ad_submission_id", "in", filter.adSubmissionIds);
  }
  const rows = await query.execute();
  const names = await toolNames(db, rows.map((r) => r.tool_id), lang);
  return rows.map((row) => ({
    id: Number(row.id),
    adSubmissionId: Number(row.ad_submission_id),
    toolSlug: row.slug,
    toolName: names.get(row.tool_id) ?? row.slug,
    slot: row.slot as PlacementSlot,
    categorySlug: row.category_slug,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    languages: parseStringList(row.languages),
    state: placementState(row.status, row.starts_on, row.ends_on),
    paidAt: row.paid_at,
    impressions: Number(row.impressions ?? 0),
    clicks: Number(row.clicks ?? 0),
  }));
}

/** The user's placements (their orders), newest start first. */
export const listMyPlacements = (db: DB, userId: string, lang: string) => placements(db, lang, { userId });

/** The placements made from these advertising requests (the admin's advertise screen). */
export const placementsOfRequests = (db: DB, ids: number[], lang: string) => placements(db, lang, { adSubmissionIds: ids });
