import { zxcvbn, zxcvbnOptions, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * How guessable a new password is, by zxcvbn's estimate (dictionaries of common passwords and words,
 * keyboard patterns, repeats, sequences, dates, and the person's own address and name). Server only:
 * the dictionaries are large, so the browser never loads them; the form shows the reason the server gives.
 */

/** zxcvbn's score 3: about 10^8 guesses or more, safe against online guessing and slow-hash leaks. */
export const MIN_PASSWORD_SCORE = 3;

/** Why a password is too easy to guess; each has a translated message in the login dialog. */
export type WeakPasswordReason =
  | "PASSWORD_PERSONAL"
  | "PASSWORD_REPEATS"
  | "PASSWORD_SEQUENCE"
  | "PASSWORD_KEYBOARD"
  | "PASSWORD_DATES"
  | "PASSWORD_TOO_COMMON"
  | "PASSWORD_TOO_GUESSABLE";

export const WEAK_PASSWORD_MESSAGES: Record<WeakPasswordReason, string> = {
  PASSWORD_PERSONAL: "The password contains your e-mail address or name.",
  PASSWORD_REPEATS: "The password is mostly repeated characters or patterns.",
  PASSWORD_SEQUENCE: "The password is a simple sequence such as abcdefgh or 12345678.",
  PASSWORD_KEYBOARD: "The password is a row or pattern of keyboard keys.",
  PASSWORD_DATES: "The password is built from a year or a date, which are easy to guess.",
  PASSWORD_TOO_COMMON: "This password is among the most common ones. Choose another.",
  PASSWORD_TOO_GUESSABLE: "The password is too easy to guess. Use a few unrelated words or more characters.",
};

let configured = false;

function estimator(): typeof zxcvbn {
  if (!configured) {
    zxcvbnOptions.setOptions({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
    configured = true;
  }
  return zxcvbn;
}

/** The address, its local part and the name: a password made of them is guessed first. */
export function personalInputs(person: { email?: unknown; name?: unknown }): string[] {
  const inputs: string[] = [];
  if (typeof person.email === "string" && person.email.trim()) {
    const email = person.email.trim().toLowerCase();
    inputs.push(email, email.split("@")[0]!);
  }
  if (typeof person.name === "string" && person.name.trim()) inputs.push(person.name.trim().toLowerCase());
  return inputs.filter((input) => input.length >= 3);
}

function reasonOf(result: ZxcvbnResult): WeakPasswordReason {
  const warning = result.feedback.warning;
  const patterns = result.sequence.map((match) => match.pattern);
  const fromUserInputs = result.sequence.some((match) => match.pattern === "dictionary" && match.dictionaryName === "userInputs");
  if (warning === "userInputs" || fromUserInputs) return "PASSWORD_PERSONAL";
  if (warning === "simpleRepeat" || warning === "extendedRepeat" || patterns.includes("repeat")) return "PASSWORD_REPEATS";
  if (warning === "sequences" || patterns.includes("sequence")) return "PASSWORD_SEQUENCE";
  if (warning === "straightRow" || warning === "keyPattern" || patterns.includes("spatial")) return "PASSWORD_KEYBOARD";
  if (warning === "dates" || warning === "recentYears" || patterns.includes("date") || patterns.includes("regex")) return "PASSWORD_DATES";
  if (warning === "topTen" || warning === "topHundred" || warning === "common" || warning === "similarToCommon") return "PASSWORD_TOO_COMMON";
  return "PASSWORD_TOO_GUESSABLE";
}

/** Why the password is too easy to guess for this person, or null when it is strong enough. */
export function weakPasswordReason(password: string, inputs: string[] = []): WeakPasswordReason | null {
  const result = estimator()(password.slice(0, 128), inputs);
  return result.score >= MIN_PASSWORD_SCORE ? null : reasonOf(result);
}
