import { sql } from "kysely";
import type { DB } from "../db";
import { nowIso } from "../db/values";

/** Domain a QR-login user's stand-in address uses (reserved TLD: never deliverable). */
export const PLACEHOLDER_EMAIL_DOMAIN = "users.invalid";

export type LoginType = "email" | "google" | "github" | "wechat" | "douyin" | "guest";

/** What the browser knows about the signed-in person (spec 3 "session user"). */
export interface SessionUser {
  id: string;
  /** Profile display name, else the account name, else the e-mail, else "User". */
  name: string;
  /** Real address, or null for QR sign-ins that have none. */
  email: string | null;
  avatar: string | null;
  loginType: LoginType;
  isAdmin: boolean;
  /** Whether the address was proven (mail link, or a provider that vouches for it). */
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  lastLoginMethod?: string | null;
  twoFactorEnabled?: unknown;
  emailVerified?: unknown;
}

const LOGIN_TYPES: LoginType[] = ["email", "google", "github", "wechat", "douyin", "guest"];

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

export function toLoginType(method: string | null | undefined): LoginType {
  if (method === "magic-link" || method === "email") return "email";
  return LOGIN_TYPES.find((t) => t === method) ?? "email";
}

/** Spec 3: name falls back to e-mail, then 'User' (translated by the caller's fallback). */
export function displayNameOf(user: { name: string; email: string }, profileName: string | null, fallback = "User"): string {
  const email = isPlaceholderEmail(user.email) ? "" : user.email;
  return profileName?.trim() || user.name.trim() || email || fallback;
}

const flag = (value: unknown) => value === true || value === 1;

/** An address in ADMIN_EMAILS whose owner has not proven it yet: it grants nothing until verified. */
export function isUnverifiedAdminAddress(user: { email: string; emailVerified?: unknown }, adminEmails: string[]): boolean {
  return adminEmails.includes(user.email.toLowerCase()) && !flag(user.emailVerified);
}

/**
 * True when the user has the `admin` role, or a verified address in ADMIN_EMAILS. Unverified, a listed
 * address grants nothing: anyone can sign up with any address, so the list alone would hand the admin
 * console to whoever registers it first.
 */
export async function isAdminUser(db: DB, user: { id: string; email: string; emailVerified?: unknown }, adminEmails: string[]): Promise<boolean> {
  if (adminEmails.includes(user.email.toLowerCase()) && flag(user.emailVerified)) return true;
  const row = await db
    .selectFrom("user_roles")
    .select("id")
    .where("user_id", "=", user.id)
    .where("role", "=", "admin")
    .executeTakeFirst();
  return Boolean(row);
}

export async function toSessionUser(db: DB, user: UserRow, adminEmails: string[]): Promise<SessionUser> {
  const [profile, isAdmin] = await Promise.all([
    db.selectFrom("profiles").select(["display_name", "avatar_url"]).where("user_id", "=", user.id).executeTakeFirst(),
    isAdminUser(db, user, adminEmails),
  ]);
  return {
    id: user.id,
    name: displayNameOf(user, profile?.display_name ?? null),
    email: isPlaceholderEmail(user.email) ? null : user.email,
    avatar: profile?.avatar_url || user.image || null,
    loginType: toLoginType(user.lastLoginMethod),
    isAdmin,
    emailVerified: flag(user.emailVerified),
    twoFactorEnabled: flag(user.twoFactorEnabled),
  };
}

/** Creates or refreshes the profiles row (spec 3: display_name, avatar_url). */
export async function upsertProfile(
  db: DB,
  userId: string,
  profile: { displayName: string | null; avatarUrl: string | null },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("profiles")
    .values({ user_id: userId, display_name: profile.displayName, avatar_url: profile.avatarUrl, updated_at: now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        display_name: sql`coalesce(excluded.display_name, profiles.display_name)`,
        avatar_url: sql`coalesce(excluded.avatar_url, profiles.avatar_url)`,
        updated_at: now,
      }),
    )
    .execute();
}

export async function grantRole(db: DB, userId: string, role: string): Promise<void> {
  await db
    .insertInto("user_roles")
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
    .execute();
}

/** Creates the profiles row when it is missing (the account's own name and picture stay the fallback). */
export async function ensureProfile(db: DB, userId: string): Promise<void> {
  await db
    .insertInto("profiles")
    .values({ user_id: userId, display_name: null, avatar_url: null, updated_at: nowIso() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}
