import { z } from "zod";
import { FetchRefused, generateToolContent, LlmFailed } from "~/.server/ai-generate";
import { requireUser } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { jsonOk, readJson } from "~/.server/http/json-api";
import { consumeRateLimit } from "~/.server/rate-limit";
import { clientAddress } from "~/.server/user-area/context";
import { postEndpoint, postOnly, translatedError } from "~/.server/user-area/messages";
import { NAME_MAX } from "~/lib/submissions";
import type { Route } from "./+types/api.generate.tool-content";

/**
 * POST /api/generate/tool-content (spec 7.1): {name, website_url, description, language}
 * -> {data: {description, features[], use_cases[], tags[], source}} or {error}.
 */
const bodySchema = z.object({
  name: z.string().max(NAME_MAX * 2).default(""),
  website_url: z.string().max(2048).default(""),
  description: z.string().max(5000).default(""),
  language: z.string().max(10).default("us-en"),
});

/** Each generation fetches a site and may call a paid model: 20 per hour and user, 60 per address. */
const PER_USER = { limit: 20, windowMs: 60 * 60 * 1000 };
const PER_ADDRESS = { limit: 60, windowMs: 60 * 60 * 1000 };

export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  return postEndpoint(request, async () => {
    const user = await requireUser(request, "api");
    const body = await readJson(request, bodySchema);
    const name = body.name.trim();
    const website = body.website_url.trim();
    if (!name || !website) return translatedError(400, "aiNeedsNameAndWebsite", body.language);
    if (!/^https?:\/\//i.test(website)) return translatedError(400, "websiteInvalid", body.language);
    const db = getDb();
    const [mine, address] = await Promise.all([
      consumeRateLimit(db, `generate:user:${user.id}`, PER_USER),
      consumeRateLimit(db, `generate:address:${clientAddress(request)}`, PER_ADDRESS),
    ]);
    if (!mine.allowed || !address.allowed) {
      return translatedError(429, "rateLimited", body.language, { retryAfterSeconds: Math.max(mine.retryAfterSeconds, address.retryAfterSeconds) });
    }
    try {
      const data = await generateToolContent({ name, websiteUrl: website, description: body.description, language: body.language });
      return jsonOk({ data });
    } catch (error) {
      if (error instanceof FetchRefused) {
        return translatedError(error.blocked ? 400 : 422, error.blocked ? "fetchBlocked" : "siteUnreachable", body.language, { reason: error.reason });
      }
      if (error instanceof LlmFailed) return translatedError(502, "aiFailed", body.language);
      throw error;
    }
  });
}
