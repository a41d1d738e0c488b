import { data } from "react-router";
import { z } from "zod";
import { isLang, LANGUAGES, type Lang } from "~/i18n/languages";
import { readOfferFields } from "~/lib/offer-form";
import { assertSameOrigin, requireAdmin } from "../auth/guards";
import { getDb } from "../db";
import { AppError } from "../errors";
import { readBodyText } from "../http/json-api";
import { loadBundles } from "../i18n";
import { actorOf } from "./api-auth";
import { adminLanguage } from "./language";
import { SUBMIT_CATEGORIES } from "~/lib/submissions";
import { categoryNamesBySlug } from "../categories/queries";
import { loadEcommerceEditor, loadToolEditor, saveEcommerceEdit, saveToolEdit, type CategoryOption, type DiffRow } from "./listing-editor";
import { ecommerceEditorInput, firstEditorError, LISTING_KINDS, toolEditorInput, type EditorError, type ListingKind } from "./listing-editor-rules";

/** `/admin/listings/{tool|ecommerce}/{slug}`: the editor's data (`?lang=` picks the texts' language) and its post. */
const FORM_LIMIT = 64 * 1024;
const params = z.object({ kind: z.enum(LISTING_KINDS), slug: z.string().trim().min(1).max(200) });

function notFound(): never {
  throw data({ error: "not_found" }, { status: 404 });
}

function parseParams(raw: Record<string, string | undefined>): { kind: ListingKind; slug: string } {
  const parsed = params.safeParse(raw);
  return parsed.success ? parsed.data : notFound();
}

function contentLanguage(request: Request, fallback: Lang): Lang {
  const wanted = new URL(request.url).searchParams.get("lang");
  return wanted && isLang(wanted) ? wanted : fallback;
}

export async function loadListingEditor(request: Request, raw: Record<string, string | undefined>) {
  await requireAdmin(request, "page");
  const adminLang = adminLanguage(request);
  const { kind, slug } = parseParams(raw);
  const language = contentLanguage(request, adminLang);
  const db = getDb();
  // The offers fieldset's labels, in the admin's language.
  const bundles = await loadBundles(adminLang, ["account", "compare"]);
  if (kind === "tool") {
    const tool = await loadToolEditor(db, slug, language);
    if (!tool) notFound();
    const names = Object.fromEntries(await categoryNamesBySlug(db, adminLang));
    const tree = await db.selectFrom("categories as c").innerJoin("categories as p", "p.id", "c.parent_id").select(["c.slug", "p.slug as parent"]).orderBy("p.sort_order").orderBy("c.sort_order").orderBy("c.slug").execute();
    const categoryOptions: CategoryOption[] = [
      ...SUBMIT_CATEGORIES.map((category) => ({ slug: category, name: names[category] ?? category, parent: null })),
      ...tree.map((sub) => ({ slug: sub.slug, name: names[sub.slug] ?? sub.slug, parent: sub.parent })),
    ];
    return { kind, slug, language, languages: LANGUAGES, adminLang, bundles, tool: tool.values, ecommerce: null, categoryOptions };
  }
  const product = await loadEcommerceEditor(db, slug, language, adminLang);
  if (!product) notFound();
  return { kind, slug, language, languages: LANGUAGES, adminLang, bundles, tool: null, ecommerce: product.values, categoryOptions: product.categoryOptions };
}

export type EditorResult = { ok: true; diff: DiffRow[]; error: null; submitted: null } | { ok: false; diff: null; error: EditorError; submitted: Record<string, string | string[]> };

function submittedValues(form: URLSearchParams): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    values[key] = all.length > 1 || key === "categories" || key === "subcategories" || key.startsWith("offer_") ? all : all[0]!;
  }
  return values;
}

function refused(form: URLSearchParams, error: EditorError, status = 400) {
  return data<EditorResult>({ ok: false, diff: null, error, submitted: submittedValues(form) }, { status });
}

export async function handleListingEdit(request: Request, raw: Record<string, string | undefined>) {
  assertSameOrigin(request);
  const user = await requireAdmin(request, "page");
  const { kind, slug } = parseParams(raw);
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) throw data({ error: "unsupported_media_type" }, { status: 415 });
  const form = new URLSearchParams(await readBodyText(request, FORM_LIMIT));
  const fields = { ...Object.fromEntries(form), categories: form.getAll("categories"), subcategories: form.getAll("subcategories") };
  const offered = readOfferFields(form);
  try {
    if (kind === "tool") {
      const parsed = toolEditorInput.safeParse(fields);
      if (!parsed.success) return refused(form, firstEditorError(parsed.error));
      if (offered.error) return refused(form, { field: offered.error.field, code: offered.error.code });
      return { ok: true, diff: await saveToolEdit(getDb(), actorOf(user), slug, parsed.data, offered.offers), error: null, submitted: null } satisfies EditorResult;
    }
    const parsed = ecommerceEditorInput.safeParse(fields);
    if (!parsed.success) return refused(form, firstEditorError(parsed.error));
    if (offered.error) return refused(form, { field: offered.error.field, code: offered.error.code });
    return { ok: true, diff: await saveEcommerceEdit(getDb(), actorOf(user), slug, parsed.data, offered.offers), error: null, submitted: null } satisfies EditorResult;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found") notFound();
    return refused(form, { field: String(error.details?.field ?? "form"), code: ["categoryInvalid", "tagsUnknown"].includes(error.message) ? error.message : "invalid" }, error.status);
  }
}
