// Served directly: app/delivery/direct-routes.server.ts (its contract: answer with a Response; no path parameters).
import { apiUser, apiWriter, favoriteInput, requestLang, userApi } from "~/.server/favorites/http";
import { listFavoriteEntries, setFavorite } from "~/.server/favorites/queries";
import { jsonOk, readJson } from "~/.server/http/json-api";
import type { Route } from "./+types/api.favorites";

/**
 * GET: the signed-in user's favourites (all kinds, newest first).
 * POST {type, slug}: adds one; DELETE {type, slug}: removes one. Both idempotent; 404 for an unknown slug.
 */
export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {
    GET: async (db) => {
      const user = await apiUser(request, db, "read");
      return jsonOk({ favorites: await listFavoriteEntries(db, user.id, requestLang(request)) });
    },
  });
}

export function action({ request }: Route.ActionArgs) {
  const write = (favorited: boolean) => async (db: Parameters<typeof setFavorite>[0]) => {
    const user = await apiWriter(request);
    const input = await readJson(request, favoriteInput);
    return jsonOk(await setFavorite(db, user.id, { ...input, favorited, lang: requestLang(request) }, { limit: user.limit }));
  };
  return userApi(request, { POST: write(true), DELETE: write(false) });
}
