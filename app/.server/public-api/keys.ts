import crypto from "node:crypto";
import { z } from "zod";
import type { DB } from "../db";
import { nowIso } from "../db/values";

/**
 * API keys: `dk_` and 32 random bytes (base64url). Only the SHA-256 of a key is stored; the key itself is
 * shown once, when it is made. A user keeps at most MAX_KEYS keys that are not revoked.
 */
export const MAX_KEYS = 10;
export const KEY_PREFIX = "dk_";
export const keyName = z.string().trim().min(1).max(60);

export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

export async function listApiKeys(db: DB, userId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select(["id", "name", "key_prefix", "created_at", "last_used_at", "revoked_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.key_prefix, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at }));
}

/** Makes a key; returns it in full (the only time it exists outside the caller's hands), or null past the cap. */
export async function createApiKey(db: DB, userId: string, name: string): Promise<{ key: string; view: ApiKeyView } | null> {
  const active = await db.selectFrom("api_keys").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirstOrThrow();
  if (Number(active.n) >= MAX_KEYS) return null;
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const createdAt = nowIso();
  const prefix = key.slice(0, KEY_PREFIX.length + 6);
  const { id } = await db
    .insertInto("api_keys")
    .values({ user_id: userId, name, key_hash: hashKey(key), key_prefix: prefix, created_at: createdAt, last_used_at: null, revoked_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { key, view: { id, name, prefix, createdAt, lastUsedAt: null, revokedAt: null } };
}

/** Revokes one of the user's keys; false when they have no such key (or it is already revoked). */
export async function revokeApiKey(db: DB, userId: string, id: number): Promise<boolean> {
  const result = await db.updateTable("api_keys").set({ revoked_at: nowIso() }).where("id", "=", id).where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type KeyCheck = { status: "valid"; id: number } | { status: "unknown" } | { status: "revoked" };

/** Looks a presented key up by its hash; notes when it was last used (at most once a minute per key). */
export async function checkApiKey(db: DB, key: string): Promise<KeyCheck> {
  const row = await db.selectFrom("api_keys").select(["id", "revoked_at", "last_used_at"]).where("key_hash", "=", hashKey(key)).executeTakeFirst();
  if (!row) return { status: "unknown" };
  if (row.revoked_at) return { status: "revoked" };
  const now = nowIso();
  if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > 60_000) {
    await db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", row.id).execute();
  }
  return { status: "valid", id: row.id };
}
