import crypto from "node:crypto";
import type { DB } from "../db";

/** UTC day of an ISO time: `2026-11-24`. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/** Salts already read, per database handle (tests open several). */
const knownByDb = new WeakMap<DB, Map<string, string>>();

/**
 * The salt of a UTC day, created by the first instance that needs it (the others read the same row).
 * Days before yesterday are deleted: with their salt gone, a hash can no longer be recomputed from an
 * address and a browser, and nobody can be linked across days.
 */
export async function saltOf(db: DB, day: string): Promise<string> {
  let known = knownByDb.get(db);
  if (!known) knownByDb.set(db, (known = new Map()));
  const cached = known.get(day);
  if (cached) return cached;
  await db.insertInto("analytics_salts").values({ day, salt: crypto.randomBytes(32).toString("hex") }).onConflict((oc) => oc.column("day").doNothing()).execute();
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
  await db.deleteFrom("analytics_salts").where("day", "<", yesterday).execute();
  for (const old of known.keys()) if (old < yesterday) known.delete(old);
  known.set(day, row.salt);
  return row.salt;
}

/** The anonymous visitor of one day: the same browser on the same address gives the same hash that day only. */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return crypto.createHash("sha256").update(salt).update("\0").update(address).update("\0").update(userAgent).digest("hex").slice(0, 32);
}
