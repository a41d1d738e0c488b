import { z } from "zod";
import type { Lang } from "~/i18n/languages";
import type { DB } from "../db";
import { categoryListOf, ecommerceDetailOf, ecommerceListOf, toolDetailOf, toolListOf } from "./data";
import * as s from "./schemas";

/**
 * Every endpoint of the public API v1 in one table: its path, the query it accepts, the shape it answers and
 * how. The request handler (http.ts) and the OpenAPI document (openapi.ts) are both read from here, so a
 * documented path cannot go missing from the server or the other way round.
 */
export interface EndpointContext {
  db: DB;
  publicUrl: string;
  slug: string;
  openapi: () => unknown;
}

export interface Endpoint {
  /** The path as OpenAPI writes it (`{slug}` for the one path parameter). */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  query: z.ZodObject;
  response: z.ZodType;
  /** The answer, or null for 404 (no such slug). */
  handle(query: Record<string, unknown>, context: EndpointContext): Promise<unknown>;
}

type Query<S extends z.ZodType> = z.output<S>;

export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: "/api/v1/tools",
    operationId: "listTools",
    summary: "List and search AI tools",
    description: "Published AI tools in the directory's order or another sort, searched and filtered, a page at a time (cursor paging).",
    query: s.toolListQuery,
    response: s.toolList,
    handle: (query, { db, publicUrl }) => toolListOf(db, query as Query<typeof s.toolListQuery>, publicUrl),
  },
  {
    path: "/api/v1/tools/{slug}",
    operationId: "getTool",
    summary: "One AI tool",
    description: "Every text of a tool in the requested language (with fallback), its categories, tags, features and FAQ.",
    query: s.langQuery,
    response: s.toolDetail,
    handle: (query, { db, publicUrl, slug }) => toolDetailOf(db, slug, (query as Query<typeof s.langQuery>).lang as Lang, publicUrl),
  },
  {
    path: "/api/v1/categories",
    operationId: "listCategories",
    summary: "Categories of AI tools",
    description: "Top-level categories in display order, with their subcategories and the number of published tools in each.",
    query: s.langQuery,
    response: s.categoryList,
    handle: (query, { db, publicUrl }) => categoryListOf(db, (query as Query<typeof s.langQuery>).lang as Lang, publicUrl),
  },
  {
    path: "/api/v1/ecommerce-tools",
    operationId: "listEcommerceTools",
    summary: "List and filter cross-border e-commerce tools",
    description: "E-commerce tools with the directory's facets (category groups, filters, platforms, marketplaces served, interface languages, open source and China fit) and their counts; pages of 40.",
    query: s.ecommerceListQuery,
    response: s.ecommerceList,
    handle: (query, { db, publicUrl }) => ecommerceListOf(db, query as Query<typeof s.ecommerceListQuery>, publicUrl),
  },
  {
    path: "/api/v1/ecommerce-tools/{slug}",
    operationId: "getEcommerceTool",
    summary: "One e-commerce tool",
    description: "An e-commerce tool's texts in the requested language (with fallback), features, pros and cons, categories, platforms and tags.",
    query: s.langQuery,
    response: s.ecommerceDetail,
    handle: (query, { db, publicUrl, slug }) => ecommerceDetailOf(db, slug, (query as Query<typeof s.langQuery>).lang as Lang, publicUrl),
  },
  {
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This API's OpenAPI 3.1 document",
    description: "The document the developers page shows, generated from the same schemas that validate requests and shape answers.",
    query: z.strictObject({}),
    response: z.record(z.string(), z.unknown()).register(s.apiSchemas, { id: "OpenApiDocument" }),
    handle: async (_query, { openapi }) => openapi(),
  },
];

/** The endpoint a path names and its slug; null when none does. */
export function matchEndpoint(pathname: string): { endpoint: Endpoint; slug: string } | null {
  const clean = pathname.replace(/\/+$/, "");
  for (const endpoint of ENDPOINTS) {
    const [before, after] = endpoint.path.split("{slug}");
    if (after === undefined) {
      if (clean === endpoint.path) return { endpoint, slug: "" };
      continue;
    }
    if (!clean.startsWith(before!) || !clean.endsWith(after)) continue;
    const slug = clean.slice(before!.length, clean.length - after.length);
    if (slug && !slug.includes("/")) return { endpoint, slug: safeDecode(slug) };
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
