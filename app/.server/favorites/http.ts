import { z } from "zod";
import { DEFAULT_LANG, isLang, type Lang } from "~/i18n/languages";
import { FAVORITE_TYPES, MAX_RATING, MIN_RATING } from "~/lib/favorites";
import { requireUserId } from "../auth/guards";
import { getConfig } from "../config";
import { getDb, type DB } from "../db";
import { jsonEndpoint, jsonError } from "../http/json-api";
import { enforceRateLimit, type WriteLimit } from "../rate-limit";

/**
 * What the favourites, ratings and per-user state endpoints share: the input shapes (zod), the
 * session check, the per-user rate limit and the page language for titles.
 */
const slug = z.string().trim().min(1).max(200).regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, "not a slug");
const favoriteType = z.enum(FAVORITE_TYPES);
const stars = z.number().int().min(MIN_RATING).max(MAX_RATING);

export const favoriteInput = z.object({ type: favoriteType.default("tool"), slug }).strict();
export const clearInput = z.object({ type: favoriteType }).strict();
export const ratingInput = z.object({ slug, rating: stars }).strict();
export const ratingRemoval = z.object({ slug }).strict();
export const ratingQuery = z.object({ slug });
/**
 * The browser's local copy, merged into the account on sign-in (entries as spec 3 keeps them). How many
 * entries one merge may carry (MAX_MERGE_ENTRIES) is checked by the merge itself, with a 413 that names it.
 */
export const mergeInput = z
  .object({
    favorites: z.array(z.object({ id: z.number().int().optional(), type: favoriteType, slug, title: z.string().max(500).optional() })).default([]),
    ratings: z.array(z.object({ slug, rating: stars })).default([]),
  })
  .strict();

export type RateKind = "write" | "read";

function userLimit(userId: string, kind: RateKind): WriteLimit {
  const perMinute = getConfig().USER_WRITES_PER_MINUTE * (kind === "read" ? 4 : 1);
  return { key: `favorites-${kind}:user:${userId}`, rule: { limit: perMinute, windowMs: 60_000 }, message: "Too many requests. Try again in a minute." };
}

/** Signed-in user for an API request (401 JSON otherwise), counted against their per-minute limit. */
export async function apiUser(request: Request, db: DB, kind: RateKind): Promise<{ id: string }> {
  const user = await requireUserId(request);
  const { key, rule, message } = userLimit(user.id, kind);
  await enforceRateLimit(db, key, rule, message);
  return user;
}

/**
 * Signed-in user for a write (401 JSON otherwise) and the per-minute limit that write counts against inside
 * its own transaction (favourite and rating writes: one commit each instead of two; a merge: one per entry).
 */
export async function apiWriter(request: Request): Promise<{ id: string; limit: WriteLimit }> {
  const user = await requireUserId(request);
  return { id: user.id, limit: userLimit(user.id, "write") };
}

/** Language of titles in answers: `?lang=` when it is one of ours, else the default. */
export function requestLang(request: Request): Lang {
  const value = new URL(request.url).searchParams.get("lang");
  return isLang(value) ? value : DEFAULT_LANG;
}

/** An endpoint of this domain: JSON errors, origin check on writes, 405 for other methods. */
export function userApi(request: Request, handlers: Partial<Record<string, (db: DB) => Promise<Response>>>): Promise<Response> {
  return jsonEndpoint(request, async () => {
    const handler = handlers[request.method];
    if (!handler) {
      const allow = Object.keys(handlers).join(", ");
      const response = jsonError(405, "method_not_allowed", `Use ${allow}.`);
      response.headers.set("Allow", allow);
      return response;
    }
    return handler(getDb());
  });
}
