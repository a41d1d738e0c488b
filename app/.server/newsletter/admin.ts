import { sql } from "kysely";
import type { Lang } from "~/i18n/languages";
import type { Config } from "../config";
import type { DB } from "../db";
import { buildDigest, renderDigest, subscriberLinks, type RenderedMail } from "./digest";
import { newsletterMailer } from "./mailer";
import { newsletterEnabled } from "./subscribers";

/** What the admin's newsletter screen shows: subscribers, issues and their sends, recent unsubscribes. */
export interface NewsletterOverview {
  enabled: boolean;
  subscribers: { active: number; pending: number; unsubscribed: number };
  issues: Array<{ id: number; language: string; week: string; finished: boolean; sent: number; failed: number; unknown: number }>;
  unsubscribes: Array<{ email: string; language: string; at: string }>;
}

const masked = (address: string) => `${address.slice(0, 1)}***@${address.split("@")[1] ?? ""}`;

export async function newsletterOverview(db: DB, config: Config): Promise<NewsletterOverview> {
  const [statuses, issues, sends, unsubscribes] = await Promise.all([
    db.selectFrom("newsletter_subscribers").select(["status", sql<number>`count(*)`.as("n")]).groupBy("status").execute(),
    db.selectFrom("newsletter_issues").select(["id", "language", "week", "finished_at"]).orderBy("id", "desc").limit(30).execute(),
    db.selectFrom("newsletter_sends").select(["issue_id", "status", sql<number>`count(*)`.as("n")]).groupBy(["issue_id", "status"]).execute(),
    db.selectFrom("newsletter_subscribers").select(["email", "language", "unsubscribed_at"]).where("status", "=", "unsubscribed").orderBy("unsubscribed_at", "desc").limit(20).execute(),
  ]);
  const count = (status: string) => Number(statuses.find((s) => s.status === status)?.n ?? 0);
  const sendCount = (issue: number, status: string) => Number(sends.find((s) => s.issue_id === issue && s.status === status)?.n ?? 0);
  return {
    enabled: newsletterEnabled(config),
    subscribers: { active: count("active"), pending: count("pending"), unsubscribed: count("unsubscribed") },
    issues: issues.map((i) => ({ id: i.id, language: i.language, week: i.week, finished: i.finished_at !== null, sent: sendCount(i.id, "sent"), failed: sendCount(i.id, "failed"), unknown: sendCount(i.id, "claimed") })),
    unsubscribes: unsubscribes.map((u) => ({ email: masked(u.email), language: u.language, at: u.unsubscribed_at ?? "" })),
  };
}

/** This week's digest of a language as its subscribers would get it (links of a sample subscriber). */
export async function previewDigest(db: DB, lang: Lang, publicUrl: string): Promise<RenderedMail> {
  return renderDigest(await buildDigest(db, lang, publicUrl), subscriberLinks(publicUrl, lang, "preview-token-not-a-subscriber"));
}

/** Sends the preview to an address (the admin's own), marked as a test in the subject. */
export async function sendTestDigest(db: DB, lang: Lang, to: string, config: Config): Promise<void> {
  const mail = await previewDigest(db, lang, config.publicUrl);
  const mailer = newsletterMailer(config);
  try {
    await mailer.send({ to, ...mail, subject: `[TEST] ${mail.subject}` });
  } finally {
    mailer.close();
  }
}
