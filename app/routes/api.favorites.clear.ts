import { apiUser, clearInput, userApi } from "~/.server/favorites/http";
import { clearFavorites } from "~/.server/favorites/queries";
import { jsonOk, readJson } from "~/.server/http/json-api";
import type { Route } from "./+types/api.favorites.clear";

/** POST {type}: removes all of the user's favourites of that kind (spec 7.3: e-commerce "clear all"). */
export function action({ request }: Route.ActionArgs) {
  return userApi(request, {
    POST: async (db) => {
      const user = await apiUser(request, db, "write");
      const { type } = await readJson(request, clearInput);
      return jsonOk({ type, removed: await clearFavorites(db, user.id, type) });
    },
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {});
}
