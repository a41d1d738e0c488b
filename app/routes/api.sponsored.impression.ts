import { z } from "zod";
import { getDb } from "~/.server/db";
import { readJson } from "~/.server/http/json-api";
import { countPlacement } from "~/.server/sponsored/placements";
import { postEndpoint, postOnly } from "~/.server/user-area/messages";
import type { Route } from "./+types/api.sponsored.impression";

/**
 * POST /api/sponsored/impression {id} — a page showed a sponsored placement to a reader. Sent by the page
 * itself once it is on screen (cached pages included), from our own origin; no cookie, no session needed.
 */
const bodySchema = z.object({ id: z.number().int().positive() });

export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  return postEndpoint(request, async () => {
    const { id } = await readJson(request, bodySchema, { maxBytes: 256 });
    await countPlacement(getDb(), id, "impressions", request.headers.get("user-agent") ?? "");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}
