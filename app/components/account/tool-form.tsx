import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { DESCRIPTION_MAX, firstSubmitError, NAME_MAX, PRESET_TAGS, presetTagKey, SUBMIT_CATEGORIES, SUBMIT_PRICING, type SubmitFormFields } from "~/lib/submissions";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { readOfferFields, type OfferFormValues } from "~/lib/offer-form";
import { AiGenerateButton } from "./ai-generate-button";
import { OffersFieldset } from "./offers-fieldset";
import { ImageField, type UploadedImage } from "./image-field";

export interface ToolFormValues extends SubmitFormFields {
  pricing: string;
  tags: string[];
  features: string;
  use_cases: string;
  offers: OfferFormValues;
}

export interface FormError {
  code: string;
  field?: string | null;
  details?: Record<string, string | number>;
}

interface ToolFormProps {
  mode: "submit" | "update";
  initial: ToolFormValues;
  currentImage?: string | null;
  hidden?: Record<string, string>;
  serverError: FormError | null;
  submitting: boolean;
  onSubmit: (form: FormData) => void;
}

const PRICING_LABEL: Record<string, string> = { free: "free", freemium: "freemium", paid: "paid", trial: "freeTrial", contact: "contact" };
const input = "mt-1 w-full rounded-md border px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/**
 * The submit and update form (spec 4.10, 5, 9). Rules run here in spec order
 * before anything is sent, and again on the server; the first failure is
 * shown at the top and at its field.
 */
