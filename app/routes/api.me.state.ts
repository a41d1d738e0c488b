import { apiUser, mergeInput, requestLang, userApi } from "~/.server/favorites/http";
import { addFavorites, listFavoriteEntries } from "~/.server/favorites/queries";
import { jsonOk, readJson } from "~/.server/http/json-api";
import { listUserRatings, mergeRatings } from "~/.server/ratings/queries";
import type { DB } from "~/.server/db";
import type { UserState } from "~/lib/favorites";
import type { Route } from "./+types/api.me.state";

/**
 * The one small per-user request pages make after load (shared HTML carries nothing personal):
 * GET: the user's favourites and own ratings.
 * POST {favorites, ratings}: merges the browser's local copy into the account on sign-in (a union of
 * favourites; a rating the account already has wins), then answers like GET.
 */
async function stateOf(db: DB, userId: string, request: Request): Promise<UserState> {
  const [favorites, ratings] = await Promise.all([listFavoriteEntries(db, userId, requestLang(request)), listUserRatings(db, userId)]);
  return { favorites, ratings };
}

export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {
    GET: async (db) => {
      const user = await apiUser(request, db, "read");
      return jsonOk(await stateOf(db, user.id, request));
    },
  });
}

export function action({ request }: Route.ActionArgs) {
  return userApi(request, {
    POST: async (db) => {
      const user = await apiUser(request, db, "write");
      const local = await readJson(request, mergeInput);
      // Oldest first, so the newest local favourite ends up first in the list like the others.
      const added = await addFavorites(db, user.id, [...local.favorites].reverse());
      const rated = await mergeRatings(db, user.id, local.ratings);
      return jsonOk({ ...(await stateOf(db, user.id, request)), merged: { favorites: added, ratings: rated } });
    },
  });
}
