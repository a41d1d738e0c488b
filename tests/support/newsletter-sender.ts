import { getConfig } from "~/.server/config";
import { closeDb, getDb } from "~/.server/db";
import { newsletterMailer } from "~/.server/newsletter/mailer";
import { sendDueIssues } from "~/.server/newsletter/sender";

/**
 * A sender process as the server's background job runs it, on the database and SMTP server of the
 * environment, with a short lease so a test can kill it and start another one soon after.
 */
const config = getConfig();
const mailer = newsletterMailer(config);
const report = await sendDueIssues(getDb(), {
  batchSize: Number(process.env.NEWSLETTER_BATCH_SIZE ?? 50),
  leaseMs: Number(process.env.SENDER_LEASE_MS ?? 1000),
  publicUrl: config.publicUrl,
  send: mailer.send,
});
process.stdout.write(`${JSON.stringify(report)}\n`);
mailer.close();
await closeDb();
