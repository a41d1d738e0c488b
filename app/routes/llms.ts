import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { conditionalResponse } from "~/.server/http/conditional";
import { llmsTxt } from "~/.server/public-api/llms-txt";
import type { Route } from "./+types/llms";

/** /llms.txt: the main pages, the API and the feeds, for language models and their tools. */
export async function loader({ request }: Route.LoaderArgs) {
  const body = await llmsTxt(getDb(), getConfig().publicUrl);
  return conditionalResponse(request, { body, contentType: "text/plain; charset=utf-8", headers: { "Cache-Control": "public, max-age=3600" } });
}
