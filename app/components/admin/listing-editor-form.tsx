import { useMemo, useState, type ReactNode } from "react";
import { I18nContext } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { CategoryOption, DiffRow, EcommerceFields } from "~/.server/admin/listing-editor";
import type { EditorError } from "~/.server/admin/listing-editor-rules";
import { OffersFieldset } from "~/components/account/offers-fieldset";
import { createI18n, type Bundles } from "~/i18n/instance";
import { translatorFor } from "~/i18n/translator";
import { LANGUAGE_NAMES, type Lang } from "~/i18n/languages";
import { offerFormValues, type OfferFormValues } from "~/lib/offer-form";
import { SUBMIT_PRICING, type ToolChanges } from "~/lib/submissions";
import { ECOMMERCE_PRICING } from "~/lib/listing-editor";
import { useAdminText } from "./admin-text";
import { DiffTable } from "./diff-table";

/**
 * The administrator's listing editor (decision 0035): every field of a tool's or an e-commerce tool's listing
 * in one language's texts. Labels and errors speak the admin's language; the offers fieldset is the submit
 * form's own, given an i18n instance of that language. What was typed stays on a refused save.
 */
export interface ListingEditorData {
  kind: "tool" | "ecommerce";
  slug: string;
  language: Lang;
  languages: readonly Lang[];
  adminLang: Lang;
  bundles: Bundles;
  tool: (Required<ToolChanges> & { subcategories: string[] }) | null;
  ecommerce: EcommerceFields | null;
  categoryOptions: CategoryOption[];
}

export interface ListingEditorResult {
  ok: boolean;
  diff: DiffRow[] | null;
  error: EditorError | null;
  submitted: Record<string, string | string[]> | null;
}

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-500";
const labelClass = "block text-sm font-medium text-slate-800";