export function ToolForm({ mode, initial, currentImage, hidden, serverError, submitting, onSubmit }: ToolFormProps) {
  const t = useT(["account", "tools"]);
  const to = useLocalizedPath();
  const [values, setValues] = useState(initial);
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [generated, setGenerated] = useState(false);
  const [extraTags, setExtraTags] = useState(initial.tags.filter((tag) => !(PRESET_TAGS as readonly string[]).includes(tag)).join(", "));
  const [error, setError] = useState<FormError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setError(serverError), [serverError]);
  useEffect(() => {
    if (error?.field) formRef.current?.querySelector<HTMLElement>(`[name="${error.field}"]`)?.focus();
  }, [error]);

  const set = (name: keyof ToolFormValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const presetTags = values.tags.filter((tag) => (PRESET_TAGS as readonly string[]).includes(tag));
  const toggleTag = (tag: string) =>
    setValues((v) => ({ ...v, tags: v.tags.includes(tag) ? v.tags.filter((x) => x !== tag) : [...v.tags, tag] }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const rulesFor = mode === "update" ? { ...values, category: values.category || SUBMIT_CATEGORIES[0] } : values;
    const failed = firstSubmitError(rulesFor);
    if (failed) return setError(failed);
    const form = new FormData(formRef.current!);
    const offered = readOfferFields(form);
    if (offered.error) return setError(offered.error);
    setError(null);
    form.delete("tags");
    for (const tag of [...presetTags, ...extraTags.split(/[,，]/).map((x) => x.trim()).filter(Boolean)]) form.append("tags", tag);
    onSubmit(form);
  }

  const message = error ? t(`submit.errors.${error.code}`, { ...error.details }) : null;
  const fieldError = (name: string): ReactNode =>
    error?.field === name ? (
      <p className="mt-1 text-sm text-red-600" data-testid={`field-error-${name}`}>
        {message}
      </p>
    ) : null;
  const border = (name: string) => (error?.field === name ? "border-red-400" : "border-slate-300");
  const label = "block text-sm font-medium text-slate-800";

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6" data-testid="tool-form">
      {hidden ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      <input type="hidden" name="generated" value={String(generated)} />
      <input type="hidden" name="image_url" value={image?.image_url ?? ""} />
      <input type="hidden" name="image_webp_url" value={image?.image_webp_url ?? ""} />
      {/* Honeypot: invisible to people and skipped by keyboard and autofill; bots fill every field. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Company website
          <input type="text" name="company_website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {message ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" data-testid="form-error">
          {message}
          {error?.code === "duplicateTool" && error.details?.slug ? (
            <>
              {" "}
              <Link to={to(`/tool/${error.details.slug}`)} className="font-medium underline" data-testid="duplicate-link">
                {t("submit.viewExisting")}
              </Link>
            </>
          ) : null}
          {error?.code === "duplicatePendingOwn" ? (
            <>
              {" "}
              <Link to={to("/user/my-tools")} className="font-medium underline">{t("nav.myTools")}</Link>
            </>
          ) : null}
        </div>
      ) : null}
      <label className={label}>
        {t("submit.fields.name")} <span className="text-red-600">*</span>
        <input name="name" value={values.name} onChange={set("name")} maxLength={NAME_MAX + 20} className={`${input} ${border("name")}`} aria-invalid={error?.field === "name"} />
        {fieldError("name")}
      </label>
      <label className={label}>
        {t("submit.fields.website")} <span className="text-red-600">*</span>
        <input name="website_url" type="url" inputMode="url" placeholder="https://" value={values.website_url} onChange={set("website_url")} className={`${input} ${border("website_url")}`} aria-invalid={error?.field === "website_url"} />
        {fieldError("website_url")}
      </label>
      {mode === "submit" ? (
        <AiGenerateButton
          name={values.name}
          websiteUrl={values.website_url}
          description={values.description}
          onGenerated={(content) => {
            setValues((v) => ({
              ...v,
              description: content.description.slice(0, DESCRIPTION_MAX),
              features: content.features.join("\n"),
              use_cases: content.use_cases.join("\n"),
              tags: [...new Set([...v.tags, ...content.tags.filter((tag) => (PRESET_TAGS as readonly string[]).includes(tag))])],
            }));
            const others = content.tags.filter((tag) => !(PRESET_TAGS as readonly string[]).includes(tag));
            if (others.length) setExtraTags((current) => [...new Set([...current.split(/[,，]/).map((x) => x.trim()).filter(Boolean), ...others])].join(", "));
            setGenerated(true);
          }}
        />
      ) : null}
      <label className={label}>
        {t("submit.fields.description")} <span className="text-red-600">*</span>
        <textarea name="description" rows={5} value={values.description} onChange={set("description")} className={`${input} ${border("description")}`} aria-invalid={error?.field === "description"} aria-describedby="description-counter" />
        <span id="description-counter" className={`mt-1 block text-right text-xs ${values.description.length > DESCRIPTION_MAX ? "text-red-600" : "text-slate-500"}`} data-testid="description-counter">
          {values.description.length}/{DESCRIPTION_MAX}
        </span>
        {fieldError("description")}
      </label>
      <div className="grid gap-5 sm:grid-cols-2">
        <label className={label}>
          {t("submit.fields.category")} {mode === "submit" ? <span className="text-red-600">*</span> : null}
          <select name="category" value={values.category} onChange={set("category")} className={`${input} ${border("category")} bg-white`} aria-invalid={error?.field === "category"}>
            <option value="">{mode === "update" ? t("update.keepCategory") : t("submit.chooseCategory")}</option>
            {SUBMIT_CATEGORIES.map((slug) => (
              <option key={slug} value={slug}>{t(`submit.categories.${slug}`)}</option>
            ))}
          </select>
          {fieldError("category")}
        </label>
        <fieldset>
          <legend className={label}>{t("submit.fields.pricing")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {SUBMIT_PRICING.map((pricing) => (
              <label key={pricing} className="flex items-center gap-1.5 text-sm text-slate-700">
                <input type="radio" name="pricing" value={pricing} checked={values.pricing === pricing} onChange={set("pricing")} />
                {t(`tools:pricing.${PRICING_LABEL[pricing]}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <fieldset>
        <legend className={label}>{t("submit.fields.tags")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PRESET_TAGS.map((tag) => (
            <button key={tag} type="button" aria-pressed={values.tags.includes(tag)} onClick={() => toggleTag(tag)} data-tag={tag}
              className={`rounded-full border px-3 py-1 text-xs ${values.tags.includes(tag) ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-700 hover:border-brand-400"}`}>
              {t(`submit.presetTags.${presetTagKey(tag)}`, { defaultValue: tag })}
            </button>
          ))}
        </div>
        <input name="tags" value={extraTags} onChange={(e) => setExtraTags(e.target.value)} placeholder={t("submit.otherTags")} aria-label={t("submit.otherTags")} className={`${input} ${border("tags")}`} />
        {fieldError("tags")}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <label className={label}>
          {t("submit.fields.features")}
          <textarea name="features" rows={5} value={values.features} onChange={set("features")} placeholder={t("submit.onePerLine")} className={`${input} ${border("features")}`} />
          {fieldError("features")}
        </label>
        <label className={label}>
          {t("submit.fields.useCases")}
          <textarea name="use_cases" rows={5} value={values.use_cases} onChange={set("use_cases")} placeholder={t("submit.onePerLine")} className={`${input} ${border("use_cases")}`} />
          {fieldError("use_cases")}
        </label>
      </div>
      <OffersFieldset values={values.offers} onChange={(offers) => setValues((v) => ({ ...v, offers }))} fieldError={fieldError} invalid={(name) => error?.field === name} />
      <ImageField value={image} current={currentImage} onChange={setImage} />
      {fieldError("image")}
      <label className={label}>
        {t("submit.fields.email")} <span className="text-red-600">*</span>
        <input name="contact_email" type="email" value={values.contact_email} onChange={set("contact_email")} autoComplete="email" className={`${input} ${border("contact_email")}`} aria-invalid={error?.field === "contact_email"} />
        {fieldError("contact_email")}
      </label>
      <ul className="space-y-1 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {mode === "submit" ? <li data-testid="free-note">{t("submit.freeNote")}</li> : null}
        <li data-testid="review-note">{t("submit.reviewNote")}</li>
      </ul>
      <button type="submit" disabled={submitting} className="rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60" data-testid="submit-button">
        {submitting ? t("submit.sending") : mode === "update" ? t("update.send") : t("submit.send")}
      </button>
    </form>
  );
}
