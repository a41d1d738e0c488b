/**
 * Favourites and ratings as the browser and the server both see them (spec 3): the local favourite
 * entry `{id, type, slug, title}` and the limits the endpoints enforce.
 */
export const FAVORITE_TYPES = ["tool", "case_study", "ecommerce_tool"] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];

export interface FavoriteEntry {
  id: number;
  type: FavoriteType;
  slug: string;
  title: string;
}

/** A favourite as the favourites page shows it: the entry plus a picture and a line of text. */
export interface FavoriteCard extends FavoriteEntry {
  description: string;
  imageUrl: string | null;
  /** The colour the card's picture sits on. */
  brandColor?: string | null;
}

/** Everything per-user a page applies after load, from one request (`GET /api/me/state`). */
export interface UserState {
  favorites: FavoriteEntry[];
  /** The user's own rating (1-5) by tool slug. */
  ratings: Record<string, number>;
}

/** A tool's shown figures after a rating write. */
export interface RatingFigures {
  slug: string;
  rating: number;
  reviewCount: number;
  /** The user's own rating, or null after removing it. */
  own: number | null;
}

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Spec 9: the My Tools strip shows the first 12 favourites. */
export const MY_TOOLS_STRIP_SIZE = 12;
/**
 * Most entries (favourites and ratings together) one merge of the local copy into the account may carry; each
 * counts as a write against the per-user limit. The browser sends a larger local copy in parts of this size.
 */
export const MAX_MERGE_ENTRIES = 100;

export function isFavoriteType(value: unknown): value is FavoriteType {
  return typeof value === "string" && (FAVORITE_TYPES as readonly string[]).includes(value);
}

/** Where a favourite's page is (spec 2.4: favourites link to the tool's page; case studies and e-commerce tools to theirs). */
export function favoritePath(entry: Pick<FavoriteEntry, "type" | "slug">): string {
  const slug = encodeURIComponent(entry.slug);
  if (entry.type === "case_study") return `/case-study/${slug}`;
  if (entry.type === "ecommerce_tool") return `/ecommerce/${slug}`;
  return `/tool/${slug}`;
}

export function favoriteKey(entry: Pick<FavoriteEntry, "type" | "slug">): string {
  return `${entry.type}:${entry.slug}`;
}
