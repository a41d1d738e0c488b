import { z } from "zod";
import { ENDPOINTS, type Endpoint } from "./endpoints";
import { PROBLEM_CODES } from "./problems";
import { apiSchemas, slugParam } from "./schemas";

/**
 * The OpenAPI 3.1 document of the public API, generated from the endpoint table and the zod schemas the
 * server validates and shapes with (JSON Schema 2020-12 is OpenAPI 3.1's own dialect). Built once per
 * public address.
 */
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function parameters(endpoint: Endpoint): unknown[] {
  const query = Object.entries(endpoint.query.shape).map(([name, schema]) => {
    const json = withoutDialect(z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<string, unknown>);
    const { description, ...rest } = json;
    return { name, in: "query", required: !(schema as z.ZodType).safeParse(undefined).success, ...(description ? { description } : {}), schema: rest };
  });
  const path = endpoint.path.includes("{slug}")
    ? [{ name: "slug", in: "path", required: true, description: "The item's slug, as in its page address.", schema: withoutDialect(z.toJSONSchema(slugParam) as Record<string, unknown>) }]
    : [];
  return [...path, ...query];
}

const RATE_HEADERS = {
  "RateLimit-Limit": { description: "Requests allowed per window for this key or address.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" } },
  "RateLimit-Policy": { description: "The limit and its window, e.g. `60;w=60`.", schema: { type: "string" } },
};

const problemContent = { "application/problem+json": { schema: ref("Problem") } };

function responseId(endpoint: Endpoint): string {
  const id = apiSchemas.get(endpoint.response)?.id;
  if (!id) throw new Error(`the answer of ${endpoint.path} has no schema id`);
  return id;
}

function operation(endpoint: Endpoint) {
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    parameters: parameters(endpoint),
    responses: {
      "200": { description: "OK", headers: { ETag: { description: "Send it back as If-None-Match to get 304 while nothing changed.", schema: { type: "string" } }, ...RATE_HEADERS }, content: { "application/json": { schema: ref(responseId(endpoint)) } } },
      "304": { description: "Not modified since the ETag sent in If-None-Match." },
      "400": { description: "An unknown or invalid parameter, named in `invalid_params`.", content: problemContent },
      "401": { description: "An API key that is unknown or revoked.", content: problemContent },
      ...(endpoint.path.includes("{slug}") ? { "404": { description: "Nothing has this slug.", content: problemContent } } : {}),
      "429": { description: "Over the limit; wait Retry-After seconds.", headers: { "Retry-After": { schema: { type: "integer" } }, ...RATE_HEADERS }, content: problemContent },
    },
  };
}

const documents = new Map<string, Record<string, unknown>>();

export function openApiDocument(publicUrl: string): Record<string, unknown> {
  const cached = documents.get(publicUrl);
  if (cached) return cached;
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: (id) => `#/components/schemas/${id}` });
  const document = {
    openapi: "3.1.0",
    info: {
      title: "AI Tools Directory API",
      version: "1.0.0",
      description: `Read the directory's AI tools, categories and cross-border e-commerce tools in any of its ten languages (\`lang\`). Anonymous use is limited per address; an API key from your dashboard, sent as \`X-API-Key\` or \`Authorization: Bearer\`, raises the limit. Errors are problem details with one of these codes: ${PROBLEM_CODES.join(", ")}.`,
    },
    servers: [{ url: publicUrl }],
    paths: Object.fromEntries(ENDPOINTS.map((endpoint) => [endpoint.path, { get: operation(endpoint) }])),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDialect(schema as Record<string, unknown>)])),
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
    security: [{}, { apiKey: [] }, { bearer: [] }],
  };
  documents.set(publicUrl, document);
  return document;
}
