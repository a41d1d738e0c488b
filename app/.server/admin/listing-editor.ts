import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import { canonicalOffers } from "~/lib/offer-form";
import type { ToolChanges } from "~/lib/submissions";
import type { Offers } from "~/lib/offers";
import { changeCatalog } from "../catalog/changes";
import type { DB } from "../db";
import { lockingRead } from "../db/row-lock";
import { nowIso, parseStringList, toJson } from "../db/values";
import { ECOMMERCE_BASE_LANGUAGE } from "../ecommerce/texts";
import { AppError } from "../errors";
import { readEcommerceOffers, syncOffers } from "../offers/store";
import { recordAudit, type Actor, type FieldChanges } from "./audit";
import type { EcommerceEditorInput, ToolEditorInput } from "./listing-editor-rules";
import { applyToolUpdate, currentToolFields, updateDiff } from "./publish";

/**
 * The administrator's listing editor (decision 0035). A tool's edit is the same write as an approved update
 * proposal (`currentToolFields`, `updateDiff`, `applyToolUpdate`), an e-commerce tool's writes its row, the
 * page language's texts, categories and offers; both through the one catalogue change (`changeCatalog`), so
 * caches, search and sitemaps follow, with the field-by-field diff in the audit log.
 */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function auditChanges(diff: DiffRow[]): FieldChanges {
  return Object.fromEntries(diff.map((row) => [row.field, { before: row.before, after: row.after }]));
}

async function publishedToolId(db: DB, slug: string): Promise<number | null> {
  return (await db.selectFrom("tools").select("id").where("slug", "=", slug).where("status", "=", "published").executeTakeFirst())?.id ?? null;
}

/** The tool's subcategories (categories with a parent), by slug. */
async function subcategoriesOf(db: DB, toolId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("tool_categories as tc")
    .innerJoin("categories as c", "c.id", "tc.category_id")
    .select("c.slug")
    .where("tc.tool_id", "=", toolId)
    .where("c.parent_id", "is not", null)
    .orderBy("c.slug")
    .execute();
  return rows.map((r) => r.slug);
}

export async function loadToolEditor(db: DB, slug: string, language: string): Promise<{ id: number; values: Required<ToolChanges> & { subcategories: string[] } } | null> {
  const id = await publishedToolId(db, slug);
  if (id === null) return null;
  const [values, subcategories] = await Promise.all([currentToolFields(db, id, language), subcategoriesOf(db, id)]);
  return values ? { id, values: { ...values, subcategories } } : null;
}

/** The edit's changed fields, written and audited; an empty list when nothing changed (nothing is signalled). */
export async function saveToolEdit(db: DB, actor: Actor, slug: string, input: ToolEditorInput, offers: Offers): Promise<DiffRow[]> {
  // The edited tool, named with the change (decision 0040); the same on a second try of the transaction.
  let editedId = 0;
  return changeCatalog(
    db,
    "tools",
    async (trx) => {
      const tool = await lockingRead(trx, trx.selectFrom("tools").select("id").where("slug", "=", slug).where("status", "=", "published")).executeTakeFirst();
      if (!tool) throw new AppError("not_found", "No published tool has this slug.");
      editedId = tool.id;
      const current = await currentToolFields(trx, tool.id, input.language);
      if (!current) throw new AppError("not_found", "No published tool has this slug.");
      const proposed: ToolChanges = {
        name: input.name,
        website_url: input.website_url,
        description: input.description,
        pricing: input.pricing,
        tags: input.tags,
        features: input.features,
        use_cases: input.use_cases,
        offers: canonicalOffers(offers),
      };
      if (input.category) proposed.category = input.category;
      // A new picture replaces both stored forms; the WebP copy is made again by the screenshot job's rules.
      if (input.image_url && input.image_url !== current.image_url) Object.assign(proposed, { image_url: input.image_url, image_webp_url: null });
      const diff: DiffRow[] = updateDiff(current, proposed).filter((row) => !(row.field === "tags" && same([...(row.before as string[])].sort(), [...(row.after as string[])].sort())));
      const subcategories = [...new Set(input.subcategories)].sort();
      const currentSubcategories = await subcategoriesOf(trx, tool.id);
      const subRows = subcategories.length ? await trx.selectFrom("categories").select(["id", "slug"]).where("slug", "in", subcategories).where("parent_id", "is not", null).execute() : [];
      if (subRows.length !== subcategories.length) throw new AppError("bad_request", "categoryInvalid", { field: "subcategories" });
      if (!same(currentSubcategories, subcategories)) diff.push({ field: "subcategories", before: currentSubcategories, after: subcategories });
      if (diff.length === 0) return diff;
      await applyToolUpdate(trx, tool.id, input.language, Object.fromEntries(diff.filter((row) => row.field !== "subcategories").map((row) => [row.field, row.after])) as ToolChanges);
      if (!same(currentSubcategories, subcategories)) {
        const withParent = trx.selectFrom("categories").select("id").where("parent_id", "is not", null);
        await trx.deleteFrom("tool_categories").where("tool_id", "=", tool.id).where("category_id", "in", withParent).execute();
        if (subRows.length) await trx.insertInto("tool_categories").values(subRows.map((row, i) => ({ tool_id: tool.id, category_id: row.id, position: i + 1 }))).execute();
      }
      await recordAudit(trx, actor, [{ action: "tool.edit", entityType: "tool", entityId: tool.id, changes: auditChanges(diff), note: input.note || `language ${input.language}` }]);
      return diff;
    },
    { changed: (diff) => diff.length > 0, toolsOf: () => [editedId] },
  );
}

