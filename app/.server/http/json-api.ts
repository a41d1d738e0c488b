import type { z } from "zod";
import { assertSameOrigin } from "../auth/guards";
import { AppError } from "../errors";
import { jsonError } from "./json-response";

/**
 * The shape every JSON endpoint of the app shares: errors are
 * `{ error: { code, message, ...details } }` with a 4xx status, bodies are
 * read with a byte cap, parsed once and validated with zod, and writes must
 * come from the site's own pages. Resource routes call these from their
 * loader/action; anything thrown here is a Response React Router sends as is.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

export { jsonError, jsonOk } from "./json-response";

/** Reads at most `maxBytes` of a request body; a larger body is refused with 413 without reading it all. */
export async function readBodyBytes(request: Pick<Request, "headers" | "body">, maxBytes = JSON_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw jsonError(413, "payload_too_large", `The request body is larger than ${maxBytes} bytes.`);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw jsonError(413, "payload_too_large", `The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads at most `maxBytes` of a request body as text; a larger body is refused with 413 without reading it all. */
export async function readBodyText(request: Pick<Request, "headers" | "body">, maxBytes = JSON_BODY_LIMIT): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

/** A JSON body validated by `schema`: 415 for another content type, 413 past the cap, 400 for bad JSON or invalid fields. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, { maxBytes = JSON_BODY_LIMIT } = {}): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw jsonError(415, "unsupported_media_type", "Send the body as application/json.");
  const text = await readBodyText(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw jsonError(400, "invalid_json", "The request body is not valid JSON.");
  }
  return parseOr400(schema, value);
}

/** Validates a value (query parameters, a parsed body) or throws 400 listing the fields that failed. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  throw jsonError(400, "invalid_input", fields[0] ? `${fields[0].path || "body"}: ${fields[0].message}` : "Invalid input.", { fields });
}

/**
 * Runs an endpoint body: checks the origin of writes, turns AppErrors into
 * JSON errors and lets thrown Responses (guards, the helpers above) through.
 */
export async function jsonEndpoint(request: Request, body: () => Promise<Response>): Promise<Response> {
  try {
    if (!["GET", "HEAD", "OPTIONS"].includes(request.method)) assertSameOrigin(request);
    return await body();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return jsonError(error.status, error.code, error.message, error.details);
    throw error;
  }
}
