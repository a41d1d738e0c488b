import type { FavoritesState } from "./store";

/** Local ratings are kept per language and slug (spec 4.5). */
export const localRatingKey = (lang: string, slug: string) => `${lang}/${slug}`;

/** The visitor's own rating of a tool: the account's when signed in, else the one saved for this language. */
export function ownRating(current: FavoritesState, lang: string, slug: string): number | null {
  return (current.mode === "server" ? current.ratings[slug] : current.ratings[localRatingKey(lang, slug)]) ?? null;
}

