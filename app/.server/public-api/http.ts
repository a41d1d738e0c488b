import type { z } from "zod";
import type { DB } from "../db";
import { conditionalResponse } from "../http/conditional";
import { consumeRateLimit } from "../rate-limit";
import { matchEndpoint, type Endpoint } from "./endpoints";
import { checkApiKey } from "./keys";
import { openApiDocument } from "./openapi";
import { ApiProblem, problemResponse, type InvalidParam } from "./problems";
import { slugParam } from "./schemas";

/**
 * The envelope of every public API request: CORS (reads only, from anywhere), the API key or the caller's
 * address, a fixed-window limit per either with IETF `RateLimit` headers, strict query validation (an
 * unknown parameter is named in the 400), the answer shaped by its output schema, ETag/304, and every error
 * as problem details.
 */
export interface ApiLimits {
  anonymous: number;
  withKey: number;
  windowSeconds: number;
}

export interface ApiSettings {
  publicUrl: string;
  limits: ApiLimits;
}

const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Last-Modified, RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

/** The key a request presents: `Authorization: Bearer dk_...` or `X-API-Key: dk_...`. */
function presentedKey(request: Request): string | null {
  const header = request.headers.get("x-api-key")?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  return bearer ?? null;
}

async function limitHeaders(db: DB, request: Request, limits: ApiLimits): Promise<Headers> {
  const key = presentedKey(request);
  let bucket: string;
  let limit: number;
  if (key) {
    const check = await checkApiKey(db, key);
    if (check.status === "revoked") throw new ApiProblem(401, "revoked_api_key", "This API key has been revoked; create a new one on your dashboard.");
    if (check.status === "unknown") throw new ApiProblem(401, "invalid_api_key", "This API key is not known. Send a key from your dashboard, or none for anonymous use.");
    bucket = `api:key:${check.id}`;
    limit = limits.withKey;
  } else {
    bucket = `api:address:${request.headers.get("x-client-ip") || "unknown"}`;
    limit = limits.anonymous;
  }
  const result = await consumeRateLimit(db, bucket, { limit, windowMs: limits.windowSeconds * 1000 });
  const remaining = Math.max(0, limit - result.count);
  const headers = new Headers({
    "RateLimit-Policy": `${limit};w=${limits.windowSeconds}`,
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(remaining),
    "RateLimit-Reset": String(result.retryAfterSeconds),
  });
  if (!result.allowed) {
    throw new ApiProblem(429, "rate_limited", `More than ${limit} requests in ${limits.windowSeconds} seconds. ${key ? "" : "An API key raises the limit. "}Try again after Retry-After seconds.`, undefined, {
      ...Object.fromEntries(headers),
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  return headers;
}

/** The query as an object; a parameter given twice is refused (which one would count?). */
function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name in out) throw new ApiProblem(400, "invalid_parameter", `The parameter "${name}" is given more than once.`, [{ name, reason: "given more than once" }]);
    out[name] = value;
  }
  return out;
}

export function parseQuery(endpoint: Endpoint, url: URL): Record<string, unknown> {
  const result = endpoint.query.safeParse(queryObject(url));
  if (result.success) return result.data;
  const invalid: InvalidParam[] = [];
  let unknown = false;
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      unknown = true;
      for (const key of issue.keys) invalid.push({ name: key, reason: "unknown parameter" });
    } else invalid.push({ name: issue.path.join(".") || "query", reason: issue.message });
  }
  const first = invalid[0]!;
  const detail = unknown ? `Unknown parameter "${invalid.filter((p) => p.reason === "unknown parameter").map((p) => p.name).join('", "')}".` : `The parameter "${first.name}" is not valid: ${first.reason}.`;
  throw new ApiProblem(400, unknown ? "unknown_parameter" : "invalid_parameter", detail, invalid);
}

export async function handlePublicApi(db: DB, request: Request, settings: ApiSettings): Promise<Response> {
  const cors = new Headers(CORS);
  let limit = new Headers();
  try {
    if (request.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: { ...CORS, "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS", "Access-Control-Allow-Headers": "Authorization, X-API-Key, If-None-Match, If-Modified-Since", "Access-Control-Max-Age": "86400" },
      });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      throw new ApiProblem(405, "method_not_allowed", "The API is read-only: use GET.", undefined, { Allow: "GET, HEAD, OPTIONS" });
    }
    const url = new URL(request.url);
    const match = matchEndpoint(url.pathname);
    limit = await limitHeaders(db, request, settings.limits);
    if (!match) throw new ApiProblem(404, "not_found", "No endpoint has this address; see /api/v1/openapi.json.");
    if (match.slug && !slugParam.safeParse(match.slug).success) throw new ApiProblem(404, "not_found", "Nothing has this slug.");
    const query = parseQuery(match.endpoint, url);
    const answer = await match.endpoint.handle(query, { db, publicUrl: settings.publicUrl, slug: match.slug, openapi: () => openApiDocument(settings.publicUrl) });
    if (answer === null) throw new ApiProblem(404, "not_found", `Nothing has the slug "${match.slug}".`);
    const body = JSON.stringify((match.endpoint.response as z.ZodType).parse(answer));
    const headers = new Headers(cors);
    for (const [name, value] of limit) headers.set(name, value);
    // Clients revalidate with the ETag; every request reaches us, so the limit counts it.
    headers.set("Cache-Control", "no-cache");
    headers.set("Vary", "Authorization, X-API-Key");
    return conditionalResponse(request, { body, contentType: "application/json; charset=utf-8", headers: Object.fromEntries(headers) });
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const headers = new Headers(cors);
    for (const [name, value] of limit) headers.set(name, value);
    return problemResponse(error, settings.publicUrl, headers);
  }
}
