import { isFavoriteType, MAX_RATING, MIN_RATING, type FavoriteEntry } from "~/lib/favorites";

/**
 * The visitor's favourites and ratings in localStorage (spec 3, 4.4, 4.5). Read defensively: the
 * storage is the visitor's to edit, may be disabled (private mode), or may hold an older shape.
 */
export const LOCAL_FAVORITES_KEY = "favorites";
export const LOCAL_RATINGS_KEY = "ratings";

function parse(key: string): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function validEntry(value: unknown): value is FavoriteEntry {
  if (!value || typeof value !== "object") return false;
  const entry = value as Record<string, unknown>;
  return isFavoriteType(entry.type) && typeof entry.slug === "string" && entry.slug.length > 0 && entry.slug.length <= 200;
}

export function readLocal(): { favorites: FavoriteEntry[]; ratings: Record<string, number> } {
  const rawFavorites = parse(LOCAL_FAVORITES_KEY);
  const favorites = Array.isArray(rawFavorites)
    ? rawFavorites.filter(validEntry).map((entry) => ({ id: Number(entry.id) || 0, type: entry.type, slug: entry.slug, title: String(entry.title ?? entry.slug) }))
    : [];
  const rawRatings = parse(LOCAL_RATINGS_KEY);
  const ratings: Record<string, number> = {};
  if (rawRatings && typeof rawRatings === "object" && !Array.isArray(rawRatings)) {
    for (const [key, value] of Object.entries(rawRatings)) {
      if (key.includes("/") && Number.isInteger(value) && (value as number) >= MIN_RATING && (value as number) <= MAX_RATING) ratings[key] = value as number;
    }
  }
  return { favorites, ratings };
}

export function writeLocal(copy: { favorites?: FavoriteEntry[]; ratings?: Record<string, number> }): void {
  try {
    if (copy.favorites) {
      if (copy.favorites.length > 0) window.localStorage.setItem(LOCAL_FAVORITES_KEY, JSON.stringify(copy.favorites));
      else window.localStorage.removeItem(LOCAL_FAVORITES_KEY);
    }
    if (copy.ratings) {
      if (Object.keys(copy.ratings).length > 0) window.localStorage.setItem(LOCAL_RATINGS_KEY, JSON.stringify(copy.ratings));
      else window.localStorage.removeItem(LOCAL_RATINGS_KEY);
    }
  } catch {
    // Storage disabled or full: the page still shows the state for this visit.
  }
}
