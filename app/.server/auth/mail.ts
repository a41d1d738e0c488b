import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import { getConfig, type Config } from "../config";
import { getLogger } from "../logger";
import { mailsSent } from "../metrics";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the newsletter's List-Unsubscribe); SMTP only. */
  headers?: Record<string, string>;
}

export interface OutboxMessage extends OutgoingMail {
  id: string;
  from: string;
  sentAt: string;
}

const outboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

/**
 * Where mail goes when no SMTP server is configured (outside production only):
 * next to the SQLite file (data/outbox by default), so each database has its own.
 */
export function outboxDir(config: Config = getConfig()): string {
  const dataDir = config.database.kind === "sqlite" && config.database.path !== ":memory:" ? path.dirname(config.database.path) : "data";
  return path.resolve(dataDir, "outbox");
}

/** True when mail is written to the local outbox instead of an SMTP server. */
export function usesOutbox(config: Config = getConfig()): boolean {
  return !config.SMTP_URL && !config.isProduction;
}

/** True when sign-in mail can reach anyone: an SMTP server, or the outbox outside production. */
export function mailDeliverable(config: Config = getConfig()): boolean {
  return Boolean(config.SMTP_URL) || usesOutbox(config);
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

/**
 * Sends through SMTP_URL; without it (outside production) writes the message to
 * the outbox so /dev/mailbox can show it and a new user can sign in with no accounts.
 */
export async function sendMail(mail: OutgoingMail, config: Config = getConfig()): Promise<void> {
  try {
    await deliver(mail, config);
    mailsSent.inc({ outcome: "sent" });
  } catch (error) {
    mailsSent.inc({ outcome: "failed" });
    throw error;
  }
}

async function deliver(mail: OutgoingMail, config: Config): Promise<void> {
  if (config.SMTP_URL) {
    if (!transporter || transporterUrl !== config.SMTP_URL) {
      transporter = nodemailer.createTransport(config.SMTP_URL);
      transporterUrl = config.SMTP_URL;
    }
    await transporter.sendMail({ from: config.MAIL_FROM, ...mail });
    return;
  }
  if (config.isProduction) {
    throw new Error("SMTP_URL is not set: cannot send mail in production");
  }
  const message: OutboxMessage = {
    id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    from: config.MAIL_FROM,
    sentAt: new Date().toISOString(),
    ...mail,
  };
  const dir = outboxDir(config);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, `${message.id}.json`), JSON.stringify(message, null, 2));
  getLogger().info({ to: mail.to, subject: mail.subject }, "mail written to the local outbox (/dev/mailbox)");
}

/** Newest first. Unreadable files are skipped rather than breaking the page. */
export async function readOutbox(limit = 50): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir());
  } catch {
    return [];
  }
  const newest = names.filter((n) => n.endsWith(".json")).sort().reverse().slice(0, limit);
  const messages = await Promise.all(
    newest.map(async (name) => {
      try {
        return outboxMessageSchema.parse(JSON.parse(await fs.readFile(path.join(outboxDir(), name), "utf8")));
      } catch {
        return null;
      }
    }),
  );
  return messages.filter((m): m is OutboxMessage => m !== null);
}
