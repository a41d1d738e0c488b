import {
  firstSubmitError,
  LINE_MAX,
  linesOf,
  LINES_MAX,
  submissionSlug,
  SUBMIT_PRICING,
  TAGS_MAX,
  type SubmitFormFields,
  type SubmitPayload,
} from "~/lib/submissions";
import { readOfferFields, type OfferErrorCode, type OfferFormError } from "~/lib/offer-form";
import type { Offers } from "~/lib/offers";
import type { DB } from "../db";
import { consumeRateLimit, type RateLimitRule } from "../rate-limit";
import { isStoredSubmissionImage } from "../uploads/tool-image";
import { submissionAdminMail, submissionReceivedMail, adminRecipients, sendQuietly } from "./mail";
import { findDuplicate, insertSubmitRow } from "./queries";
import { websiteHost } from "./url-key";
import { queueSiteScreenshot } from "../screenshots";

/**
 * Submitting a tool (spec 4.10, 5, 9): the form's rules in spec order, the
 * honeypot, duplicates, per-user and per-address limits, then the pending
 * row and the two e-mails. Refusals are SubmitRefused with a code the page
 * translates under `submit.errors.`; nothing is stored for them.
 */
export const SUBMIT_LIMITS = {
  perUser: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
  perAddress: { limit: 20, windowMs: 24 * 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/** Name of the field people never see (hidden by CSS, skipped by tab and autofill); bots fill it. */
export const HONEYPOT_FIELD = "company_website";

export type SubmitRefusalCode =
  | NonNullable<ReturnType<typeof firstSubmitError>>["code"]
  | "featuresInvalid"
  | "useCasesInvalid"
  | "tagsInvalid"
  | "imageInvalid"
  | OfferErrorCode
  | "duplicateTool"
  | "duplicatePending"
  | "duplicatePendingOwn"
  | "rateLimited"
  | "noChanges"
  | "toolNotFound";

export class SubmitRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: SubmitRefusalCode,
    readonly field: string | null = null,
    readonly details: Record<string, string | number> = {},
  ) {
    super(`submission refused: ${code}`);
  }
}

export interface SubmitContext {
  userId: string;
  /** Who the admins' mail names: the account's e-mail or name. */
  submitter: string;
  clientAddress: string;
  language: string;
}

export interface ParsedSubmitForm extends SubmitFormFields {
  pricing: (typeof SUBMIT_PRICING)[number];
  tags: string[];
  features: string[];
  use_cases: string[];
  image_url: string | null;
  image_webp_url: string | null;
  generated: boolean;
  honeypot: string;
  /** What the tool offers (all "not stated" when left empty), or the offer field that is wrong. */
  offers: Offers | null;
  offersError: OfferFormError | null;
}

const text = (form: URLSearchParams, name: string, max = 4000) => (form.get(name) ?? "").slice(0, max);

/** Reads the submit form's fields (free text; the rules run in `checkFields`). */
export function readSubmitForm(form: URLSearchParams): ParsedSubmitForm {
  const pricing = SUBMIT_PRICING.find((p) => p === form.get("pricing")) ?? "freemium";
  const offered = readOfferFields(form);
  const tags = [...new Set(form.getAll("tags").flatMap((t) => t.split(/[,，]/)).map((t) => t.trim()).filter(Boolean))];
  return {
    name: text(form, "name"),
    website_url: text(form, "website_url"),
    description: text(form, "description"),
    category: text(form, "category", 100),
    contact_email: text(form, "contact_email", 300),
    pricing,
    tags,
    features: linesOf(text(form, "features", 20_000)),
    use_cases: linesOf(text(form, "use_cases", 20_000)),
    image_url: form.get("image_url") || null,
    image_webp_url: form.get("image_webp_url") || null,
    generated: form.get("generated") === "true",
    honeypot: text(form, HONEYPOT_FIELD, 200),
    offers: offered.offers,
    offersError: offered.error,
  };
}

const linesOk = (lines: string[]) => lines.length <= LINES_MAX && lines.every((l) => l.length <= LINE_MAX);

