import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { jsonEndpoint, jsonError } from "~/.server/http/json-api";
import { subscribeEndpoint } from "~/.server/newsletter/http";
import type { Route } from "./+types/api.newsletter.subscribe";

/** The subscribe box's endpoint (footer, after a submission): app/.server/newsletter/http.ts. */
export function action({ request }: Route.ActionArgs) {
  return jsonEndpoint(request, async () => (request.method === "POST" ? subscribeEndpoint(getDb(), request, getConfig()) : jsonError(405, "method_not_allowed", "Use POST.")));
}

export function loader({ request }: Route.LoaderArgs) {
  return jsonEndpoint(request, async () => jsonError(405, "method_not_allowed", "Use POST."));
}
