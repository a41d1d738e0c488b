import { z } from "zod";
import { LANGUAGES } from "~/i18n/languages";
import { ECOMMERCE_SORT_VALUES } from "~/lib/ecommerce-url";
import { TOOL_SORTS } from "../tools/order";
import { TOOL_FILTER_PARAMS } from "./tool-filters";
import { ECOMMERCE_OFFER_PARAMS } from "./ecommerce-filters";

/**
 * The public API's inputs and outputs, declared once: the endpoints validate query parameters with these
 * (strict objects, so an unknown parameter is refused by name), pass what they answer through the output
 * schemas (only documented fields leave), and the OpenAPI document is generated from both.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;

/** The answers' schemas by name: the OpenAPI document's components. */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const lang = z.enum(LANGUAGES).default("us-en").meta({ description: "Language of names and texts; a text missing in it falls back to a related language, then English." });
const search = z.string().trim().min(1).max(100).optional().meta({ description: "Words to search for in names, tags, categories and descriptions, in any language." });
const limit = z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Items per page." });
const cursor = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "a cursor from next_cursor").optional().meta({ description: "The `next_cursor` of the previous page." });
const slugList = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}(,[a-z0-9][a-z0-9-]{0,99}){0,19}$/, "comma-separated slugs")
  .optional();

export const langQuery = z.strictObject({ lang });

export const toolListQuery = z.strictObject({
  lang,
  q: search,
  sort: z.enum(TOOL_SORTS).default("popular").meta({ description: "popular: the directory's order; rating; newest; name (in the chosen language)." }),
  limit,
  cursor,
  ...TOOL_FILTER_PARAMS,
});

export const ecommerceListQuery = z.strictObject({
  lang,
  q: search,
  sort: z.enum(ECOMMERCE_SORT_VALUES).default("popular"),
  categories: slugList.meta({ description: "Comma-separated category or group slugs (any of them)." }),
  filters: slugList.meta({ description: "Comma-separated filter slugs (all of them)." }),
  platforms: slugList.meta({ description: "Comma-separated platform slugs (any of them)." }),
  ...ECOMMERCE_OFFER_PARAMS,
  cursor,
});

export const slugParam = z.string().regex(SLUG).meta({ description: "The slug of the item, as in its page address." });

const categoryRef = z.object({ slug: z.string(), name: z.string() });
const timestamp = z.string().meta({ description: "ISO 8601 date and time, UTC." });

export const toolSummary = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    content_language: z.string().meta({ description: "Language the name and description are in (may differ from `lang`)." }),
    url: z.string().meta({ description: "The tool's page in the directory, in the requested language." }),
    website_url: z.string().nullable(),
    image_url: z.string().nullable(),
    pricing: z.string(),
    rating: z.number(),
    review_count: z.number().int(),
    category: categoryRef.nullable(),
    added_at: timestamp,
  })
  .register(apiSchemas, { id: "ToolSummary" });

export const toolList = z
  .object({
    lang: z.enum(LANGUAGES),
    total: z.number().int(),
    data: z.array(toolSummary),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .register(apiSchemas, { id: "ToolList" });

const faq = z.object({ question: z.string(), answer: z.string() });

export const toolDetail = z
  .object({
    slug: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    long_description: z.string(),
    content_language: z.string(),
    url: z.string(),
    website_url: z.string().nullable(),
    image_url: z.string().nullable(),
    pricing: z.string(),
    rating: z.number(),
    review_count: z.number().int(),
    category: categoryRef.nullable(),
    subcategories: z.array(categoryRef),
    tags: z.array(z.string()),
    features: z.array(z.string()),
    use_cases: z.array(z.string()),
    faq: z.array(faq),
    updated_at: timestamp.nullable(),
  })
  .register(apiSchemas, { id: "ToolDetail" });

export const categoryList = z
  .object({
    lang: z.enum(LANGUAGES),
    data: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        tool_count: z.number().int(),
        url: z.string(),
        subcategories: z.array(z.object({ slug: z.string(), name: z.string(), tool_count: z.number().int() })),
      }),
    ),
  })
  .register(apiSchemas, { id: "CategoryList" });

export const ecommerceSummary = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    content_language: z.string(),
    url: z.string(),
    image_url: z.string().nullable(),
    pricing: z.string(),
    rating: z.number(),
    review_count: z.number().int(),
    tags: z.array(z.string()),
  })
  .register(apiSchemas, { id: "EcommerceToolSummary" });

const facetValue = z.object({ slug: z.string(), name: z.string(), count: z.number().int(), selected: z.boolean() });

export const ecommerceList = z
  .object({
    lang: z.enum(LANGUAGES),
    total: z.number().int(),
    data: z.array(ecommerceSummary),
    facets: z
      .object({
        categories: z.array(facetValue.extend({ subcategories: z.array(facetValue) })),
        filters: z.array(facetValue),
        platforms: z.array(facetValue),
        marketplaces: z.array(facetValue).meta({ description: "Marketplaces some tool states it serves, the most served first." }),
        languages: z.array(facetValue).meta({ description: "Interface languages some tool states (BCP 47 codes as slugs)." }),
        checks: z
          .array(facetValue.extend({ parameter: z.string() }))
          .meta({ description: "The yes-only filters (open source, China fit) some tool states, each named by its query parameter." }),
      })
      .meta({ description: "Every value with the number of tools the list would have with it selected too." }),
    next_cursor: z.string().nullable(),
  })
  .register(apiSchemas, { id: "EcommerceToolList" });

export const ecommerceDetail = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    content_language: z.string(),
    url: z.string(),
    website_url: z.string().nullable(),
    image_url: z.string().nullable(),
    pricing: z.string(),
    rating: z.number(),
    review_count: z.number().int(),
    features: z.array(z.string()),
    pros: z.array(z.string()),
    cons: z.array(z.string()),
    categories: z.array(categoryRef),
    platforms: z.array(categoryRef),
    tags: z.array(z.string()),
  })
  .register(apiSchemas, { id: "EcommerceToolDetail" });

export const problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    invalid_params: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  })
  .register(apiSchemas, { id: "Problem", description: "RFC 9457 problem details (application/problem+json)." });
