// Served directly: app/delivery/direct-routes.server.ts (its contract: answer with a Response; no path parameters).
import { getSessionUser } from "~/.server/auth/session";
import { apiWriter, ratingInput, ratingQuery, ratingRemoval, userApi } from "~/.server/favorites/http";
import { jsonOk, parseOr400, readJson } from "~/.server/http/json-api";
import { getRatingFigures, removeRating, setRating } from "~/.server/ratings/queries";
import type { Route } from "./+types/api.ratings";

/**
 * GET ?slug=: a tool's shown rating and review count, plus the caller's own rating when signed in.
 * PUT (or POST) {slug, rating 1-5}: sets or replaces the user's rating; DELETE {slug}: removes it.
 * Answers carry the tool's new figures. 404 for a slug that is no published tool.
 */
export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {
    GET: async (db) => {
      const { slug } = parseOr400(ratingQuery, Object.fromEntries(new URL(request.url).searchParams));
      const user = await getSessionUser(request);
      return jsonOk(await getRatingFigures(db, slug, user?.id ?? null));
    },
  });
}

export function action({ request }: Route.ActionArgs) {
  const put = async (db: Parameters<typeof setRating>[0]) => {
    const user = await apiWriter(request);
    const { slug, rating } = await readJson(request, ratingInput);
    return jsonOk(await setRating(db, user.id, slug, rating, { limit: user.limit }));
  };
  return userApi(request, {
    PUT: put,
    POST: put,
    DELETE: async (db) => {
      const user = await apiWriter(request);
      const { slug } = await readJson(request, ratingRemoval);
      return jsonOk(await removeRating(db, user.id, slug, { limit: user.limit }));
    },
  });
}