/** Spec 5 rules in order, then the list fields and the image. */
export async function checkFields(fields: ParsedSubmitForm, rules = firstSubmitError): Promise<void> {
  const error = rules(fields);
  if (error) throw new SubmitRefused(400, error.code, error.field);
  if (!linesOk(fields.features)) throw new SubmitRefused(400, "featuresInvalid", "features", { lines: LINES_MAX, chars: LINE_MAX });
  if (!linesOk(fields.use_cases)) throw new SubmitRefused(400, "useCasesInvalid", "use_cases", { lines: LINES_MAX, chars: LINE_MAX });
  if (fields.tags.length > TAGS_MAX || fields.tags.some((t) => t.length > 40)) throw new SubmitRefused(400, "tagsInvalid", "tags", { max: TAGS_MAX });
  // Image URLs come back from the browser: only pictures this site stored from an upload are accepted.
  for (const url of [fields.image_url, fields.image_webp_url]) {
    if (url && !(await isStoredSubmissionImage(url))) throw new SubmitRefused(400, "imageInvalid", "image");
  }
  if (Boolean(fields.image_url) !== Boolean(fields.image_webp_url)) throw new SubmitRefused(400, "imageInvalid", "image");
  if (fields.offersError) throw new SubmitRefused(400, fields.offersError.code, fields.offersError.field);
}

/** Refuses a website already listed or awaiting review. */
export async function refuseDuplicate(db: DB, websiteUrl: string, userId: string): Promise<void> {
  const duplicate = await findDuplicate(db, websiteUrl, userId);
  if (duplicate?.kind === "tool") throw new SubmitRefused(409, "duplicateTool", "website_url", { slug: duplicate.slug });
  if (duplicate) throw new SubmitRefused(409, duplicate.own ? "duplicatePendingOwn" : "duplicatePending", "website_url");
}

export async function enforceLimits(db: DB, scope: string, ctx: SubmitContext, rules: { perUser: RateLimitRule; perAddress: RateLimitRule }) {
  const [user, address] = await Promise.all([
    consumeRateLimit(db, `${scope}:user:${ctx.userId}`, rules.perUser),
    consumeRateLimit(db, `${scope}:address:${ctx.clientAddress}`, rules.perAddress),
  ]);
  if (!user.allowed || !address.allowed) {
    throw new SubmitRefused(429, "rateLimited", null, { retryAfterSeconds: Math.max(user.retryAfterSeconds, address.retryAfterSeconds) });
  }
}

export type SubmitOutcome = { kind: "stored"; id: number; slug: string } | { kind: "honeypot" };

export async function submitTool(db: DB, ctx: SubmitContext, fields: ParsedSubmitForm): Promise<SubmitOutcome> {
  // A filled honeypot gets the same success answer a person gets, so a bot learns nothing; nothing is kept.
  if (fields.honeypot.trim()) return { kind: "honeypot" };
  await checkFields(fields);
  const website = fields.website_url.trim();
  await refuseDuplicate(db, website, ctx.userId);
  await enforceLimits(db, "submit", ctx, SUBMIT_LIMITS);
  const name = fields.name.trim();
  const payload: SubmitPayload = {
    name,
    // Names of only Korean or Japanese letters have no slug characters: the website's host stands in.
    slug: submissionSlug(name) || submissionSlug(websiteHost(website) ?? "") || "tool",
    website_url: website,
    description: fields.description.trim(),
    category: fields.category as SubmitPayload["category"],
    pricing: fields.pricing,
    tags: fields.tags,
    features: fields.features,
    use_cases: fields.use_cases,
    contact_email: fields.contact_email.trim(),
    image_url: fields.image_url,
    image_webp_url: fields.image_webp_url,
    language: ctx.language,
    generated: fields.generated,
    ...(fields.offers ? { offers: fields.offers } : {}),
  };
  const id = await insertSubmitRow(db, ctx.userId, payload);
  queueSiteScreenshot(db, website, "submission");
  const mail = { type: "submit" as const, name, websiteUrl: website, language: ctx.language, submitter: ctx.submitter, summary: [] };
  const [received, review, admins] = await Promise.all([submissionReceivedMail(mail), submissionAdminMail(mail), adminRecipients(db)]);
  await Promise.all([sendQuietly(payload.contact_email, received), ...admins.map((to) => sendQuietly(to, review))]);
  return { kind: "stored", id, slug: payload.slug };
}
