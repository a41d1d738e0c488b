import { getConfig } from "../config";
import { openApiDocument } from "./openapi";
import { PROBLEM_CODES } from "./problems";

/**
 * The developers page's view of the OpenAPI document: each path with its parameters and the fields of its
 * answer, read from the document itself so the page and the document never disagree.
 */
export interface ReferenceParam {
  name: string;
  location: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ReferenceEndpoint {
  path: string;
  summary: string;
  description: string;
  params: ReferenceParam[];
  fields: Array<{ name: string; type: string }>;
}

export interface ApiReference {
  baseUrl: string;
  endpoints: ReferenceEndpoint[];
  errors: readonly string[];
  limits: { anonymous: number; withKey: number; windowSeconds: number };
}

type JsonSchema = { type?: string | string[]; enum?: unknown[]; default?: unknown; items?: JsonSchema; $ref?: string; properties?: Record<string, JsonSchema>; minimum?: number; maximum?: number; anyOf?: JsonSchema[] };

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.enum) return schema.enum.map(String).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "object");
  if (type === "array") return `${typeOf(schema.items)}[]`;
  // The bounds zod writes for any safe integer say nothing; only real ranges (limit 1–100) are shown.
  const range = schema.minimum !== undefined && schema.maximum !== undefined && Math.abs(schema.maximum) < 1e9 ? ` ${schema.minimum}–${schema.maximum}` : "";
  return `${type}${range}`;
}

export function apiReference(): ApiReference {
  const config = getConfig();
  const doc = openApiDocument(config.publicUrl) as {
    paths: Record<string, { get: { summary: string; description: string; parameters: Array<{ name: string; in: string; required: boolean; description?: string; schema: JsonSchema }>; responses: { "200": { content: { "application/json": { schema: JsonSchema } } } } } }>;
    components: { schemas: Record<string, JsonSchema> };
  };
  const endpoints = Object.entries(doc.paths).map(([path, { get }]) => {
    const answer = get.responses["200"].content["application/json"].schema;
    const schema = answer.$ref ? doc.components.schemas[answer.$ref.split("/").pop()!] : answer;
    return {
      path,
      summary: get.summary,
      description: get.description,
      params: get.parameters.map((p) => ({
        name: p.name,
        location: p.in,
        required: p.required,
        type: `${typeOf(p.schema)}${p.schema.default !== undefined ? ` = ${String(p.schema.default)}` : ""}`,
        description: p.description ?? "",
      })),
      fields: Object.entries(schema?.properties ?? {}).map(([name, field]) => ({ name, type: typeOf(field) })),
    };
  });
  return {
    baseUrl: config.publicUrl,
    endpoints,
    errors: PROBLEM_CODES,
    limits: { anonymous: config.API_RATE_LIMIT_ANONYMOUS, withKey: config.API_RATE_LIMIT_KEY, windowSeconds: config.API_RATE_WINDOW_SECONDS },
  };
}
