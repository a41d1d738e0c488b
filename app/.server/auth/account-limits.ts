import crypto from "node:crypto";
import { getDb } from "../db";
import { consumeRateLimit, resetRateLimit, type RateLimitRule } from "../rate-limit";

/**
 * Limits on the sign-in endpoints per account, next to better-auth's per address (and path), so
 * rotating addresses gets no more guesses at one account than rotating accounts gets from one
 * address, without letting strangers lock the owner out (decision 0022). Counted in `rate_limits`
 * (shared by every instance):
 *
 * - per account and address: 10 per 15 minutes, then 429 for that address only;
 * - password sign-ins per account, from every address together: past 10 in 15 minutes the password
 *   alone no longer signs in. With mail, a right password is answered with a sign-in link to the
 *   address (only the owner reads it) and a wrong one gets the same answer; without mail, one
 *   attempt per ACCOUNT_PACE_MS is let through (back-off instead of a lock);
 * - mail-sending requests per account (sign-up, magic link, verification, reset): 10 per 15 minutes;
 * - a pending two-factor sign-in (its cookie): 10 per 15 minutes.
 */
export const ACCOUNT_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
/** Without mail, past the account-wide threshold: one password attempt per this long, from any address. */
export const ACCOUNT_PACE_MS = 15_000;
/** Sign-in links mailed after a right password past the threshold (only someone with the password gets one). */
const LINK_MAILS: RateLimitRule = { limit: 3, windowMs: 15 * 60_000 };

export const PASSWORD_SIGN_IN = "/sign-in/email";
/** Paths whose body names the account and that may send mail (better-auth paths below /api/auth). */
const MAILING = new Set(["/sign-up/email", "/sign-in/magic-link", "/send-verification-email", "/request-password-reset"]);
const TWO_FACTOR = /^\/two-factor\/verify-/;

/** Whether a better-auth path (below /api/auth, lower case) is one these limits count. */
export function isCountedAuthPath(path: string): boolean {
  return path === PASSWORD_SIGN_IN || MAILING.has(path) || TWO_FACTOR.test(path);
}
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?[\w.-]*two_factor=([^;]+)/;

export type AttemptVerdict =
  /** Go on to better-auth; a successful password sign-in then forgets `resetKeys`. */
  | { kind: "allow"; resetKeys: string[] }
  /** 429 with Retry-After: this address used up its guesses at this account, or the pace is not due. */
  | { kind: "limited"; retryAfterSeconds: number; reason: "address" | "account" }
  /** Past the account-wide threshold with mail: check the password here, mail a link when it is right. */
  | { kind: "mail-link"; email: string; resetKeys: string[] };

export function emailOf(body: unknown): string | null {
  if (typeof body !== "string" || body.length === 0) return null;
  try {
    const parsed = JSON.parse(body) as { email?: unknown };
    return typeof parsed?.email === "string" ? parsed.email.trim().toLowerCase().slice(0, 320) : null;
  } catch {
    return null;
  }
}

const digest = (value: string) => crypto.createHash("sha256").update(value).digest("base64url").slice(0, 32);

async function consume(key: string, rule: RateLimitRule) {
  return consumeRateLimit(getDb(), key, rule);
}

/**
 * Counts a POST to a better-auth path against its account; null when the path is not limited here
 * or names no account. `clientAddress` is the address Express resolved; `mailWorks` chooses between
 * a mailed link and back-off past the account-wide threshold.
 */
export async function countAttempt(path: string, body: unknown, cookie: string | undefined, clientAddress: string, mailWorks: boolean): Promise<AttemptVerdict | null> {
  if (TWO_FACTOR.test(path)) {
    const pending = TWO_FACTOR_COOKIE.exec(cookie ?? "")?.[1];
    if (!pending) return null;
    const result = await consume(`auth:two-factor:${digest(pending)}`, ACCOUNT_LIMIT);
    return result.allowed ? { kind: "allow", resetKeys: [] } : { kind: "limited", retryAfterSeconds: result.retryAfterSeconds, reason: "account" };
  }
  if (path !== PASSWORD_SIGN_IN && !MAILING.has(path)) return null;
  const email = emailOf(body);
  if (!email) return null;
  const account = digest(email);
  const fromHere = `auth:account-address:${digest(`${email}\n${clientAddress}`)}`;
  const here = await consume(fromHere, ACCOUNT_LIMIT);
  if (!here.allowed) return { kind: "limited", retryAfterSeconds: here.retryAfterSeconds, reason: "address" };
  if (path !== PASSWORD_SIGN_IN) {
    const mail = await consume(`auth:account-mail:${account}`, ACCOUNT_LIMIT);
    return mail.allowed ? { kind: "allow", resetKeys: [] } : { kind: "limited", retryAfterSeconds: mail.retryAfterSeconds, reason: "account" };
  }
  const accountKey = `auth:account:${account}`;
  const resetKeys = [fromHere, accountKey];
  const everywhere = await consume(accountKey, ACCOUNT_LIMIT);
  if (everywhere.count < ACCOUNT_LIMIT.limit) return { kind: "allow", resetKeys };
  const paceKey = `auth:account-pace:${account}`;
  const pace: RateLimitRule = { limit: 1, windowMs: ACCOUNT_PACE_MS };
  if (everywhere.count === ACCOUNT_LIMIT.limit) {
    // The last free attempt starts the pace, so the first one past the threshold already waits for it.
    if (!mailWorks) await consume(paceKey, pace);
    return { kind: "allow", resetKeys: [...resetKeys, paceKey] };
  }
  if (mailWorks) return { kind: "mail-link", email, resetKeys };
  const slot = await consume(paceKey, pace);
  return slot.allowed ? { kind: "allow", resetKeys: [...resetKeys, paceKey] } : { kind: "limited", retryAfterSeconds: slot.retryAfterSeconds, reason: "account" };
}

/** Whether another sign-in link may be mailed to this account now. */
export async function mayMailSignInLink(email: string): Promise<boolean> {
  return (await consume(`auth:account-link:${digest(email)}`, LINK_MAILS)).allowed;
}

export async function forgetAccountAttempts(keys: string[]): Promise<void> {
  for (const key of keys) await resetRateLimit(getDb(), key);
}
