/** Conversions between stored column values (see schema.ts) and app values. */

export function nowIso(): string {
  return new Date().toISOString();
}

let lastOrderedMs = 0;

/**
 * Like `nowIso`, but never the same instant twice in this process: rows that lists show newest first
 * across several tables (a user's favourites of every kind) keep the order they were written in even when
 * two land in the same millisecond.
 */
export function orderedNowIso(): string {
  lastOrderedMs = Math.max(Date.now(), lastOrderedMs + 1);
  return new Date(lastOrderedMs).toISOString();
}

export function toFlag(value: boolean | undefined | null): number {
  return value ? 1 : 0;
}

export function fromFlag(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

/** Parses a JSON text column, returning `fallback` for empty or malformed values. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function parseStringList(text: string | null | undefined): string[] {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? []);
}
