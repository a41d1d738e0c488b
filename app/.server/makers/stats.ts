import { sql } from "kysely";
import type { StatsRange } from "~/lib/makers";
import type { DB } from "../db";
import { addDays } from "../analytics/salts";
import { dayOf } from "./visits";

/**
 * A listing's figures for its makers (`/user/my-tools/{slug}/stats`): per day over the last 7, 30 or 90
 * days, page views of its page (the cookie-free rollups), visits it sent to the website (`/go/{slug}`),
 * visits through its badge, new favourites and ratings given; plus its rating now.
 */
export interface ListingStats {
  range: StatsRange;
  days: string[];
  series: { views: number[]; websiteVisits: number[]; badgeVisits: number[]; favorites: number[]; ratings: number[] };
  /** Published reviews per day, by the day they were written. */
  reviews: number[] | null;
  totals: { views: number; websiteVisits: number; badgeVisits: number; favorites: number; ratings: number };
  rating: number;
  ratingCount: number;
}

/** Reviews of the tool that show (published), per day written, from `from` on. */
export async function reviewCountsByDay(db: DB, toolId: number, from: string): Promise<Map<string, number>> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom("reviews")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("subject", "=", "tool")
    .where("subject_id", "=", toolId)
    .where("status", "=", "published")
    .where("created_at", ">=", from)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

const perDay = (rows: Array<{ day: string; n: unknown }>) => new Map(rows.map((r) => [r.day, Number(r.n)]));

export async function listingStats(db: DB, tool: { id: number; slug: string }, range: StatsRange, now = new Date()): Promise<ListingStats> {
  const last = dayOf(now);
  const first = addDays(last, -(range - 1));
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const [views, visits, favorites, ratings, figures, reviews] = await Promise.all([
    db.selectFrom("page_view_daily").select(["day", "views as n"]).where("dimension", "=", "tool").where("value", "=", tool.slug).where("day", ">=", first).execute(),
    db.selectFrom("tool_visits_daily").select(["day", "source", "visits"]).where("tool_id", "=", tool.id).where("day", ">=", first).execute(),
    db.selectFrom("favorites").select([day("created_at").as("day"), sql<number>`count(*)`.as("n")]).where("tool_id", "=", tool.id).where("created_at", ">=", first).groupBy(day("created_at")).execute(),
    db.selectFrom("ratings").select([day("updated_at").as("day"), sql<number>`count(*)`.as("n")]).where("tool_id", "=", tool.id).where("updated_at", ">=", first).groupBy(day("updated_at")).execute(),
    db.selectFrom("tools").select(["rating", "review_count"]).where("id", "=", tool.id).executeTakeFirst(),
    reviewCountsByDay(db, tool.id, first),
  ]);
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  const viewsBy = perDay(views);
  const websiteBy = perDay(visits.filter((v) => v.source === "website").map((v) => ({ day: v.day, n: v.visits })));
  const badgeBy = perDay(visits.filter((v) => v.source === "badge").map((v) => ({ day: v.day, n: v.visits })));
  const favoritesBy = perDay(favorites);
  const ratingsBy = perDay(ratings);
  const series = {
    views: days.map((d) => viewsBy.get(d) ?? 0),
    websiteVisits: days.map((d) => websiteBy.get(d) ?? 0),
    badgeVisits: days.map((d) => badgeBy.get(d) ?? 0),
    favorites: days.map((d) => favoritesBy.get(d) ?? 0),
    ratings: days.map((d) => ratingsBy.get(d) ?? 0),
  };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    range,
    days,
    series,
    reviews: reviews ? days.map((d) => reviews.get(d) ?? 0) : null,
    totals: { views: sum(series.views), websiteVisits: sum(series.websiteVisits), badgeVisits: sum(series.badgeVisits), favorites: sum(series.favorites), ratings: sum(series.ratings) },
    rating: Number(figures?.rating ?? 0),
    ratingCount: Number(figures?.review_count ?? 0),
  };
}
