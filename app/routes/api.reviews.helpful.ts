import { apiWriter, userApi } from "~/.server/favorites/http";
import { jsonOk, readJson } from "~/.server/http/json-api";
import { voteHelpful } from "~/.server/reviews/queries";
import { voteInput } from "~/.server/reviews/rules";
import type { Route } from "./+types/api.reviews.helpful";

/** POST {reviewId, helpful}: marks or unmarks a published review helpful (not one's own); answers the new count. */
export function action({ request }: Route.ActionArgs) {
  return userApi(request, {
    POST: async (db) => {
      const user = await apiWriter(request);
      const { reviewId, helpful } = await readJson(request, voteInput, { maxBytes: 1024 });
      return jsonOk(await voteHelpful(db, user.id, reviewId, helpful, { limit: user.limit }));
    },
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {});
}
