import { sql } from "kysely";
import type { DailyPoint, DashboardRange, Ranked } from "~/lib/analytics";
import type { DB } from "../db";
import { DEFAULT_LANG } from "~/i18n/languages";
import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import { CARD_COLUMNS, toCards, toolCardName } from "../tools/queries";
import { DIMENSIONS, type Dimension } from "./rollups";
import { addDays } from "./salts";

const TOP_ROWS = 10;

export interface Dashboard {
  range: DashboardRange;
  daily: DailyPoint[];
  totals: { views: number; visitors: number };
  /** Top rows per breakdown; `tool` lists published tools only, named; `caseStudy` the case studies, titled. */
  top: Record<Dimension | "caseStudy", Ranked[]>;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Everything the admin analytics screen shows, read from the daily rollups only: one read for the days,
 * one per breakdown. Visitors over a range are the sum of each day's visitors (hashes change daily, so
 * one person on two days counts twice, as in other cookie-free analytics).
 */
export async function readDashboard(db: DB, range: DashboardRange, now = new Date(), lang: string = DEFAULT_LANG): Promise<Dashboard> {
  const last = today(now);
  const first = addDays(last, -(range - 1));
  const [days, tools, caseStudies, ...breakdowns] = await Promise.all([
    db.selectFrom("page_view_daily").select(["day", "views", "visitors"]).where("dimension", "=", "total").where("day", ">=", first).orderBy("day").execute(),
    topTools(db, first, lang),
    topCaseStudies(db, first, lang),
    ...DIMENSIONS.filter((dimension) => dimension !== "tool").map((dimension) =>
      db
        .selectFrom("page_view_daily")
        .select(["value", sql<number>`sum(views)`.as("views"), sql<number>`sum(visitors)`.as("visitors")])
        .where("dimension", "=", dimension)
        .where("day", ">=", first)
        .groupBy("value")
        .orderBy(sql`sum(views)`, "desc")
        .orderBy("value")
        .limit(TOP_ROWS)
        .execute(),
    ),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const daily: DailyPoint[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const row = byDay.get(day);
    daily.push({ day, views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) });
  }
  const others = DIMENSIONS.filter((dimension) => dimension !== "tool");
  const top = {
    ...Object.fromEntries(others.map((dimension, i) => [dimension, breakdowns[i]!.map((r) => ({ value: r.value, views: Number(r.views), visitors: Number(r.visitors) }))])),
    tool: tools,
    caseStudy: caseStudies,
  } as Dashboard["top"];
  return {
    range,
    daily,
    totals: { views: daily.reduce((s, d) => s + d.views, 0), visitors: daily.reduce((s, d) => s + d.visitors, 0) },
    top,
  };
}

/**
 * The most viewed published tools, named in `lang`. Only rows whose slug is a tool count: rollups made before
 * case-study pages stopped being recorded as tools still hold case-study slugs in this breakdown.
 */
async function topTools(db: DB, first: string, lang: string): Promise<Ranked[]> {
  const rows = await db
    .selectFrom("page_view_daily as d")
    .innerJoin("tools as t", "t.slug", "d.value")
    .select(["d.value", "t.id", sql<number>`sum(d.views)`.as("views"), sql<number>`sum(d.visitors)`.as("visitors")])
    .where("d.dimension", "=", "tool")
    .where("d.day", ">=", first)
    .where("t.status", "=", "published")
    .groupBy(["d.value", "t.id"])
    .orderBy(sql`sum(d.views)`, "desc")
    .orderBy("d.value")
    .limit(TOP_ROWS)
    .execute();
  return Promise.all(
    rows.map(async (r) => ({ value: r.value, label: (await toolCardName(db, lang, Number(r.id))) ?? r.value, views: Number(r.views), visitors: Number(r.visitors) })),
  );
}

/** The most viewed case studies (their pages, `/case-study/<slug>`), titled in `lang`. */
async function topCaseStudies(db: DB, first: string, lang: string): Promise<Ranked[]> {
  const rows = await db
    .selectFrom("page_view_daily as d")
    .innerJoin("case_studies as c", (join) => join.on("d.value", "=", sql<string>`'/case-study/' || c.slug`))
    .select(["c.slug", "c.id", sql<number>`sum(d.views)`.as("views"), sql<number>`sum(d.visitors)`.as("visitors")])
    .where("d.dimension", "=", "path")
    .where("d.day", ">=", first)
    .groupBy(["c.slug", "c.id"])
    .orderBy(sql`sum(d.views)`, "desc")
    .orderBy("c.slug")
    .limit(TOP_ROWS)
    .execute();
  if (rows.length === 0) return [];
  const titles = await db
    .selectFrom("case_study_translations")
    .select(["case_study_id", "language", "title"])
    .where("case_study_id", "in", rows.map((r) => r.id))
    .execute();
  return rows.map((r) => {
    const own = titles.filter((t) => t.case_study_id === r.id);
    const title = pickLocalized(fieldVariants(own, (t) => t.title), lang)?.value;
    return { value: r.slug, label: title || r.slug, views: Number(r.views), visitors: Number(r.visitors) };
  });
}

/**
 * Page views of the last `days` days (today included) as of the latest rollup: the figure the
 * advertise page's banner and the admin home show.
 */
export async function pageViewsInLastDays(db: DB, days = 30, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("page_view_daily")
    .select(sql<number | null>`sum(views)`.as("views"))
    .where("dimension", "=", "total")
    .where("day", ">=", addDays(today(now), -(days - 1)))
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

export interface SiteTrend {
  slug: string;
  name: string;
  views: number;
  favourites: number;
}

/** A new favourite weighs as much as this many views in the site's weekly ranking. */
const FAVOURITE_WEIGHT = 5;
const SITE_TREND_ROWS = 10;

/**
 * Tools trending on this site over the last seven days: page views of their pages plus the favourites
 * they gained, a favourite weighing five views. Names in the page language (spec 4.7 fallbacks).
 */
export async function trendingOnSite(db: DB, lang: string, now = new Date()): Promise<SiteTrend[]> {
  const first = addDays(today(now), -6);
  const [views, favourites] = await Promise.all([
    db
      .selectFrom("page_view_daily")
      .select(["value", sql<number>`sum(views)`.as("views")])
      .where("dimension", "=", "tool")
      .where("day", ">=", first)
      .groupBy("value")
      .orderBy(sql`sum(views)`, "desc")
      .limit(100)
      .execute(),
    db
      .selectFrom("favorites as f")
      .innerJoin("tools as t", "t.id", "f.tool_id")
      .select(["t.slug as value", sql<number>`count(*)`.as("favourites")])
      .where("f.created_at", ">=", `${first}T00:00:00.000Z`)
      .groupBy("t.slug")
      .orderBy(sql`count(*)`, "desc")
      .limit(100)
      .execute(),
  ]);
  const scores = new Map<string, { views: number; favourites: number }>();
  for (const row of views) scores.set(row.value, { views: Number(row.views), favourites: 0 });
  for (const row of favourites) {
    const entry = scores.get(row.value) ?? { views: 0, favourites: 0 };
    entry.favourites = Number(row.favourites);
    scores.set(row.value, entry);
  }
  const ranked = [...scores]
    .sort((a, b) => b[1].views + FAVOURITE_WEIGHT * b[1].favourites - (a[1].views + FAVOURITE_WEIGHT * a[1].favourites) || (a[0] < b[0] ? -1 : 1))
    .slice(0, SITE_TREND_ROWS * 2);
  if (ranked.length === 0) return [];
  const tools = await db
    .selectFrom("tools as t")
    .select(CARD_COLUMNS)
    .where("t.status", "=", "published")
    .where("t.slug", "in", ranked.map(([slug]) => slug))
    .execute();
  const cards = new Map((await toCards(db, lang, tools)).map((card) => [card.slug, card]));
  return ranked.flatMap(([slug, score]) => {
    const card = cards.get(slug);
    return card ? [{ slug, name: card.name, views: score.views, favourites: score.favourites }] : [];
  }).slice(0, SITE_TREND_ROWS);
}
