import { z } from "zod";
import { requireUser } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { jsonEndpoint, jsonError, jsonOk, parseOr400, readJson } from "~/.server/http/json-api";
import { claimStateFor } from "~/.server/makers/claim-state";
import { startClaim, startClaimSchema } from "~/.server/makers/claims";
import { isLang } from "~/i18n/languages";
import type { Route } from "./+types/api.claims";

/**
 * GET /api/claims?slug= — the caller's claim of a tool (their pending token, or their verified state);
 * POST /api/claims {slug, method, email?, lang?} — starts a claim by meta tag, file or mailed link.
 */
const querySchema = z.object({ slug: z.string().trim().min(1).max(200) });
const bodySchema = startClaimSchema.extend({ lang: z.string().max(10).optional() });

export async function loader({ request }: Route.LoaderArgs) {
  return jsonEndpoint(request, async () => {
    const user = await requireUser(request, "api");
    const { slug } = parseOr400(querySchema, Object.fromEntries(new URL(request.url).searchParams));
    const state = await claimStateFor(getDb(), user.id, slug);
    if (!state) return jsonError(404, "not_found", "No such tool.");
    return jsonOk({ data: state });
  });
}

export async function action({ request }: Route.ActionArgs) {
  return jsonEndpoint(request, async () => {
    if (request.method !== "POST") return jsonError(405, "method_not_allowed", "Use POST.");
    const user = await requireUser(request, "api");
    const { lang, ...input } = await readJson(request, bodySchema, { maxBytes: 4 * 1024 });
    const claim = await startClaim(getDb(), user, input, isLang(lang) ? lang : "us-en");
    return jsonOk({ data: claim }, { status: 201 });
  });
}
