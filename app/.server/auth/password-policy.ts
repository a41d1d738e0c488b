import { dictionary } from "@zxcvbn-ts/language-common";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { APIError } from "better-auth/api";
import { personalInputs, WEAK_PASSWORD_MESSAGES, weakPasswordReason, type WeakPasswordReason } from "./password-strength";

/**
 * What a password must be beyond better-auth's 8-128 characters: not blank, not one of the ~49,000
 * most common breached passwords (zxcvbn's list, maintained upstream), and hard enough to guess by
 * zxcvbn's estimate with the person's address and name as inputs (password-strength.ts). Display
 * names are bounded here too, since the same sign-up request carries them.
 */
export const DISPLAY_NAME_MAX = 64;

let common: Set<string> | undefined;

export type PasswordProblem = "PASSWORD_BLANK" | WeakPasswordReason;

/** Whose password it is: their address and name make it easier to guess when it contains them. */
export interface PasswordOwner {
  email?: unknown;
  name?: unknown;
}

export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  if (password.trim() === "") return "PASSWORD_BLANK";
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  if (common.has(password.toLowerCase())) return "PASSWORD_TOO_COMMON";
  return weakPasswordReason(password, personalInputs(owner));
}

const PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  PASSWORD_BLANK: "The password cannot be only spaces.",
  ...WEAK_PASSWORD_MESSAGES,
};

/** Refuses a bad new password with 400 and a code the login dialog translates (the message says why in English). */
export function assertPasswordAllowed(password: unknown, owner: PasswordOwner = {}): void {
  if (typeof password !== "string" || password.length < 8 || password.length > 128) return; // better-auth's own checks answer these
  const problem = passwordProblem(password, owner);
  if (problem) throw new APIError("BAD_REQUEST", { code: problem, message: PROBLEM_MESSAGES[problem] });
}

export function assertDisplayNameAllowed(name: unknown): void {
  if (typeof name === "string" && name.trim().length > DISPLAY_NAME_MAX) {
    throw new APIError("BAD_REQUEST", { code: "NAME_TOO_LONG", message: `The name is longer than ${DISPLAY_NAME_MAX} characters.` });
  }
}

/**
 * Password hashing (scrypt) runs on libuv's small thread pool, which static files and DNS share:
 * 100 sign-ups at once kept an asset waiting 18 s. At most HASH_CONCURRENCY hashes run at a time,
 * HASH_QUEUE wait; past that the request is told to come back (503 + Retry-After).
 */
const HASH_CONCURRENCY = 2;
const HASH_QUEUE = 32;

/** Runs work `concurrency` at a time with at most `queue` waiting; past that, a 503 APIError with Retry-After. */
export function boundedQueue(concurrency: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queue) {
        throw new APIError("SERVICE_UNAVAILABLE", { code: "BUSY", message: "Too many sign-ins at once. Try again in a few seconds." }, { "Retry-After": "5" });
      }
      // The finishing task hands its slot over, so `running` stays counted.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const hashing = boundedQueue(HASH_CONCURRENCY, HASH_QUEUE);

export const boundedPasswordHashing = {
  hash: (password: string) => hashing(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => hashing(() => verifyPassword(data)),
};
