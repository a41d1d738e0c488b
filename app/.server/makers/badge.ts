import crypto from "node:crypto";
import { makeBadge } from "badge-maker";
import { htmlLang, type Lang } from "~/i18n/languages";
import { formatDecimalFor } from "~/lib/tool-display";
import type { DB } from "../db";
import { getFixedT } from "../i18n";

/**
 * The badge a maker shows on their site (`/badge/{slug}.svg`): "Featured on {site}" and the tool's live
 * rating, drawn by badge-maker (shields.io's renderer: 20 px high, text measured for its width, a title
 * for screen readers). Light and dark themes keep the text at AA contrast on their backgrounds.
 */
export type BadgeTheme = "light" | "dark";

const COLORS: Record<BadgeTheme, { labelColor: string; color: string }> = {
  light: { labelColor: "#334155", color: "#4338ca" },
  dark: { labelColor: "#0f172a", color: "#312e81" },
};

export interface Badge {
  svg: string;
  etag: string;
}

function etagOf(svg: string): string {
  return `"${crypto.createHash("sha1").update(svg).digest("base64url").slice(0, 20)}"`;
}

export async function toolBadge(db: DB, slug: string, theme: BadgeTheme, lang: Lang): Promise<Badge | null> {
  const tool = await db.selectFrom("tools").select(["rating", "review_count"]).where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  const [t, common] = await Promise.all([getFixedT(lang, "makers"), getFixedT(lang, "common")]);
  const site = common("site.name");
  if (!tool) return null;
  const rating = Number(tool.rating);
  const message = rating > 0 ? `★ ${formatDecimalFor(htmlLang(lang))(rating)}` : t("badge.listed");
  const svg = makeBadge({ label: t("badge.label", { site }), message, style: "flat", ...COLORS[theme] });
  return { svg, etag: etagOf(svg) };
}

/** The answer for an unknown slug: a 404 that is still an image, so the maker's page shows what went wrong. */
export async function unknownBadge(theme: BadgeTheme, lang: Lang): Promise<string> {
  const [t, common] = await Promise.all([getFixedT(lang, "makers"), getFixedT(lang, "common")]);
  return makeBadge({ label: common("site.name"), message: t("badge.unknown"), style: "flat", labelColor: COLORS[theme].labelColor, color: "#9f1239" });
}
