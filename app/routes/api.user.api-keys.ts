import { z } from "zod";
import { requireUserId } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { jsonEndpoint, jsonError, jsonOk, readJson } from "~/.server/http/json-api";
import { createApiKey, keyName, listApiKeys, MAX_KEYS, revokeApiKey } from "~/.server/public-api/keys";
import { enforceRateLimit } from "~/.server/rate-limit";
import type { Route } from "./+types/api.user.api-keys";

/**
 * The signed-in user's API keys. GET: the list (names, first characters, dates; never a key). POST {name}:
 * a new key, answered in full this once. POST {revoke: id}: revokes one. From the site's own pages only.
 */
const input = z.union([z.strictObject({ name: keyName }), z.strictObject({ revoke: z.number().int().positive() })]);
const KEY_WRITES = { limit: 30, windowMs: 60 * 60 * 1000 };

export function loader({ request }: Route.LoaderArgs) {
  return jsonEndpoint(request, async () => {
    const user = await requireUserId(request);
    return jsonOk({ keys: await listApiKeys(getDb(), user.id), max: MAX_KEYS });
  });
}

export function action({ request }: Route.ActionArgs) {
  return jsonEndpoint(request, async () => {
    if (request.method !== "POST") return jsonError(405, "method_not_allowed", "Use POST.");
    const user = await requireUserId(request);
    const body = await readJson(request, input, { maxBytes: 1024 });
    const db = getDb();
    await enforceRateLimit(db, `api-keys:user:${user.id}`, KEY_WRITES, "Too many key changes. Try again later.");
    if ("revoke" in body) {
      if (!(await revokeApiKey(db, user.id, body.revoke))) return jsonError(404, "not_found", "You have no such key.");
      return jsonOk({ keys: await listApiKeys(db, user.id), max: MAX_KEYS });
    }
    const created = await createApiKey(db, user.id, body.name);
    if (!created) return jsonError(409, "too_many_keys", `You already have ${MAX_KEYS} keys; revoke one first.`);
    return jsonOk({ key: created.key, keys: await listApiKeys(db, user.id), max: MAX_KEYS }, { status: 201 });
  });
}
