// Served directly: app/delivery/direct-routes.server.ts (its contract: answer with a Response; reads the path from the request).
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { handlePublicApi } from "~/.server/public-api/http";
import type { Route } from "./+types/api.v1";

/** The public read API v1 (`/api/v1/*`): every endpoint is in `app/.server/public-api/endpoints.ts`. */
function answer(request: Request) {
  const config = getConfig();
  return handlePublicApi(getDb(), request, {
    publicUrl: config.publicUrl,
    limits: { anonymous: config.API_RATE_LIMIT_ANONYMOUS, withKey: config.API_RATE_LIMIT_KEY, windowSeconds: config.API_RATE_WINDOW_SECONDS },
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return answer(request);
}

/** OPTIONS (CORS preflight) and every write method, which the read-only API refuses with 405. */
export function action({ request }: Route.ActionArgs) {
  return answer(request);
}
