import { useSyncExternalStore } from "react";
import type { FavoriteEntry, RatingFigures } from "~/lib/favorites";
import type * as ActionsModule from "./actions";

type Actions = typeof ActionsModule;

/**
 * The browser's view of the visitor's favourites and ratings (spec 4.4, 4.5), shared by every heart,
 * star and the My Tools strip of the page.
 * - Signed out: kept in localStorage (favourites as spec 3 entries; ratings per language and slug).
 * - Signed in: read from the server with one request after load; toggles are optimistic and rolled back,
 *   with a message, when the server refuses. On sign-in the local copy is merged into the account
 *   (favourites united, the account's ratings win) and then cleared.
 * Pages render without personal state (their HTML is shared); this store fills it in after hydration.
 * This file is the part every page loads first (state and subscriptions); reading and writing the
 * local copy and the server (`actions.ts`) loads after hydration.
 */
export type NoticeKey = "favoriteFailed" | "ratingFailed" | "rateLimited" | "notFound" | "sessionEnded" | "syncFailed" | "ratingSaved" | "ratingRemoved";

export interface FavoritesState {
  /** null until the first load in the browser (server renders and the first client render). */
  mode: "local" | "server" | null;
  favorites: FavoriteEntry[];
  /** Signed in: own ratings by slug. Signed out: local ratings by "lang/slug". */
  ratings: Record<string, number>;
  notice: { key: NoticeKey; id: number } | null;
  /** Figures a rating write answered with, by slug (the page shows them until it reloads its data). */
  figures: Record<string, RatingFigures>;
}

const EMPTY: FavoritesState = { mode: null, favorites: [], ratings: {}, notice: null, figures: {} };
let state = EMPTY;
const listeners = new Set<() => void>();
let noticeCount = 0;

function set(next: Partial<FavoritesState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function notify(key: NoticeKey): void {
  set({ notice: { key, id: ++noticeCount } });
}


export function useFavoritesState(): FavoritesState {
  return useSyncExternalStore(storeAccess.subscribe, () => state, () => EMPTY);
}

/**
 * One value of the state (a heart's on/off, the notice): its reader renders again only when that value
 * changes. A store change renders every reader of the whole state synchronously; right after hydration the
 * first load (mode "local", nothing saved) would render each heart of the page again for nothing.
 */
export function useFavoritesValue<T>(select: (current: FavoritesState) => T): T {
  return useSyncExternalStore(storeAccess.subscribe, () => select(state), () => select(EMPTY));
}

export function isFavorite(current: FavoritesState, entry: Pick<FavoriteEntry, "type" | "slug">): boolean {
  return current.favorites.some((item) => item.type === entry.type && item.slug === entry.slug);
}


/** What the actions (`actions.ts`, loaded after hydration) read and write. */
export const storeAccess = {
  get: (): FavoritesState => state,
  set,
  notify,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Runs an action once its code is there (it loads right after hydration, so clicks rarely wait). */
export function withActions(run: (actions: Actions) => unknown): void {
  void import("./actions").then(run);
}
