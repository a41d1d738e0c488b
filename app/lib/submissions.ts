import { z } from "zod";
import { offersSchema } from "./offers";

/**
 * The contract between the submit form (browser and server), the user's
 * "my tools" list and the admin review queue: the constants of spec 4.10/5/9
 * and the JSON kept in `submissions.payload`. Shared by browser and server,
 * so it holds no server code.
 */

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const TAGS_MAX = 10;
export const LINES_MAX = 20;
export const LINE_MAX = 200;

/** The 10 selectable categories: slugs of top-level catalogue categories. */
export const SUBMIT_CATEGORIES = [
  "text-generation-editing",
  "image-generation-editing",
  "video-animation",
  "music-audio",
  "code-programming-assistance",
  "chatbot-virtual-companions",
  "marketing-advertising",
  "office-productivity",
  "learning-translation",
  "others",
] as const;

/** The 5 pricing modes of the form (catalogue pricing values). */
export const SUBMIT_PRICING = ["free", "freemium", "paid", "trial", "contact"] as const;

/** The 25 preset tags offered as toggles (free text tags are allowed too). */
export const PRESET_TAGS = [
  "AI Writing", "Image Generation", "Chatbot", "Code Assistant", "Video Editing",
  "Music", "Voice", "Translation", "Productivity", "Marketing",
  "SEO", "Design", "Education", "Research", "Data Analysis",
  "Customer Support", "E-commerce", "Social Media", "Automation", "Open Source",
  "Free", "API", "Browser Extension", "Mobile App", "No-code",
] as const;

/**
 * The translation key of a preset tag's label (`submit.presetTags.<key>`, e.g. "AI Writing" -> "ai-writing").
 * The form shows the label in the page language; the submission stores the preset tag itself, so the AI
 * generation's suggestions and the reviewers match it whatever language it was chosen in.
 */
export function presetTagKey(tag: string): string {
  return tag.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Contact platforms of the advertising request form. */
export const AD_CONTACT_PLATFORMS = ["telegram", "whatsapp", "wechat", "twitter", "discord", "skype"] as const;

export type SubmissionStatus = "pending" | "approved" | "rejected";
export type SubmissionType = "submit" | "update";

/**
 * Validation failures of the submit form, in the order spec 5 checks them.
 * Each code is a translation key under `submit.errors.` (zh-CN carries the
 * spec's own sentences, e.g. nameRequired = '请输入工具名称').
 */
export type SubmitErrorCode =
  | "nameRequired"
  | "nameTooLong"
  | "websiteRequired"
  | "websiteInvalid"
  | "descriptionRequired"
  | "descriptionTooLong"
  | "categoryRequired"
  | "emailRequired"
  | "emailInvalid";

export interface SubmitFormFields {
  name: string;
  website_url: string;
  description: string;
  category: string;
  contact_email: string;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first failing rule in spec order, or null. The same function runs in the browser and on the server. */
export function firstSubmitError(fields: SubmitFormFields): { field: keyof SubmitFormFields; code: SubmitErrorCode } | null {
  const name = fields.name.trim();
  const website = fields.website_url.trim();
  const description = fields.description.trim();
  const email = fields.contact_email.trim();
  if (!name) return { field: "name", code: "nameRequired" };
  if (name.length > NAME_MAX) return { field: "name", code: "nameTooLong" };
  if (!website) return { field: "website_url", code: "websiteRequired" };
  if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(website)) return { field: "website_url", code: "websiteInvalid" };
  if (!description) return { field: "description", code: "descriptionRequired" };
  if (description.length > DESCRIPTION_MAX) return { field: "description", code: "descriptionTooLong" };
  if (!(SUBMIT_CATEGORIES as readonly string[]).includes(fields.category)) return { field: "category", code: "categoryRequired" };
  if (!email) return { field: "contact_email", code: "emailRequired" };
  if (!EMAIL_SHAPE.test(email) || email.length > 254) return { field: "contact_email", code: "emailInvalid" };
  return null;
}

/** Slug from a name (spec 5): lower-cased; anything but letters, digits and Chinese characters becomes a hyphen; runs collapsed; edges trimmed. */
export function submissionSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\u4e00-\u9fff]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** One entry per line, blank lines dropped (features, use cases). */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const lineList = z.array(z.string().trim().min(1).max(LINE_MAX)).max(LINES_MAX);

/** `submissions.payload` of a type `submit` row. */
export const submitPayloadSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX),
  slug: z.string().min(1).max(200),
  website_url: z.string().url().max(2048),
  description: z.string().trim().min(1).max(DESCRIPTION_MAX),
  category: z.enum(SUBMIT_CATEGORIES),
  pricing: z.enum(SUBMIT_PRICING),
  tags: z.array(z.string().trim().min(1).max(40)).max(TAGS_MAX),
  features: lineList,
  use_cases: lineList,
  contact_email: z.string().trim().max(254),
  /** Public URLs of the re-encoded upload (PNG and WebP), or null without an image. */
  image_url: z.string().max(2048).nullable(),
  image_webp_url: z.string().max(2048).nullable(),
  /** Interface language the form was filled in: the published translation's language. */
  language: z.string().min(2).max(10),
  /** True when the text came from AI generation (the admin sees "generated" or "manual"). */
  generated: z.boolean(),
  /** What the tool offers as the submitter stated it (absent in submissions from before the form asked). */
  offers: offersSchema.optional(),
});
export type SubmitPayload = z.infer<typeof submitPayloadSchema>;

/** Fields an update proposes; only the changed ones are present. */
export const toolChangesSchema = submitPayloadSchema
  .pick({ name: true, website_url: true, description: true, category: true, pricing: true, tags: true, features: true, use_cases: true, image_url: true, image_webp_url: true, offers: true })
  .partial();
export type ToolChanges = z.infer<typeof toolChangesSchema>;

/** `submissions.payload` of a type `update` row (its `tool_id` column names the tool). */
export const updatePayloadSchema = z.object({
  tool_slug: z.string().min(1),
  language: z.string().min(2).max(10),
  contact_email: z.string().trim().max(254),
  /** The tool's values before the change, for the admin's field-by-field diff. */
  before: toolChangesSchema,
  changes: toolChangesSchema,
});
export type UpdatePayload = z.infer<typeof updatePayloadSchema>;