export interface EcommerceFields {
  name: string;
  website_url: string;
  description: string;
  pricing: string;
  features: string[];
  pros: string[];
  cons: string[];
  image_url: string | null;
  categories: string[];
  tags: string[];
  offers: ReturnType<typeof canonicalOffers>;
}

/** An e-commerce tool's fields as a page in `language` shows them (its texts there, else the base ones). */
async function readEcommerceFields(db: DB, id: number, language: string): Promise<EcommerceFields | null> {
  const row = await db.selectFrom("ecommerce_tools").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [translations, categories, tags, offers] = await Promise.all([
    db.selectFrom("ecommerce_tool_translations").selectAll().where("tool_id", "=", id).where("language", "=", language).execute(),
    db.selectFrom("ecommerce_tool_categories as tc").innerJoin("ecommerce_categories as c", "c.id", "tc.category_id").select("c.slug").where("tc.tool_id", "=", id).orderBy("c.slug").execute(),
    db.selectFrom("ecommerce_tool_tags as tt").innerJoin("ecommerce_tags as g", "g.id", "tt.tag_id").select("g.name").where("tt.tool_id", "=", id).orderBy("g.name").execute(),
    readEcommerceOffers(db, [id]),
  ]);
  const rows = [{ language: ECOMMERCE_BASE_LANGUAGE, name: row.name, description: row.description, features: row.features, pros: row.pros, cons: row.cons }, ...translations];
  const text = (key: "name" | "description") => pickLocalized(fieldVariants(rows, (r) => r[key] ?? ""), language)?.value ?? "";
  const list = (key: "features" | "pros" | "cons") => pickLocalized(fieldVariants(rows, (r) => parseStringList(r[key])), language)?.value ?? [];
  return {
    name: text("name"),
    website_url: row.website_url ?? "",
    description: text("description"),
    pricing: row.pricing,
    features: list("features"),
    pros: list("pros"),
    cons: list("cons"),
    image_url: row.image_url,
    categories: categories.map((c) => c.slug),
    tags: tags.map((t) => t.name),
    offers: canonicalOffers(offers.get(id)),
  };
}

export interface CategoryOption {
  slug: string;
  name: string;
  /** A subcategory's group. */
  parent: string | null;
}

/** The fields, and every e-commerce category named in `adminLang` (else English, else its slug). */
export async function loadEcommerceEditor(db: DB, slug: string, language: string, adminLang: string): Promise<{ id: number; values: EcommerceFields; categoryOptions: CategoryOption[] } | null> {
  const row = await db.selectFrom("ecommerce_tools").select("id").where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  if (!row) return null;
  const [values, categories, names] = await Promise.all([
    readEcommerceFields(db, row.id, language),
    db.selectFrom("ecommerce_categories").select(["id", "slug", "parent_id"]).orderBy("sort_order").orderBy("slug").execute(),
    db.selectFrom("ecommerce_category_translations").select(["category_id", "language", "name"]).execute(),
  ]);
  if (!values) return null;
  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  const nameOf = (id: number, fallback: string) =>
    pickLocalized(names.filter((n) => n.category_id === id).map((n) => ({ language: n.language, value: n.name ?? "" })), adminLang)?.value || fallback;
  const categoryOptions = categories.map((c) => ({ slug: c.slug, name: nameOf(c.id, c.slug), parent: c.parent_id === null ? null : (slugOf.get(c.parent_id) ?? null) }));
  return { id: row.id, values, categoryOptions };
}

