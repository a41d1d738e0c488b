import { z } from "zod";
import { requireUser } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { jsonOk, parseOr400 } from "~/.server/http/json-api";
import { checkClaim } from "~/.server/makers/claims";
import { postEndpoint, postOnly } from "~/.server/user-area/messages";
import type { Route } from "./+types/api.claims.check";

/** POST /api/claims/{id}/check — looks for the token of the caller's meta or file claim on the tool's domain. */
const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

export const loader = postOnly;

export async function action({ request, params }: Route.ActionArgs) {
  return postEndpoint(request, async () => {
    const user = await requireUser(request, "api");
    const { id } = parseOr400(paramsSchema, params);
    return jsonOk({ data: await checkClaim(getDb(), user, id) });
  });
}
