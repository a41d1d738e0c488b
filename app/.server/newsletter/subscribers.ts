import crypto from "node:crypto";
import { z } from "zod";
import { isLang, type Lang } from "~/i18n/languages";
import type { Config } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/values";

/**
 * Newsletter subscribers with double opt-in: a subscription is pending until the link in the confirmation
 * mail is opened. Every subscriber has one random token; it is their key to the confirm, unsubscribe and
 * preferences links, so those pages need no sign-in.
 */
export const email = z.email().max(254).transform((value) => value.trim().toLowerCase());
export const SOURCES = ["footer", "submission"] as const;

/** The newsletter runs only with a real SMTP server (without one the box is hidden; the admin page says so). */
export function newsletterEnabled(config: Config): boolean {
  return Boolean(config.SMTP_URL);
}

export interface Subscriber {
  id: number;
  email: string;
  language: Lang;
  status: "pending" | "active" | "unsubscribed";
  token: string;
}

const COLUMNS = ["id", "email", "language", "status", "token"] as const;

function toSubscriber(row: { id: number; email: string; language: string; status: string; token: string }): Subscriber {
  return { ...row, language: isLang(row.language) ? row.language : "us-en", status: row.status as Subscriber["status"] };
}

const newToken = () => crypto.randomBytes(24).toString("base64url");

/**
 * Records a subscription request. Returns the subscriber to mail a confirmation link to, or null when the
 * address is already confirmed (nothing to do: the answer to the visitor is the same, so the box tells
 * no one whether an address is subscribed). An unsubscribed address starts over as pending.
 */
export async function requestSubscription(db: DB, address: string, language: Lang, source: (typeof SOURCES)[number]): Promise<Subscriber | null> {
  const existing = await db.selectFrom("newsletter_subscribers").select(COLUMNS).where("email", "=", address).executeTakeFirst();
  if (existing?.status === "active") return null;
  if (existing) {
    await db.updateTable("newsletter_subscribers").set({ status: "pending", language, unsubscribed_at: null }).where("id", "=", existing.id).execute();
    return toSubscriber({ ...existing, status: "pending", language });
  }
  const row = await db
    .insertInto("newsletter_subscribers")
    .values({ email: address, language, status: "pending", token: newToken(), source, created_at: nowIso(), confirmed_at: null, unsubscribed_at: null })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  // Two requests for one address at once: the other one wrote the row and mails the link.
  return row ? toSubscriber(row) : null;
}

export async function subscriberByToken(db: DB, token: string): Promise<Subscriber | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db.selectFrom("newsletter_subscribers").select(COLUMNS).where("token", "=", token).executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

export type ConfirmResult = "confirmed" | "already" | "invalid";

/** Opens a confirmation link: confirmed now, confirmed before, or no such link (unsubscribed ones subscribe again). */
export async function confirmSubscription(db: DB, token: string): Promise<{ result: ConfirmResult; subscriber: Subscriber | null }> {
  const subscriber = await subscriberByToken(db, token);
  if (!subscriber) return { result: "invalid", subscriber: null };
  if (subscriber.status === "active") return { result: "already", subscriber };
  const updated = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "active", confirmed_at: nowIso(), unsubscribed_at: null })
    .where("id", "=", subscriber.id)
    .where("status", "!=", "active")
    .executeTakeFirst();
  // Opened twice at once: the other request confirmed it.
  return { result: Number(updated.numUpdatedRows) > 0 ? "confirmed" : "already", subscriber: { ...subscriber, status: "active" } };
}

/** Unsubscribes by token; false when the token names no one. Unsubscribing twice is fine. */
export async function unsubscribe(db: DB, token: string): Promise<boolean> {
  const subscriber = await subscriberByToken(db, token);
  if (!subscriber) return false;
  if (subscriber.status !== "unsubscribed") {
    await db.updateTable("newsletter_subscribers").set({ status: "unsubscribed", unsubscribed_at: nowIso() }).where("id", "=", subscriber.id).execute();
  }
  return true;
}

/** The preferences page: the digest's language, or subscribed again after an unsubscribe. */
export async function updatePreferences(db: DB, token: string, changes: { language: Lang; subscribed: boolean }): Promise<Subscriber | null> {
  const subscriber = await subscriberByToken(db, token);
  if (!subscriber) return null;
  const status = changes.subscribed ? (subscriber.status === "pending" ? "pending" : "active") : "unsubscribed";
  await db
    .updateTable("newsletter_subscribers")
    .set({ language: changes.language, status, unsubscribed_at: status === "unsubscribed" ? (subscriber.status === "unsubscribed" ? undefined : nowIso()) : null })
    .where("id", "=", subscriber.id)
    .execute();
  return { ...subscriber, language: changes.language, status };
}
