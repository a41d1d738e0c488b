import { brandIconSchema } from "./brand-icons";
import { z } from "zod";
import { LANGUAGES } from "~/i18n/languages";
import { filterSlug } from "~/lib/slug";
import { ecommerceOffersSchema, offersSchema } from "~/lib/offers";

/**
 * Every shape of the catalogue files (seed/catalog/FORMAT.md) and of
 * `catalog:import` rows. Empty strings count as missing, so CSV cells and
 * JSON files behave the same; English (us-en) is the one required language.
 */

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const nullToUndefined = (value: unknown) => (value === null ? undefined : value);

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case letters, digits and single hyphens");
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a color like #1a2b3c");
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const requiredText = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
const list = (max = 40, itemMax = 300) =>
  z.preprocess(nullToUndefined, z.array(requiredText(itemMax)).max(max).default([]));
const flag = z.preprocess(nullToUndefined, z.boolean().default(false));
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const isoTimestamp = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), "must be an ISO-8601 date/time")
  .transform((v) => new Date(v).toISOString());

export const PRICING_VALUES = ["free", "freemium", "freeTrial", "trial", "paid", "subscription", "contact"] as const;
export const pricingSchema = z.enum(PRICING_VALUES, { error: `must be one of ${PRICING_VALUES.join(", ")}` });
const languageSchema = z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(", ")}` });

/** A per-language map that must contain English with `field` filled in. */
function translations<T extends z.ZodType>(value: T, requiredField?: string) {
  return z.partialRecord(languageSchema, value).superRefine((map, ctx) => {
    const english = (map as Record<string, unknown>)["us-en"];
    if (!english) ctx.addIssue({ code: "custom", path: ["us-en"], message: "English (us-en) is required" });
    else if (requiredField && !(english as Record<string, unknown>)[requiredField])
      ctx.addIssue({ code: "custom", path: ["us-en", requiredField], message: "is required in English" });
  });
}

// ---------- categories.json ----------

export const subcategorySchema = z.object({
  name: requiredText(80).refine((name) => filterSlug(name) !== "", "must contain letters or digits"),
  translations: z.preprocess(nullToUndefined, z.partialRecord(languageSchema, requiredText(80)).default({})),
});

export const categorySchema = z.object({
  slug: slugSchema,
  icon: requiredText(60),
  color: colorSchema,
  sort_order: z.number().int().min(0),
  translations: translations(z.object({ name: requiredText(100), description: text(600) }), "name"),
  subcategories: z.array(subcategorySchema),
});
export type CategoryInput = z.infer<typeof categorySchema>;

// ---------- tools/*.json and catalog:import rows ----------

const faqSchema = z.object({ question: requiredText(300), answer: requiredText(1000) });

export const toolTextSchema = z.object({
  name: text(100),
  subtitle: text(200),
  description: text(1000),
  features: list(),
  use_cases: list(),
  faq: z.preprocess(nullToUndefined, z.array(faqSchema).max(20).default([])),
  tags: list(20, 40),
});
export type ToolText = z.infer<typeof toolTextSchema>;

export const toolSchema = z.object({
  slug: slugSchema,
  website_url: httpUrl,
  brand_color: z.preprocess(blankToUndefined, colorSchema.optional()),
  /** A brand mark from an icon package, drawn as the logo instead of the initials. */
  logo: z.preprocess(nullToUndefined, brandIconSchema.optional()),
  pricing: z.preprocess(blankToUndefined, pricingSchema.default("freemium")),
  rating: z.preprocess(nullToUndefined, z.number().min(0).max(5).default(0)),
  review_count: z.preprocess(nullToUndefined, z.number().int().min(0).default(0)),
  is_featured: flag,
  is_popular: flag,
  is_new: flag,
  verified: flag,
  pinned: flag,
  manual_priority: z.number().int().nullable().default(null),
  created_at: z.preprocess(blankToUndefined, isoTimestamp.optional()),
  categories: z.array(slugSchema).min(1, "needs at least one category"),
  subcategories: z.preprocess(nullToUndefined, z.array(slugSchema).default([])),
  /** What the tool offers; a missing key or field: not stated (app/lib/offers.ts). */
  offers: z.preprocess(nullToUndefined, offersSchema.optional()),
  translations: translations(toolTextSchema, "name").superRefine((map, ctx) => {
    if (map["us-en"] && !map["us-en"].description)
      ctx.addIssue({ code: "custom", path: ["us-en", "description"], message: "is required in English" });
  }),
});
export type ToolInput = z.infer<typeof toolSchema>;

// ---------- case-studies.json ----------

export const caseStudyTextSchema = z.object({
  title: text(200),
  subtitle: text(300),
  description: text(3000),
  tags: list(20, 40),
  features: list(),
  use_cases: list(),
  benefits: list(),
  challenges: list(),
  solutions: list(),
  results: list(),
});

export const caseStudySchema = z.object({
  slug: slugSchema,
  website_url: z.preprocess(blankToUndefined, httpUrl.optional()),
  category: slugSchema,
  pricing: z.preprocess(blankToUndefined, pricingSchema.default("freemium")),
  rating: z.preprocess(nullToUndefined, z.number().min(0).max(5).default(5)),
  publish_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2025-06-02"),
  read_time: z.number().int().min(1).max(120),
  brand_color: z.preprocess(blankToUndefined, colorSchema.optional()),
  translations: translations(caseStudyTextSchema, "title"),
});
export type CaseStudyInput = z.infer<typeof caseStudySchema>;

// ---------- ecommerce.json ----------

const nameDescription = z.object({ name: requiredText(100), description: text(600) });

export const ecommerceGroupSchema = z.object({
  slug: slugSchema,
  icon: requiredText(60),
  color: colorSchema,
  product_count: z.number().int().min(0).default(0),
  translations: translations(nameDescription, "name"),
  subcategories: z.array(z.object({ slug: slugSchema, translations: translations(z.object({ name: requiredText(100) }), "name") })),
});
export type EcommerceGroupInput = z.infer<typeof ecommerceGroupSchema>;

export const ecommerceFilterSchema = z.object({ slug: slugSchema, name: requiredText(80) });
export const PLATFORM_KINDS = ["marketplace", "shop_builder", "short_video", "social", "regional", "other"] as const;
export const ecommercePlatformSchema = z.object({
  slug: slugSchema,
  name: requiredText(80),
  kind: z.enum(PLATFORM_KINDS, { error: `kind must be one of ${PLATFORM_KINDS.join(", ")}` }),
  region: text(60),
  website_url: z.preprocess(blankToUndefined, httpUrl.optional()),
});
export const ecommerceTagSchema = z.object({
  slug: slugSchema,
  name: requiredText(60),
  color: z.preprocess(blankToUndefined, colorSchema.optional()),
});

export const ecommerceToolTextSchema = z.object({
  name: text(100),
  description: text(1000),
  features: list(),
  pros: list(),
  cons: list(),
});

export const ecommerceToolSchema = z.object({
  slug: slugSchema,
  name: requiredText(100),
  description: requiredText(1000),
  website_url: httpUrl,
  brand_color: z.preprocess(blankToUndefined, colorSchema.optional()),
  /** A brand mark from an icon package, drawn as the logo instead of the initials (as for AI tools). */
  logo: z.preprocess(nullToUndefined, brandIconSchema.optional()),
  pricing: z.preprocess(blankToUndefined, pricingSchema.default("freemium")),
  rating: z.preprocess(nullToUndefined, z.number().min(0).max(5).default(0)),
  review_count: z.preprocess(nullToUndefined, z.number().int().min(0).default(0)),
  is_featured: flag,
  is_popular: flag,
  created_at: z.preprocess(blankToUndefined, isoTimestamp.optional()),
  features: list(),
  pros: list(),
  cons: list(),
  categories: z.array(slugSchema).min(1, "needs at least one category"),
  tags: list(30, 60),
  platforms: list(30, 60),
  filters: list(30, 60),
  offers: z.preprocess(nullToUndefined, ecommerceOffersSchema.optional()),
  // English lives in the top-level fields; translations hold the other languages.
  translations: z.preprocess(
    nullToUndefined,
    z
      .partialRecord(languageSchema, ecommerceToolTextSchema)
      .default({})
      .refine((map) => !map["us-en"], { message: "English text belongs in the top-level fields, not translations.us-en" }),
  ),
});
export type EcommerceToolInput = z.infer<typeof ecommerceToolSchema>;

export const ecommerceFileSchema = z.object({
  groups: z.array(z.unknown()),
  filters: z.array(z.unknown()).default([]),
  platforms: z.array(z.unknown()).default([]),
  tags: z.array(z.unknown()).default([]),
  tools: z.array(z.unknown()).default([]),
});

// ---------- row validation ----------

/** One rejected row: where it is and why, in words a person editing the file understands. */
export interface RowIssue {
  /** What was being read, e.g. `tools/part-a.json` or `ecommerce.json tools`. */
  source: string;
  /** 1-based position of the row in its list. */
  row: number;
  /** 1-based line in the file where the row starts, when known. */
  line?: number;
  slug?: string;
  message: string;
}

export interface ValidRow<T> {
  row: number;
  line?: number;
  value: T;
}

/** `translations.us-en.name: is required in English; rating: Too big: expected number to be <=5` */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.map(String).join(".");
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

export function formatRowIssue(issue: RowIssue): string {
  const where = issue.line ? `line ${issue.line}` : `row ${issue.row}`;
  const slug = issue.slug ? ` (${issue.slug})` : "";
  return `${issue.source} ${where}${slug}: ${issue.message}`;
}

/**
 * Validates each element on its own, so one bad row never hides the good
 * ones. Duplicate slugs after the first are rejected too.
 */
export function validateRows<S extends z.ZodType<{ slug: string }>>(
  source: string,
  items: readonly unknown[],
  schema: S,
  lines: readonly (number | undefined)[] = [],
): { valid: ValidRow<z.infer<S>>[]; issues: RowIssue[] } {
  const valid: ValidRow<z.infer<S>>[] = [];
  const issues: RowIssue[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const row = index + 1;
    const line = lines[index];
    const rawSlug = item && typeof item === "object" ? (item as Record<string, unknown>).slug : undefined;
    const slug = typeof rawSlug === "string" && rawSlug ? rawSlug : undefined;
    const result = schema.safeParse(item);
    if (!result.success) {
      issues.push({ source, row, line, slug, message: describeIssues(result.error) });
      return;
    }
    const value = result.data as z.infer<S>;
    const first = seen.get(value.slug);
    if (first !== undefined) {
      issues.push({ source, row, line, slug, message: `slug "${value.slug}" repeats row ${first}` });
      return;
    }
    seen.set(value.slug, row);
    valid.push({ row, line, value });
  });
  return { valid, issues };
}
