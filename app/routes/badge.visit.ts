import { z } from "zod";
import { getDb } from "~/.server/db";
import { countVisit, toolForVisit } from "~/.server/makers/visits";
import { LANGUAGES, localizedPath } from "~/i18n/languages";
import type { Route } from "./+types/badge.visit";

/**
 * GET /badge/{slug}/visit?lang=xx — where a badge's link leads: counts the visit as a referral from the
 * badge (cookie-free, bots not counted), then shows the tool's page in the badge's language.
 */
const querySchema = z.object({ lang: z.enum(LANGUAGES).catch("us-en") });

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const tool = await toolForVisit(db, params.slug);
  if (!tool) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const { lang } = querySchema.parse({ lang: new URL(request.url).searchParams.get("lang") ?? undefined });
  await countVisit(db, tool.id, "badge", request.headers.get("user-agent") ?? "");
  return new Response(null, { status: 302, headers: { Location: localizedPath(lang, `/tool/${encodeURIComponent(tool.slug)}`), "Cache-Control": "no-store" } });
}