export function ListingEditorForm({ data, result }: { data: ListingEditorData; result: ListingEditorResult | undefined }) {
  const { t } = useAdminText();
  const busy = useNavigation().state !== "idle";
  const shownI18n = useMemo(() => createI18n(data.adminLang, data.bundles), [data.adminLang, data.bundles]);
  const offerText = translatorFor(shownI18n, ["account", "compare"]);
  const current = data.tool ?? data.ecommerce!;
  const sent = result?.submitted ?? null;
  const value = (name: string, stored: unknown): string => {
    if (sent) return typeof sent[name] === "string" ? (sent[name] as string) : "";
    return Array.isArray(stored) ? stored.join(name === "tags" ? ", " : "\n") : String(stored ?? "");
  };
  const [offers, setOffers] = useState<OfferFormValues>(() => offerFormValues(current.offers));
  const error = result?.error ?? null;
  const message = error ? (error.code.startsWith("offer") ? offerText(`submit.errors.${error.code}`) : t(`listingEditor.errors.${error.code}`)) : null;
  const invalid = (name: string) => error?.field === name;
  const fieldError = (name: string): ReactNode =>
    invalid(name) ? <p id={`${name}-error`} className="mt-1 text-sm text-red-700" data-testid="editor-field-error">{message}</p> : null;
  const described = (name: string) => (invalid(name) ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  const pricing = data.kind === "tool" ? SUBMIT_PRICING : ECOMMERCE_PRICING;
  const selectedCategories = sent ? [...((sent.categories as string[] | undefined) ?? []), ...((sent.subcategories as string[] | undefined) ?? [])] : (data.ecommerce?.categories ?? data.tool?.subcategories ?? []);
  // Tools: one category (the select) and any subcategories (boxes); e-commerce tools: any of both (boxes).
  const boxes = data.tool ? data.categoryOptions.filter((c) => c.parent) : data.categoryOptions;
  const boxName = data.tool ? "subcategories" : "categories";

  const text = (name: string, stored: unknown, rows = 0) => (
    <label className={labelClass}>
      {t(`listingEditor.fields.${name}`)}
      {rows ? (
        <textarea name={name} rows={rows} defaultValue={value(name, stored)} className={input} {...described(name)} />
      ) : (
        <input name={name} defaultValue={value(name, stored)} className={input} {...described(name)} />
      )}
      {fieldError(name)}
    </label>
  );

  return (
    <div className="space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="editor-language">
        <label className={labelClass}>
          {t("listingEditor.language")}
          <select name="lang" defaultValue={data.language} className={input}>
            {data.languages.map((lang) => <option key={lang} value={lang}>{LANGUAGE_NAMES[lang]}</option>)}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">{t("listingEditor.switchLanguage")}</button>
      </Form>
      {result?.ok ? (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="editor-saved">
          <p className="font-medium text-emerald-900">{result.diff?.length ? t("listingEditor.saved") : t("listingEditor.unchanged")}</p>
          {result.diff?.length ? (
            <DiffTable
              rows={result.diff}
              title={t("listingEditor.saved")}
              headings={{ field: t("diff.field"), before: t("listingEditor.before"), after: t("listingEditor.after") }}
              label={(field) => t(`listingEditor.fields.${field}`)}
              shown={(field, v) => (field === "offers" ? "✓" : v)}
            />
          ) : null}
        </div>
      ) : null}
      {message ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="editor-error">{message}</p> : null}
      <Form method="post" className="space-y-4" data-testid="listing-editor" noValidate>
        <input type="hidden" name="language" value={data.language} />
        <div className="grid gap-4 md:grid-cols-2">
          {text("name", current.name)}
          {text("website_url", current.website_url)}
        </div>
        {text("description", current.description, 4)}
        <div className="grid gap-4 md:grid-cols-2">
          <label className={labelClass}>
            {t("listingEditor.fields.pricing")}
            <select name="pricing" defaultValue={value("pricing", current.pricing)} className={input} {...described("pricing")}>
              {pricing.map((p) => <option key={p} value={p}>{t(`listingEditor.pricing.${p}`)}</option>)}
            </select>
            {fieldError("pricing")}
          </label>
          {data.tool ? (
            <label className={labelClass}>
              {t("listingEditor.fields.category")}
              <select name="category" defaultValue={value("category", data.tool.category)} className={input} {...described("category")}>
                <option value="">{t("listingEditor.keepCategory")}</option>
                {data.categoryOptions.filter((c) => !c.parent).map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
              </select>
              {fieldError("category")}
            </label>
          ) : null}
        </div>
        {text("tags", current.tags)}
        {text("features", current.features, 5)}
        {data.tool ? text("use_cases", data.tool.use_cases, 4) : null}
        {data.ecommerce ? (
          <div className="grid gap-4 md:grid-cols-2">
            {text("pros", data.ecommerce.pros, 4)}
            {text("cons", data.ecommerce.cons, 4)}
          </div>
        ) : null}
        <fieldset className="rounded-lg border border-slate-200 p-3" {...described(boxName)}>
          <legend className="px-1 text-sm font-medium text-slate-800">{t(`listingEditor.fields.${boxName}`)}</legend>
          <div className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
            {boxes.map((c) => (
              <label key={c.slug} className={`flex items-center gap-2 text-sm text-slate-700 ${c.parent && !data.tool ? "pl-4" : data.tool ? "" : "font-medium"}`}>
                <input type="checkbox" name={boxName} value={c.slug} defaultChecked={selectedCategories.includes(c.slug)} className="size-4 shrink-0" />
                {c.name}
              </label>
            ))}
          </div>
          {fieldError(boxName)}
        </fieldset>
        {text("image_url", current.image_url ?? "")}
        <I18nContext.Provider value={{ i18n: shownI18n }}>
          <OffersFieldset values={offers} onChange={setOffers} fieldError={fieldError} invalid={invalid} />
        </I18nContext.Provider>
        {text("note", "", 2)}
        <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50" data-testid="editor-save">
          {t("listingEditor.save")}
        </button>
      </Form>
    </div>
  );
}
