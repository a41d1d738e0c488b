import crypto from "node:crypto";
import { getDb } from "../db";
import { consumeRateLimit, resetRateLimit, type RateLimitRule } from "../rate-limit";

/**
 * Limits on the sign-in endpoints per account, next to better-auth's per address (and path), so
 * rotating addresses gets no more guesses at one account than rotating accounts gets from one
 * address. Counted in `rate_limits` (shared by every instance) by what is attacked: the e-mail
 * address in the body, or the pending two-factor sign-in (its cookie).
 */
export const ACCOUNT_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

/** Paths whose body names the account (better-auth paths below /api/auth). */
const BY_EMAIL = new Set(["/sign-in/email", "/sign-up/email", "/sign-in/magic-link", "/send-verification-email", "/request-password-reset"]);
const TWO_FACTOR = /^\/two-factor\/verify-/;
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?[\w.-]*two_factor=([^;]+)/;

export interface LimitedAttempt {
  /** The key counted; a successful password sign-in forgets it. */
  accountKey: string;
  allowed: boolean;
  retryAfterSeconds: number;
}

function emailOf(body: unknown): string | null {
  if (typeof body !== "string" || body.length === 0) return null;
  try {
    const parsed = JSON.parse(body) as { email?: unknown };
    return typeof parsed?.email === "string" ? parsed.email.trim().toLowerCase().slice(0, 320) : null;
  } catch {
    return null;
  }
}

const digest = (value: string) => crypto.createHash("sha256").update(value).digest("base64url").slice(0, 32);

/** Counts the request against its account; null when the path is not limited or names no account. */
export async function countAttempt(path: string, body: unknown, cookie: string | undefined): Promise<LimitedAttempt | null> {
  let account: string | null;
  if (BY_EMAIL.has(path)) {
    const email = emailOf(body);
    account = email ? `auth:account:${digest(email)}` : null;
  } else if (TWO_FACTOR.test(path)) {
    const pending = TWO_FACTOR_COOKIE.exec(cookie ?? "")?.[1];
    account = pending ? `auth:two-factor:${digest(pending)}` : null;
  } else return null;
  if (!account) return null;
  const result = await consumeRateLimit(getDb(), account, ACCOUNT_LIMIT);
  return { accountKey: account, allowed: result.allowed, retryAfterSeconds: result.retryAfterSeconds };
}

export async function forgetAccountAttempts(key: string): Promise<void> {
  await resetRateLimit(getDb(), key);
}
