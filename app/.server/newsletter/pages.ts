import { z } from "zod";
import { LANGUAGES, splitLangPath, type Lang } from "~/i18n/languages";
import { assertSameOrigin } from "../auth/guards";
import type { DB } from "../db";
import { readBodyText } from "../http/json-api";
import { confirmSubscription, subscriberByToken, unsubscribe, updatePreferences, type ConfirmResult } from "./subscribers";

/**
 * The three pages a subscriber reaches from a mail, by the token in the link: confirm (on opening),
 * unsubscribe (a button; or RFC 8058 one-click, a POST of `List-Unsubscribe=One-Click` by the mail
 * provider) and preferences (language, subscribed or not).
 */
export type NewsletterPageKind = "confirm" | "unsubscribe" | "preferences";

export type NewsletterPage =
  | { kind: "confirm"; result: ConfirmResult }
  | { kind: "unsubscribe"; state: "ask" | "done" | "invalid"; email: string | null; token: string }
  | { kind: "preferences"; state: "form" | "saved" | "invalid"; email: string | null; language: Lang; subscribed: boolean; token: string };

export function pageKindOf(request: Request): { kind: NewsletterPageKind; token: string; lang: Lang } {
  const url = new URL(request.url);
  const { lang, rest } = splitLangPath(url.pathname);
  const kind = rest.endsWith("/confirm") ? "confirm" : rest.endsWith("/unsubscribe") ? "unsubscribe" : "preferences";
  return { kind, token: (url.searchParams.get("token") ?? "").slice(0, 100), lang };
}

/** Masks an address for a page anyone with the link sees: `j***@example.com`. */
function masked(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

export async function newsletterPage(db: DB, request: Request): Promise<NewsletterPage> {
  const { kind, token } = pageKindOf(request);
  if (kind === "confirm") return { kind, result: (await confirmSubscription(db, token)).result };
  const subscriber = await subscriberByToken(db, token);
  if (kind === "unsubscribe") {
    if (!subscriber) return { kind, state: "invalid", email: null, token };
    return { kind, state: subscriber.status === "unsubscribed" ? "done" : "ask", email: masked(subscriber.email), token };
  }
  if (!subscriber) return { kind, state: "invalid", email: null, language: "us-en", subscribed: false, token };
  return { kind, state: "form", email: masked(subscriber.email), language: subscriber.language, subscribed: subscriber.status !== "unsubscribed", token };
}

const preferencesForm = z.object({ language: z.enum(LANGUAGES), subscribed: z.literal("on").optional() });

/**
 * POSTs. Unsubscribing needs only the token (the mail provider's one-click POST carries no Origin of ours,
 * and stopping mail must always work); changing preferences comes from our page (origin checked).
 */
export async function newsletterAction(db: DB, request: Request): Promise<NewsletterPage> {
  const { kind, token } = pageKindOf(request);
  const form = new URLSearchParams(await readBodyText(request, 4096));
  if (kind === "unsubscribe") {
    const done = await unsubscribe(db, token);
    return { kind, state: done ? "done" : "invalid", email: null, token };
  }
  if (kind !== "preferences") throw new Response("Method Not Allowed", { status: 405 });
  assertSameOrigin(request);
  const parsed = preferencesForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const updated = await updatePreferences(db, token, { language: parsed.data.language, subscribed: parsed.data.subscribed === "on" });
  if (!updated) return { kind, state: "invalid", email: null, language: parsed.data.language, subscribed: false, token };
  return { kind, state: "saved", email: masked(updated.email), language: updated.language, subscribed: updated.status !== "unsubscribed", token };
}
