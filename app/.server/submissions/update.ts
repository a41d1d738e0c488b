import { firstSubmitError, SUBMIT_CATEGORIES, SUBMIT_PRICING, type ToolChanges } from "~/lib/submissions";
import { canonicalOffers } from "~/lib/offer-form";
import type { DB } from "../db";
import { readToolOffers } from "../offers/store";
import { getToolDetail } from "../tools/detail";
import { adminRecipients, sendQuietly, submissionAdminMail, submissionReceivedMail } from "./mail";
import { presetTagsOf } from "./preset-tags";
import { insertUpdateRow } from "./queries";
import { checkFields, enforceLimits, refuseDuplicate, SubmitRefused, type ParsedSubmitForm, type SubmitContext } from "./submit";
import { queueSiteScreenshot } from "../screenshots";

/**
 * Proposing changes to a listed tool: the form starts from the tool's current
 * values; what differs is stored as a pending `update` submission (its
 * `before` and `changes`), reviewed like a new tool.
 */
export const UPDATE_LIMITS = {
  perUser: { limit: 10, windowMs: 24 * 60 * 60 * 1000 },
  perAddress: { limit: 30, windowMs: 24 * 60 * 60 * 1000 },
};

/** Catalogue pricing values onto the form's five modes (spec 3: trial is freeTrial, subscriptions are paid). */
function formPricing(pricing: string): (typeof SUBMIT_PRICING)[number] {
  if (pricing === "freeTrial" || pricing === "trial") return "trial";
  if (pricing === "subscription") return "paid";
  return SUBMIT_PRICING.find((p) => p === pricing) ?? "contact";
}

export interface EditableTool {
  toolId: number;
  slug: string;
  values: Required<Omit<ToolChanges, "category">> & { category: string };
}

/** The tool's current fields in the form's terms, or null when no published tool has this slug. */
export async function loadEditableTool(db: DB, slug: string, lang: string): Promise<EditableTool | null> {
  const detail = await getToolDetail(db, slug, lang);
  if (!detail || detail.toolId === null) return null;
  const category = SUBMIT_CATEGORIES.find((c) => c === detail.category?.slug) ?? "";
  const image = detail.images[0];
  const offers = (await readToolOffers(db, [detail.toolId])).get(detail.toolId);
  return {
    toolId: detail.toolId,
    slug: detail.slug,
    values: {
      name: detail.name,
      website_url: detail.websiteUrl ?? "",
      description: detail.description,
      category,
      pricing: formPricing(detail.pricing),
      // The form toggles presets: a preset stored as this language's label is shown as the preset.
      tags: await presetTagsOf(detail.tags, lang),
      features: detail.features,
      use_cases: detail.useCases,
      image_url: image?.url ?? null,
      image_webp_url: image?.webpUrl ?? null,
      offers: canonicalOffers(offers),
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Tags are a set: the form puts the toggled presets before the typed tags, which is no change. */
const sameTags = (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && same([...a].sort(), [...b].sort());

/** The fields whose proposed value differs from the current one. */
export function changedFields(before: EditableTool["values"], fields: ParsedSubmitForm): ToolChanges {
  const proposed: ToolChanges = {
    name: fields.name.trim(),
    website_url: fields.website_url.trim(),
    description: fields.description.trim(),
    pricing: fields.pricing,
    tags: fields.tags,
    features: fields.features,
    use_cases: fields.use_cases,
  };
  if (fields.category) proposed.category = fields.category as ToolChanges["category"];
  if (fields.offers) proposed.offers = canonicalOffers(fields.offers);
  if (fields.image_url) Object.assign(proposed, { image_url: fields.image_url, image_webp_url: fields.image_webp_url });
  const changes: ToolChanges = {};
  for (const [key, value] of Object.entries(proposed) as Array<[keyof ToolChanges, unknown]>) {
    if (!(key === "tags" ? sameTags(value, before[key]) : same(value, before[key]))) Object.assign(changes, { [key]: value });
  }
  return changes;
}

export async function proposeUpdate(db: DB, ctx: SubmitContext, slug: string, fields: ParsedSubmitForm): Promise<{ id: number }> {
  const tool = await loadEditableTool(db, slug, ctx.language);
  if (!tool) throw new SubmitRefused(404, "toolNotFound");
  // A tool listed under a category outside the form's ten may keep it: an empty choice means "unchanged".
  await checkFields(fields, (f) => firstSubmitError({ ...f, category: f.category || SUBMIT_CATEGORIES[0] }));
  const changes = changedFields(tool.values, fields);
  if (Object.keys(changes).length === 0) throw new SubmitRefused(400, "noChanges");
  if (changes.website_url) await refuseDuplicate(db, changes.website_url, ctx.userId);
  await enforceLimits(db, "update", ctx, UPDATE_LIMITS);
  const before: ToolChanges = {};
  for (const key of Object.keys(changes) as Array<keyof ToolChanges>) {
    const value = tool.values[key];
    if (key === "category" && !value) continue;
    Object.assign(before, { [key]: value });
  }
  const contact = fields.contact_email.trim();
  const id = await insertUpdateRow(db, ctx.userId, tool.toolId, { tool_slug: tool.slug, language: ctx.language, contact_email: contact, before, changes });
  queueSiteScreenshot(db, changes.website_url ?? tool.values.website_url, "update proposal");
  const mail = {
    type: "update" as const,
    name: tool.values.name,
    websiteUrl: tool.values.website_url,
    language: ctx.language,
    submitter: ctx.submitter,
    summary: [`${Object.keys(changes).join(", ")}`],
  };
  const [received, review, admins] = await Promise.all([submissionReceivedMail(mail), submissionAdminMail(mail), adminRecipients(db)]);
  await Promise.all([sendQuietly(contact, received), ...admins.map((to) => sendQuietly(to, review))]);
  return { id };
}
