import { z } from "zod";
import { LANGUAGES } from "~/i18n/languages";
import { ECOMMERCE_PRICING } from "~/lib/listing-editor";
import { DESCRIPTION_MAX, LINE_MAX, LINES_MAX, NAME_MAX, SUBMIT_CATEGORIES, SUBMIT_PRICING, TAGS_MAX } from "~/lib/submissions";

/**
 * The administrator's listing editor's fields (decision 0035). Each rule's message is the code of the error
 * the form shows at that field in the admin's language (`listingEditor.errors.*`).
 */
export { LISTING_KINDS, type ListingKind } from "~/lib/listing-editor";

const lines = (code: string) =>
  z
    .string()
    .max(LINES_MAX * (LINE_MAX + 2), code)
    .transform((text) => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(LINE_MAX, code)).max(LINES_MAX, code));

const webAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
};

/** An image: empty (unchanged or none), a site path of a stored picture, or a web address. */
const image = z
  .string()
  .trim()
  .max(1000, "imageInvalid")
  .refine((value) => value === "" || /^\/[\w./-]+$/.test(value) || webAddress(value), "imageInvalid");

const common = {
  language: z.enum(LANGUAGES, { message: "languageInvalid" }),
  name: z.string().trim().min(1, "nameRequired").max(NAME_MAX, "nameTooLong"),
  website_url: z.string().trim().min(1, "urlRequired").max(500, "urlInvalid").refine(webAddress, "urlInvalid"),
  description: z.string().trim().max(DESCRIPTION_MAX * 4, "descriptionTooLong"),
  features: lines("linesInvalid"),
  image_url: image,
  note: z.string().trim().max(1000, "noteTooLong").default(""),
};

const tagList = (max: number) =>
  z
    .string()
    .max(2000, "tagsInvalid")
    .transform((text) => [...new Set(text.split(/[,，]/).map((tag) => tag.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(40, "tagsInvalid")).max(max, "tagsInvalid"));
const tags = tagList(TAGS_MAX);

export const toolEditorInput = z.object({
  ...common,
  category: z.union([z.enum(SUBMIT_CATEGORIES), z.literal("")], { message: "categoryInvalid" }),
  pricing: z.enum(SUBMIT_PRICING, { message: "pricingInvalid" }),
  tags,
  use_cases: lines("linesInvalid"),
  subcategories: z.array(z.string().trim().min(1).max(100)).max(40, "categoryInvalid").default([]),
});

export const ecommerceEditorInput = z.object({
  ...common,
  pricing: z.enum(ECOMMERCE_PRICING, { message: "pricingInvalid" }),
  pros: lines("linesInvalid"),
  cons: lines("linesInvalid"),
  /** Names (or slugs) of the e-commerce catalogue's tags; a facet value each, so only known ones. */
  tags: tagList(30).default([]),
  categories: z.array(z.string().trim().min(1).max(100)).max(40, "categoryInvalid"),
});

export type ToolEditorInput = z.infer<typeof toolEditorInput>;
export type EcommerceEditorInput = z.infer<typeof ecommerceEditorInput>;

export interface EditorError {
  field: string;
  code: string;
}

/** The first failed field and its code, as the form shows it. */
export function firstEditorError(error: z.ZodError): EditorError {
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? "form");
  const code = /^[a-zA-Z]+$/.test(issue.message) ? issue.message : "invalid";
  return { field, code };
}
