import type { Transaction } from "kysely";
import { DEFAULT_LANG, isLang, type Lang } from "~/i18n/languages";
import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import type { SubmitPayload, ToolChanges } from "~/lib/submissions";
import type { CatalogWrite } from "../catalog/changes";
import { createImageStore, drawLogo, drawPreview } from "../catalog/images";
import type { DB, Schema } from "../db";
import { getStorage } from "../storage";
import { nowIso, parseStringList, toJson } from "../db/values";
import { AppError } from "../errors";
import { canonicalOffers } from "~/lib/offer-form";
import { readToolOffers, syncOffers } from "../offers/store";
import { localizePresetTags, presetTagsOf } from "../submissions/preset-tags";

/**
 * What approving a submission writes to the catalogue: a `submit` becomes a
 * published tool (row, translation in the submitter's language, category
 * link, pricing, tags, image), an `update` changes only the fields it
 * proposes. Callers run these inside their review's `changeCatalog`, which
 * signals the change after it commits.
 */
type Trx = Transaction<Schema>;

export function publishLanguage(language: string): Lang {
  return isLang(language) ? language : DEFAULT_LANG;
}

/** The slug itself, else the first free `-2`, `-3`, ... among tools. */
export async function freeToolSlug(db: DB | Trx, slug: string): Promise<string> {
  const base = slug.slice(0, 180) || "tool";
  const taken = new Set(
    (await db.selectFrom("tools").select("slug").where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)])).execute()).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function categoryId(db: DB | Trx, slug: string): Promise<number> {
  const row = await db.selectFrom("categories").select("id").where("slug", "=", slug).where("parent_id", "is", null).executeTakeFirst();
  if (!row) throw new AppError("conflict", `The category "${slug}" no longer exists; the submission cannot be published.`);
  return Number(row.id);
}

export interface PublishImages {
  image_url: string | null;
  image_webp_url: string | null;
  preview_url: string | null;
  preview_webp_url: string | null;
}

/** The uploaded image when there is one, else a drawn logo; a drawn preview either way. Done before the transaction. */
export async function imagesFor(payload: SubmitPayload, slug: string): Promise<PublishImages> {
  const store = createImageStore(getStorage());
  const subject = { folder: "tools" as const, slug, name: payload.name, subtitle: payload.description, websiteUrl: payload.website_url };
  const logo = payload.image_url ? { png: payload.image_url, webp: payload.image_webp_url ?? payload.image_url } : await drawLogo(store, subject);
  const preview = await drawPreview(store, subject);
  return { image_url: logo.png, image_webp_url: logo.webp, preview_url: preview.png, preview_webp_url: preview.webp };
}

