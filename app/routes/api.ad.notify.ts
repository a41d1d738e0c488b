import { z } from "zod";
import { getMyAdRequest, notifyAdmins } from "~/.server/ads/requests";
import { requireUser } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk, readJson } from "~/.server/http/json-api";
import { submitterOf } from "~/.server/user-area/context";
import { postEndpoint, postOnly } from "~/.server/user-area/messages";
import type { Route } from "./+types/api.ad.notify";

/**
 * POST /api/ad/notify {id}: e-mails the administrators about one of the
 * caller's stored advertising requests (spec 7.1). The mail is built from the
 * stored row, never from posted text, and goes out once per request.
 */
const bodySchema = z.object({ id: z.number().int().positive() });

export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  return postEndpoint(request, async () => {
    const user = await requireUser(request, "api");
    const { id } = await readJson(request, bodySchema);
    const db = getDb();
    const adRequest = await getMyAdRequest(db, user.id, id);
    if (!adRequest) return jsonError(404, "not_found", "No advertising request of yours has this id.");
    const sent = await notifyAdmins(db, adRequest, submitterOf(user));
    return jsonOk({ data: { sent } });
  });
}
