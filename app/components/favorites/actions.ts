import { favoriteKey, isFavoriteType, MAX_MERGE_ENTRIES, MAX_RATING, MIN_RATING, type FavoriteEntry, type RatingFigures, type UserState } from "~/lib/favorites";
import { readLocal, writeLocal } from "./local-copy";
import { localRatingKey } from "./own-rating";
import { isFavorite, storeAccess, type NoticeKey } from "./store";

/**
 * What the favourites store does (spec 4.4, 4.5): loading the visitor's state from localStorage or the
 * server (merging the local copy into the account on sign-in), toggles, ratings and "clear all".
 * Loaded after hydration, so no page's first JavaScript carries it.
 */
const { get, set, notify } = storeAccess;
let loadedFor: string | undefined;
const isCurrentLoad = (who: string) => loadedFor === who;

export function withEntry(list: FavoriteEntry[], entry: FavoriteEntry, on: boolean): FavoriteEntry[] {
  const key = favoriteKey(entry);
  const rest = list.filter((item) => favoriteKey(item) !== key);
  return on ? [entry, ...rest] : rest;
}

/**
 * Loads the state for whoever is on the page (called once per page load and again when the signed-in
 * user changes). Signed in with a local copy: merges it into the account first, then clears it.
 */
export async function loadFavorites(userId: string | null, lang: string): Promise<void> {
  const who = `${userId ?? ""}|${lang}`;
  if (loadedFor === who) return;
  loadedFor = who;
  const local = readLocal();
  if (!userId) {
    set({ mode: "local", favorites: local.favorites, ratings: local.ratings });
    return;
  }
  await loadFromServer(who, local, lang);
}

/** Adds the entry when absent, removes it when present (spec 4.4). */
export async function toggleFavorite(entry: FavoriteEntry, lang: string): Promise<void> {
  const on = !isFavorite(get(), entry);
  set({ favorites: withEntry(get().favorites, entry, on) });
  if (get().mode !== "server") {
    writeLocal({ favorites: get().favorites });
    return;
  }
  await saveFavorite(entry, on, lang);
}

interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T | null;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { ok: response.ok, status: response.status, body: (await response.json().catch(() => null)) as T | null };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

function failureNotice(status: number, fallback: NoticeKey): NoticeKey {
  if (status === 429) return "rateLimited";
  if (status === 404) return "notFound";
  if (status === 401) return "sessionEnded";
  return fallback;
}

/** Signed in: the account's state, after merging the local copy into it (then cleared) when there is one. */
async function loadFromServer(who: string, local: LocalCopy, lang: string): Promise<void> {
  const hasLocal = local.favorites.length > 0 || Object.keys(local.ratings).length > 0;
  const query = `?lang=${encodeURIComponent(lang)}`;
  const { answer, merged, left } = hasLocal ? await mergeInParts(local, lang, `/api/me/state${query}`) : { answer: await api<UserState>("GET", `/api/me/state${query}`), merged: null, left: local };
  if (!isCurrentLoad(who)) return;
  const state = answer.ok ? answer.body : merged;
  if (!state) {
    // Spec 4.4: on a server failure the local copy is shown (and merged on the next load).
    console.warn("Loading favorites from the server failed", answer.status);
    set({ mode: "local", favorites: left.favorites, ratings: left.ratings });
    if (answer.status !== 401) notify("syncFailed");
    return;
  }
  set({ mode: "server", favorites: state.favorites, ratings: state.ratings });
  // Some parts merged, then one failed (the write limit, say): what is left stays local for the next load.
  if (!answer.ok) notify(answer.status === 429 ? "rateLimited" : "syncFailed");
}

type LocalCopy = { favorites: FavoriteEntry[]; ratings: Record<string, number> };
/** A local copy larger than this many parts waits for the next load (parts count against the write limit anyway). */
const MAX_MERGE_PARTS = 20;

/**
 * Sends the local copy in parts of at most MAX_MERGE_ENTRIES (the server refuses more; if it names a smaller
 * cap, parts shrink to it), the oldest favourites first so the newest end up first in the account's list.
 * Each part leaves the local copy once the server has it, so a part that fails is sent again on the next load
 * and nothing is lost. Returns the last answer, the state after the last part that merged, and what is left.
 */
async function mergeInParts(local: LocalCopy, lang: string, path: string): Promise<{ answer: ApiAnswer<UserState>; merged: UserState | null; left: LocalCopy }> {
  let left = local;
  let cap = MAX_MERGE_ENTRIES;
  let merged: UserState | null = null;
  let answer: ApiAnswer<UserState> = { ok: false, status: 0, body: null };
  for (let part = 0; part < MAX_MERGE_PARTS && (left.favorites.length > 0 || Object.keys(left.ratings).length > 0); part++) {
    const { payload, rest } = nextPart(left, lang, cap);
    answer = await api<UserState>("POST", path, payload);
    if (!answer.ok) {
      const serverCap = answer.status === 413 ? (answer.body as { error?: { maxEntries?: unknown } } | null)?.error?.maxEntries : undefined;
      if (typeof serverCap === "number" && serverCap >= 1 && serverCap < cap) {
        cap = serverCap;
        continue;
      }
      break;
    }
    merged = answer.body;
    left = rest;
    writeLocal(left);
  }
  return { answer, merged, left };
}

