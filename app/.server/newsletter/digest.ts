import { htmlLang, localizedPath, type Lang } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/seo";
import type { DB } from "../db";
import { trendingOnSite } from "../analytics/queries";
import { escapeHtml } from "../auth/mail-templates";
import { getFixedT } from "../i18n";
import { newToolEntries } from "../feeds/items";

/**
 * The weekly digest of one language: the tools added in the last seven days and the tools most viewed on the
 * site that week, with texts in that language (usual fallback). Built once per issue and stored with it, so
 * every batch of an issue, and a resumed one, sends the same digest.
 */
export const NEW_TOOLS = 10;
export const POPULAR_TOOLS = 5;

export interface DigestItem {
  name: string;
  summary: string;
  url: string;
}

export interface DigestContent {
  language: Lang;
  week: string;
  newTools: DigestItem[];
  popularTools: DigestItem[];
}

/** ISO 8601 week of a date, e.g. 2026-W48. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export async function buildDigest(db: DB, lang: Lang, publicUrl: string, now = new Date()): Promise<DigestContent> {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const [fresh, trending] = await Promise.all([newToolEntries(db, lang), trendingOnSite(db, lang, now)]);
  const newTools = (fresh?.entries ?? [])
    .filter((entry) => entry.published >= since)
    .slice(0, NEW_TOOLS)
    .map((entry) => ({ name: entry.title, summary: entry.summary, url: absoluteUrl(publicUrl, entry.path) }));
  const popularTools = trending.slice(0, POPULAR_TOOLS).map((tool) => ({ name: tool.name, summary: "", url: absoluteUrl(publicUrl, localizedPath(lang, `/tool/${tool.slug}`)) }));
  return { language: lang, week: isoWeek(now), newTools, popularTools };
}

export interface DigestLinks {
  unsubscribe: string;
  preferences: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The digest as a mail in its language, with the subscriber's unsubscribe and preferences links. */
export async function renderDigest(content: DigestContent, links: DigestLinks): Promise<RenderedMail> {
  const [t, common] = await Promise.all([getFixedT(content.language, "newsletter"), getFixedT(content.language, "common")]);
  const site = common("site.name");
  const subject = t("digest.subject", { site, week: content.week });
  const section = (title: string, items: DigestItem[]) =>
    items.length
      ? { text: [title, ...items.map((i) => `- ${i.name}${i.summary ? `: ${i.summary}` : ""}\n  ${i.url}`)].join("\n"), html: `<h2 style="font-size:18px">${escapeHtml(title)}</h2><ul>${items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.name)}</a>${i.summary ? ` – ${escapeHtml(i.summary)}` : ""}</li>`).join("")}</ul>` }
      : { text: "", html: "" };
  const fresh = section(t("digest.newTools"), content.newTools);
  const popular = section(t("digest.popularTools"), content.popularTools);
  const quiet = !content.newTools.length && !content.popularTools.length ? t("digest.quietWeek") : "";
  const footer = t("digest.footer", { site });
  const text = [subject, "", fresh.text, popular.text, quiet, "", footer, `${t("digest.preferences")}: ${links.preferences}`, `${t("digest.unsubscribe")}: ${links.unsubscribe}`].filter((line) => line !== null).join("\n");
  const html = `<!doctype html><html lang="${htmlLang(content.language)}"><body style="font-family:sans-serif;line-height:1.5;color:#0f172a"><h1 style="font-size:20px">${escapeHtml(subject)}</h1>${fresh.html}${popular.html}${quiet ? `<p>${escapeHtml(quiet)}</p>` : ""}<hr><p style="font-size:13px;color:#475569">${escapeHtml(footer)}<br><a href="${escapeHtml(links.preferences)}">${escapeHtml(t("digest.preferences"))}</a> · <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(t("digest.unsubscribe"))}</a></p></body></html>`;
  return { subject, text, html };
}

/** The confirmation mail of a subscription, in the language it was made in. */
export async function renderConfirmation(lang: Lang, confirmUrl: string): Promise<RenderedMail> {
  const [t, common] = await Promise.all([getFixedT(lang, "newsletter"), getFixedT(lang, "common")]);
  const site = common("site.name");
  const subject = t("confirmMail.subject", { site });
  const body = t("confirmMail.body", { site });
  const ignore = t("confirmMail.ignore");
  return {
    subject,
    text: `${body}\n\n${confirmUrl}\n\n${ignore}`,
    html: `<!doctype html><html lang="${htmlLang(lang)}"><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(t("confirmMail.button"))}</a></p><p style="color:#475569;font-size:13px">${escapeHtml(ignore)}</p></body></html>`,
  };
}

/** Addresses of a subscriber's links; the unsubscribe address also answers RFC 8058 one-click POSTs. */
export function subscriberLinks(publicUrl: string, lang: Lang, token: string): DigestLinks & { confirm: string } {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    confirm: absoluteUrl(publicUrl, `${localizedPath(lang, "/newsletter/confirm")}${query}`),
    unsubscribe: absoluteUrl(publicUrl, `${localizedPath(lang, "/newsletter/unsubscribe")}${query}`),
    preferences: absoluteUrl(publicUrl, `${localizedPath(lang, "/newsletter/preferences")}${query}`),
  };
}