/** Inserts the tool a `submit` describes; returns its id and (collision-free) slug. */
export async function publishSubmittedTool(trx: CatalogWrite, payload: SubmitPayload, wantedSlug: string, images: PublishImages): Promise<{ id: number; slug: string }> {
  const slug = await freeToolSlug(trx, wantedSlug);
  const category = await categoryId(trx, payload.category);
  const now = nowIso();
  const row = await trx
    .insertInto("tools")
    .values({
      slug,
      website_url: payload.website_url,
      pricing: payload.pricing,
      ...images,
      is_new: 1,
      status: "published",
      manual_priority: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const language = publishLanguage(payload.language);
  const text = {
    tool_id: id,
    name: payload.name,
    subtitle: null,
    description: payload.description as string | null,
    long_description: null,
    features: toJson(payload.features),
    use_cases: toJson(payload.use_cases),
    faq: "[]",
    tags: toJson(await localizePresetTags(payload.tags, language)),
    updated_at: now,
  };
  const rows: Array<typeof text & { language: string }> = [{ ...text, language }];
  // Every tool has an English row (the list's name order joins it); in another language it carries only the name.
  if (language !== "us-en") rows.push({ ...text, language: "us-en", description: null, features: "[]", use_cases: "[]", tags: "[]" });
  await trx.insertInto("tool_translations").values(rows).execute();
  await trx.insertInto("tool_categories").values({ tool_id: id, category_id: category, position: 0 }).execute();
  await syncOffers(trx, "tool", id, payload.offers);
  return { id, slug };
}

/** A tool's current values of the fields an update may change, in one language. */
export async function currentToolFields(db: DB | Trx, toolId: number, language: string): Promise<Required<ToolChanges> | null> {
  const tool = await db.selectFrom("tools").select(["id", "website_url", "pricing", "image_url", "image_webp_url"]).where("id", "=", toolId).executeTakeFirst();
  if (!tool) return null;
  const [texts, category, offers] = await Promise.all([
    db.selectFrom("tool_translations").selectAll().where("tool_id", "=", toolId).orderBy("language").execute(),
    db
      .selectFrom("tool_categories as tc")
      .innerJoin("categories as c", "c.id", "tc.category_id")
      .select("c.slug")
      .where("tc.tool_id", "=", toolId)
      .where("c.parent_id", "is", null)
      .orderBy("tc.position")
      .executeTakeFirst(),
    readToolOffers(db as DB, [toolId]),
  ]);
  // As the update form showed them (the tool page's fields in that language, spec 4.7).
  const text = (key: "name" | "description") => pickLocalized(fieldVariants(texts, (t) => t[key]), language)?.value ?? "";
  const list = (key: "features" | "use_cases" | "tags") => pickLocalized(fieldVariants(texts, (t) => parseStringList(t[key])), language)?.value ?? [];
  return {
    name: text("name"),
    website_url: tool.website_url,
    description: text("description"),
    category: (category?.slug ?? "others") as Required<ToolChanges>["category"],
    pricing: tool.pricing as Required<ToolChanges>["pricing"],
    // Read back as the form proposes them: a preset tag as the preset, whatever language's label it is stored as.
    tags: await presetTagsOf(list("tags"), language),
    features: list("features"),
    use_cases: list("use_cases"),
    image_url: tool.image_url,
    image_webp_url: tool.image_webp_url,
    offers: canonicalOffers(offers.get(toolId)),
  };
}

/** Field-by-field: the tool's value now and the proposed one, for every field the update changes. */
export function updateDiff(current: Required<ToolChanges>, changes: ToolChanges): Array<{ field: keyof ToolChanges; before: unknown; after: unknown }> {
  return (Object.keys(changes) as Array<keyof ToolChanges>)
    .filter((field) => changes[field] !== undefined && JSON.stringify(current[field]) !== JSON.stringify(field === "offers" ? canonicalOffers(changes.offers) : changes[field]))
    .map((field) => ({ field, before: current[field], after: changes[field] }));
}

/** Writes the proposed fields: tool columns, the translation in the update's language, the top-level category. */
export async function applyToolUpdate(trx: CatalogWrite, toolId: number, language: string, changes: ToolChanges): Promise<void> {
  const now = nowIso();
  const columns: Record<string, unknown> = {};
  for (const key of ["website_url", "pricing", "image_url", "image_webp_url"] as const) if (changes[key] !== undefined) columns[key] = changes[key];
  await trx.updateTable("tools").set({ ...columns, updated_at: now }).where("id", "=", toolId).execute();

  const text: Record<string, unknown> = {};
  if (changes.name !== undefined) text.name = changes.name;
  if (changes.description !== undefined) text.description = changes.description;
  for (const key of ["features", "use_cases"] as const) if (changes[key] !== undefined) text[key] = toJson(changes[key]);
  if (changes.tags !== undefined) text.tags = toJson(await localizePresetTags(changes.tags, publishLanguage(language)));
  if (Object.keys(text).length > 0) {
    const lang = publishLanguage(language);
    const existing = await trx.selectFrom("tool_translations").select("name").where("tool_id", "=", toolId).where("language", "=", lang).executeTakeFirst();
    if (existing) {
      await trx.updateTable("tool_translations").set({ ...text, updated_at: now }).where("tool_id", "=", toolId).where("language", "=", lang).execute();
    } else {
      const english = await trx.selectFrom("tool_translations").select("name").where("tool_id", "=", toolId).where("language", "=", "us-en").executeTakeFirst();
      await trx
        .insertInto("tool_translations")
        .values({ tool_id: toolId, language: lang, name: english?.name ?? "", features: "[]", use_cases: "[]", faq: "[]", tags: "[]", ...text, updated_at: now })
        .execute();
    }
  }

  if (changes.offers !== undefined) await syncOffers(trx, "tool", toolId, changes.offers);

  if (changes.category !== undefined) {
    const category = await categoryId(trx, changes.category);
    const topLevel = trx.selectFrom("categories").select("id").where("parent_id", "is", null);
    await trx.deleteFrom("tool_categories").where("tool_id", "=", toolId).where("category_id", "in", topLevel).execute();
    await trx.insertInto("tool_categories").values({ tool_id: toolId, category_id: category, position: 0 }).execute();
  }
}
