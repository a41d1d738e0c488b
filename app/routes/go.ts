import { z } from "zod";
import { getDb } from "~/.server/db";
import { countVisit, safeWebsite, toolForVisit } from "~/.server/makers/visits";
import { countPlacement } from "~/.server/sponsored/placements";
import type { Route } from "./+types/go";

/**
 * GET /go/{slug}[?placement=id] — the way out to a tool's website: counts the visit for its makers' figures
 * (and the click of the sponsored placement it came from), cookie-free and without bots, then redirects.
 * Never cached, so every visit is counted.
 */
const querySchema = z.object({ placement: z.coerce.number().int().positive().optional().catch(undefined) });

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const tool = await toolForVisit(db, params.slug);
  const target = tool ? safeWebsite(tool.websiteUrl) : null;
  if (!tool || !target) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const userAgent = request.headers.get("user-agent") ?? "";
  const { placement } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  await Promise.all([countVisit(db, tool.id, "website", userAgent), placement ? countPlacement(db, placement, "clicks", userAgent, undefined, tool.id) : false]);
  return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store", "Referrer-Policy": "origin" } });
}
