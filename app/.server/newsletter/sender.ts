import crypto from "node:crypto";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import { acquireLease, releaseLease } from "../background-lease";
import type { Config } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/values";
import { getLogger } from "../logger";
import { buildDigest, isoWeek, renderDigest, subscriberLinks, type DigestContent } from "./digest";
import { newsletterMailer } from "./mailer";
import { newsletterEnabled } from "./subscribers";
import type { OutgoingMail } from "../auth/mail";
import { countJobRun } from "../metrics";

/**
 * Sends the weekly digest: one issue per language and ISO week, to every confirmed subscriber of that language,
 * in batches, by one instance at a time (a lease renewed per batch).
 *
 * Each mail goes claim, send, mark: a send row (issue, subscriber) is inserted as `claimed` and committed
 * before the mail leaves, and set to `sent` once the SMTP server accepted it. The next batch takes only
 * subscribers without a row for the issue. A sender that dies leaves at most the one mail it was sending as
 * `claimed`; it is not sent again (at most once): had the server already accepted it, a second copy would
 * reach that subscriber, and a newsletter that repeats itself costs more trust than one missed digest. The
 * admin page lists such rows as "unknown".
 */
export const SENDER_LEASE = "newsletter-sender";

export interface SenderOptions {
  batchSize: number;
  leaseMs: number;
  publicUrl: string;
  send: (mail: OutgoingMail) => Promise<void>;
  holder?: string;
  now?: Date;
  /** Only this language (tests, the admin's "send now"). */
  languages?: readonly Lang[];
}

export interface RoundReport {
  sent: number;
  failed: number;
  /** False when another instance holds the lease. */
  ran: boolean;
}

/** The issue of a language and week, made (with its digest frozen) on first use. */
export async function issueFor(db: DB, lang: Lang, publicUrl: string, now: Date): Promise<{ id: number; content: DigestContent; finished: boolean }> {
  const week = isoWeek(now);
  const existing = await db.selectFrom("newsletter_issues").select(["id", "content", "finished_at"]).where("language", "=", lang).where("week", "=", week).executeTakeFirst();
  if (existing) return { id: existing.id, content: JSON.parse(existing.content) as DigestContent, finished: existing.finished_at !== null };
  const content = await buildDigest(db, lang, publicUrl, now);
  await db
    .insertInto("newsletter_issues")
    .values({ language: lang, week, subject: week, content: JSON.stringify(content), created_at: nowIso(), finished_at: null })
    .onConflict((oc) => oc.columns(["language", "week"]).doNothing())
    .execute();
  return issueFor(db, lang, publicUrl, now);
}

/** One round: every language's current issue, batch by batch, until all its subscribers have a send row. */
export async function sendDueIssues(db: DB, options: SenderOptions): Promise<RoundReport> {
  const holder = options.holder ?? crypto.randomUUID();
  const now = options.now ?? new Date();
  const report: RoundReport = { sent: 0, failed: 0, ran: false };
  if (!(await acquireLease(db, SENDER_LEASE, holder, options.leaseMs))) return report;
  report.ran = true;
  try {
    for (const lang of options.languages ?? LANGUAGES) {
      const waiting = await db.selectFrom("newsletter_subscribers").select("id").where("status", "=", "active").where("language", "=", lang).limit(1).executeTakeFirst();
      if (!waiting) continue;
      const issue = await issueFor(db, lang, options.publicUrl, now);
      if (issue.finished) continue;
      for (;;) {
        if (!(await acquireLease(db, SENDER_LEASE, holder, options.leaseMs))) return report;
        const batch = await db
          .selectFrom("newsletter_subscribers as s")
          .select(["s.id", "s.email", "s.token"])
          .where("s.status", "=", "active")
          .where("s.language", "=", lang)
          .where((eb) => eb.not(eb.exists(eb.selectFrom("newsletter_sends as n").select("n.subscriber_id").where("n.issue_id", "=", issue.id).whereRef("n.subscriber_id", "=", "s.id"))))
          .orderBy("s.id")
          .limit(options.batchSize)
          .execute();
        if (batch.length === 0) {
          await db.updateTable("newsletter_issues").set({ finished_at: nowIso() }).where("id", "=", issue.id).execute();
          break;
        }
        for (const subscriber of batch) {
          const claimed = await db
            .insertInto("newsletter_sends")
            .values({ issue_id: issue.id, subscriber_id: subscriber.id, status: "claimed", claimed_at: nowIso(), sent_at: null, error: null })
            .onConflict((oc) => oc.columns(["issue_id", "subscriber_id"]).doNothing())
            .returning("subscriber_id")
            .executeTakeFirst();
          if (!claimed) continue;
          const links = subscriberLinks(options.publicUrl, lang, subscriber.token);
          const mail = await renderDigest(issue.content, links);
          try {
            await options.send({
              to: subscriber.email,
              ...mail,
              headers: { "List-Unsubscribe": `<${links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "List-Id": `<digest.${new URL(options.publicUrl).hostname}>` },
            });
            await db.updateTable("newsletter_sends").set({ status: "sent", sent_at: nowIso() }).where("issue_id", "=", issue.id).where("subscriber_id", "=", subscriber.id).execute();
            report.sent++;
          } catch (error) {
            // Refused by the server: recorded, not retried this week (the admin page lists it).
            await db
              .updateTable("newsletter_sends")
              .set({ status: "failed", error: (error instanceof Error ? error.message : String(error)).slice(0, 500) })
              .where("issue_id", "=", issue.id)
              .where("subscriber_id", "=", subscriber.id)
              .execute();
            report.failed++;
          }
        }
      }
    }
  } finally {
    await releaseLease(db, SENDER_LEASE, holder).catch(() => undefined);
  }
  return report;
}

/** The week's issue is due from Monday at NEWSLETTER_SEND_HOUR (UTC). */
export function issueDue(now: Date, sendHour: number): boolean {
  const weekday = now.getUTCDay() || 7;
  return weekday > 1 || now.getUTCHours() >= sendHour;
}

/** The background job: checks now and then whether this week's digest is due and sends what is left of it. */
export function startNewsletterSender(getDb: () => DB, config: Config): () => void {
  if (!newsletterEnabled(config)) return () => undefined;
  const mailer = newsletterMailer(config);
  let running = false;
  const tick = () => {
    if (running || !issueDue(new Date(), config.NEWSLETTER_SEND_HOUR)) return;
    running = true;
    countJobRun("newsletter_send", sendDueIssues(getDb(), { batchSize: config.NEWSLETTER_BATCH_SIZE, leaseMs: 5 * 60_000, publicUrl: config.publicUrl, send: mailer.send }))
      .then((report) => report.sent + report.failed > 0 && getLogger().info(report, "newsletter digest sent"))
      .catch((error: unknown) => getLogger().warn({ err: error }, "newsletter round failed"))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, config.NEWSLETTER_CHECK_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    mailer.close();
  };
}
