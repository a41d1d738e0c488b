import { lazy, Suspense } from "react";
import { useLocalizedPath } from "~/i18n/hooks";
import { AppLink } from "~/delivery/app-link";
import { favoritePath, MY_TOOLS_STRIP_SIZE } from "~/lib/favorites";
import { loadFavorites } from "./actions";
import { storeAccess, useFavoritesValue } from "./store";

// Messages are rare: their component loads with the first one.
const FavoritesNotice = lazy(() => import("./notice").then((module) => ({ default: module.FavoritesNotice })));

/** The strip's first 12 favourites. */
export function StripItems() {
  const to = useLocalizedPath();
  const favorites = useFavoritesValue((current) => current.favorites);
  return favorites.slice(0, MY_TOOLS_STRIP_SIZE).map((entry) => (
    <li key={`${entry.type}:${entry.slug}`}>
      <AppLink to={to(favoritePath(entry))} className="my-tools-item" data-testid="my-tools-item">
        {entry.title}
      </AppLink>
    </li>
  ));
}

/** The page's favourite/rating message, when there is one. */
export function StripNotice() {
  const notice = useFavoritesValue((current) => current.notice);
  return notice ? (
    <Suspense fallback={null}>
      <FavoritesNotice />
    </Suspense>
  ) : null;
}

/**
 * Loads the visitor's favourites and ratings for the page, and reports the count (for the strip's hint)
 * whenever the list changes; returns a stop function.
 */
export function startFavorites(userId: string | null, lang: string, writeHint: (count: number) => void): () => void {
  let hinted: unknown;
  const stop = storeAccess.subscribe(() => {
    const { mode, favorites } = storeAccess.get();
    if (mode === null || favorites === hinted) return;
    hinted = favorites;
    writeHint(favorites.length);
  });
  void loadFavorites(userId, lang);
  return stop;
}