/** The next part of the local copy as the merge endpoint takes it (ratings of this language win over other languages'), and the rest. */
function nextPart(local: LocalCopy, lang: string, cap: number): { payload: { favorites: FavoriteEntry[]; ratings: Array<{ slug: string; rating: number }> }; rest: LocalCopy } {
  const favorites = local.favorites.filter((entry) => isFavoriteType(entry.type));
  const sent = Math.min(cap, favorites.length);
  const bySlug = new Map<string, number>();
  for (const [key, rating] of Object.entries(local.ratings)) {
    const [keyLang, slug] = [key.slice(0, key.indexOf("/")), key.slice(key.indexOf("/") + 1)];
    if (!slug || (bySlug.has(slug) && keyLang !== lang)) continue;
    bySlug.set(slug, rating);
  }
  const ratings = [...bySlug].slice(0, cap - sent).map(([slug, rating]) => ({ slug, rating }));
  const ratedSlugs = new Set(ratings.map((r) => r.slug));
  const restRatings = Object.fromEntries(
    Object.entries(local.ratings).filter(([key]) => {
      const slug = key.slice(key.indexOf("/") + 1);
      return slug && !ratedSlugs.has(slug);
    }),
  );
  return {
    payload: { favorites: favorites.slice(favorites.length - sent), ratings },
    rest: { favorites: favorites.slice(0, favorites.length - sent), ratings: restRatings },
  };
}

/** Signed in: saves a toggle the store already shows; rolls it back with a message when the server refuses. */
async function saveFavorite(entry: FavoriteEntry, on: boolean, lang: string): Promise<void> {
  const answer = await api(on ? "POST" : "DELETE", `/api/favorites?lang=${encodeURIComponent(lang)}`, { type: entry.type, slug: entry.slug });
  if (answer.ok) return;
  console.warn("Saving the favorite failed", answer.status);
  // Roll back only this entry: other toggles may have happened meanwhile.
  set({ favorites: withEntry(get().favorites, entry, !on) });
  notify(failureNotice(answer.status, "favoriteFailed"));
}

/** Removes every favourite of one kind (spec 7.3 "clear all" of e-commerce favourites). */
export async function clearFavorites(type: FavoriteEntry["type"]): Promise<void> {
  const before = get().favorites;
  set({ favorites: before.filter((item) => item.type !== type) });
  if (get().mode !== "server") {
    writeLocal({ favorites: get().favorites });
    return;
  }
  const answer = await api("POST", "/api/favorites/clear", { type });
  if (answer.ok) return;
  set({ favorites: [...get().favorites, ...before.filter((item) => item.type === type)] });
  notify(failureNotice(answer.status, "favoriteFailed"));
}

/**
 * Saves the visitor's stars for a tool. Signed out: locally for this language and slug (the caller
 * opens the login dialog). Signed in: on the server; if that fails the rating is kept locally, so the
 * next load merges it into the account (spec 4.5, 8).
 */
export async function rateTool(lang: string, slug: string, rating: number | null): Promise<void> {
  if (rating !== null && (rating < MIN_RATING || rating > MAX_RATING)) return;
  if (get().mode !== "server") {
    const ratings = { ...get().ratings };
    if (rating === null) delete ratings[localRatingKey(lang, slug)];
    else ratings[localRatingKey(lang, slug)] = rating;
    set({ ratings });
    writeLocal({ ratings });
    return;
  }
  const before = get().ratings[slug];
  const ratings = { ...get().ratings };
  if (rating === null) delete ratings[slug];
  else ratings[slug] = rating;
  set({ ratings });
  const answer = rating === null ? await api<RatingFigures>("DELETE", "/api/ratings", { slug }) : await api<RatingFigures>("PUT", "/api/ratings", { slug, rating });
  if (answer.ok && answer.body) {
    set({ figures: { ...get().figures, [slug]: answer.body } });
    notify(rating === null ? "ratingRemoved" : "ratingSaved");
    return;
  }
  console.warn("Saving the rating failed", answer.status);
  const restored = { ...get().ratings };
  if (before === undefined) delete restored[slug];
  else restored[slug] = before;
  set({ ratings: restored });
  if (rating !== null && answer.status !== 404) {
    const local = readLocal();
    writeLocal({ ratings: { ...local.ratings, [localRatingKey(lang, slug)]: rating } });
  }
  notify(failureNotice(answer.status, "ratingFailed"));
}