export async function saveEcommerceEdit(db: DB, actor: Actor, slug: string, input: EcommerceEditorInput, offers: Offers): Promise<DiffRow[]> {
  return changeCatalog(
    db,
    "ecommerce",
    async (trx) => {
      const tool = await lockingRead(trx, trx.selectFrom("ecommerce_tools").select("id").where("slug", "=", slug).where("status", "=", "published")).executeTakeFirst();
      if (!tool) throw new AppError("not_found", "No published e-commerce tool has this slug.");
      const current = (await readEcommerceFields(trx, tool.id, input.language))!;
      const categories = [...new Set(input.categories)].sort();
      const known = categories.length ? await trx.selectFrom("ecommerce_categories").select(["id", "slug"]).where("slug", "in", categories).execute() : [];
      if (known.length !== categories.length) throw new AppError("bad_request", "categoryInvalid", { field: "categories" });
      const allTags = input.tags.length ? await trx.selectFrom("ecommerce_tags").select(["id", "slug", "name"]).execute() : [];
      const tagOf = (wanted: string) => allTags.find((tag) => tag.name.toLowerCase() === wanted.toLowerCase() || tag.slug === wanted.toLowerCase());
      const tags = input.tags.map(tagOf);
      if (tags.some((tag) => !tag)) throw new AppError("bad_request", "tagsUnknown", { field: "tags" });
      const tagRows = [...new Map(tags.map((tag) => [tag!.id, tag!])).values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const proposed: Omit<EcommerceFields, "image_url"> & { image_url: string | null } = {
        name: input.name,
        website_url: input.website_url,
        description: input.description,
        pricing: input.pricing,
        features: input.features,
        pros: input.pros,
        cons: input.cons,
        image_url: input.image_url || current.image_url,
        categories,
        tags: tagRows.map((tag) => tag.name),
        offers: canonicalOffers({ ...current.offers, ...offers }),
      };
      const diff: DiffRow[] = (Object.keys(proposed) as Array<keyof EcommerceFields>)
        .filter((field) => !same(current[field], proposed[field]))
        .map((field) => ({ field, before: current[field], after: proposed[field] }));
      if (diff.length === 0) return diff;
      const changed = new Set(diff.map((row) => row.field));
      const at = nowIso();
      const columns: Record<string, unknown> = { updated_at: at };
      if (changed.has("website_url")) columns.website_url = proposed.website_url;
      if (changed.has("pricing")) columns.pricing = proposed.pricing;
      if (changed.has("image_url")) Object.assign(columns, { image_url: proposed.image_url, image_webp_url: null });
      const texts: Record<string, unknown> = {};
      for (const key of ["name", "description"] as const) if (changed.has(key)) texts[key] = proposed[key];
      for (const key of ["features", "pros", "cons"] as const) if (changed.has(key)) texts[key] = toJson(proposed[key]);
      // The base language's texts are the row's own; another language's are its translation row.
      if (input.language === ECOMMERCE_BASE_LANGUAGE) Object.assign(columns, texts);
      await trx.updateTable("ecommerce_tools").set(columns).where("id", "=", tool.id).execute();
      if (input.language !== ECOMMERCE_BASE_LANGUAGE && Object.keys(texts).length > 0) {
        await trx
          .insertInto("ecommerce_tool_translations")
          .values({ tool_id: tool.id, language: input.language, features: "[]", pros: "[]", cons: "[]", ...texts })
          .onConflict((oc) => oc.columns(["tool_id", "language"]).doUpdateSet(texts))
          .execute();
      }
      if (changed.has("categories")) {
        await trx.deleteFrom("ecommerce_tool_categories").where("tool_id", "=", tool.id).execute();
        if (known.length) await trx.insertInto("ecommerce_tool_categories").values(known.map((c) => ({ tool_id: tool.id, category_id: c.id }))).execute();
      }
      // The form edits the offers tools and e-commerce tools share; the e-commerce-only ones stay as they are.
      if (changed.has("tags")) {
        await trx.deleteFrom("ecommerce_tool_tags").where("tool_id", "=", tool.id).execute();
        if (tagRows.length) await trx.insertInto("ecommerce_tool_tags").values(tagRows.map((tag) => ({ tool_id: tool.id, tag_id: tag.id }))).execute();
      }
      if (changed.has("offers")) await syncOffers(trx, "ecommerce", tool.id, { ...(await readEcommerceOffers(trx, [tool.id])).get(tool.id), ...proposed.offers });
      await recordAudit(trx, actor, [{ action: "ecommerce_tool.edit", entityType: "ecommerce_tool", entityId: tool.id, changes: auditChanges(diff), note: input.note || `language ${input.language}` }]);
      return diff;
    },
    { changed: (diff) => diff.length > 0 },
  );
}
