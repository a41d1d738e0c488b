import { getDb } from "~/.server/db";
import { readMultilingualFile, SLUG_PATTERN } from "~/.server/resolve/static-source";
import { getToolMultilingualData } from "~/.server/tools/detail";
import type { Route } from "./+types/tool-data";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

/**
 * /data/{slug}.json and /data/multilingual/{slug}.json (spec 7.2): a tool's
 * per-language content generated from the database, so it is never written
 * twice; a hand-written file under public/data/multilingual is the fallback.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^(.+)\.json$/.exec(params.file);
  const slug = match?.[1] ?? "";
  if (!SLUG_PATTERN.test(slug)) {
    return Response.json({ error: `Multilingual data not available for ${params.file}` }, { status: 404, headers: JSON_HEADERS });
  }
  const fromDb = await getToolMultilingualData(getDb(), slug);
  if (fromDb) return Response.json(fromDb, { headers: JSON_HEADERS });
  const file = await readMultilingualFile(slug);
  if (file) return Response.json(file.raw, { headers: JSON_HEADERS });
  return Response.json({ error: `Multilingual data not available for ${slug}` }, { status: 404, headers: JSON_HEADERS });
}
