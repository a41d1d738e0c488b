import { apiUser, apiWriter, mergeInput, requestLang, userApi } from "~/.server/favorites/http";
import { mergeLocalCopy } from "~/.server/favorites/merge";
import { listFavoriteEntries } from "~/.server/favorites/queries";
import { jsonOk, readJson } from "~/.server/http/json-api";
import { listUserRatings } from "~/.server/ratings/queries";
import type { DB } from "~/.server/db";
import type { UserState } from "~/lib/favorites";
import type { Route } from "./+types/api.me.state";

/**
 * The one small per-user request pages make after load (shared HTML carries nothing personal):
 * GET: the user's favourites and own ratings.
 * POST {favorites, ratings}: merges the browser's local copy into the account on sign-in (a union of
 * favourites; a rating the account already has wins), then answers like GET. At most MAX_MERGE_ENTRIES
 * entries (413 naming the cap), each counted against the user's write limit.
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
      const user = await apiWriter(request);
      const local = await readJson(request, mergeInput);
      const merged = await mergeLocalCopy(db, user.id, local, { limit: user.limit });
      return jsonOk({ ...(await stateOf(db, user.id, request)), merged });
    },
  });
}
