import { z } from "zod";
import { getDb } from "~/.server/db";
import { toolBadge, unknownBadge } from "~/.server/makers/badge";
import { LANGUAGES, type Lang } from "~/i18n/languages";
import type { Route } from "./+types/badge";

/**
 * GET /badge/{slug}.svg?theme=light|dark&lang=xx — a tool's "Featured on" badge with its live rating.
 * Cached for an hour by browsers and shared caches and revalidated by ETag; an unknown slug is a 404 SVG.
 */
const querySchema = z.object({
  theme: z.enum(["light", "dark"]).catch("light"),
  lang: z.enum(LANGUAGES).catch("us-en"),
});

const SVG_HEADERS = { "Content-Type": "image/svg+xml; charset=utf-8", "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { theme, lang } = querySchema.parse({ theme: url.searchParams.get("theme") ?? undefined, lang: url.searchParams.get("lang") ?? undefined });
  const slug = /^(.+)\.svg$/.exec(params.file)?.[1];
  const badge = slug ? await toolBadge(getDb(), slug, theme, lang as Lang) : null;
  if (!badge) return new Response(await unknownBadge(theme, lang as Lang), { status: 404, headers: { ...SVG_HEADERS, "Cache-Control": "public, max-age=300" } });
  const headers = { ...SVG_HEADERS, ETag: badge.etag, "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400" };
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === badge.etag)) return new Response(null, { status: 304, headers });
  return new Response(badge.svg, { status: 200, headers });
}
