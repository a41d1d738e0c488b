import type { ReactNode } from "react";
import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { OFFER_FIELD, OFFER_FLAGS, type OfferFlag, type OfferFormValues } from "~/lib/offer-form";
import { CURRENCY_CODES, INTERFACE_LANGUAGE_CODES, interfaceLanguageName, PLATFORM_CODES } from "~/lib/offer-codes";

const FLAG_LABEL: Record<OfferFlag, string> = { free_plan: "offers.freePlan", free_trial: "offers.freeTrial", open_source: "offers.openSource", api: "offers.api" };
const input = "mt-1 w-full rounded-md border px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

interface OffersFieldsetProps {
  values: OfferFormValues;
  onChange: (values: OfferFormValues) => void;
  /** The form's current error message at a field of this fieldset, by field name. */
  fieldError: (name: string) => ReactNode;
  invalid: (name: string) => boolean;
}

/**
 * "What it offers" in the submit and update forms: every field optional, an empty one means "not stated"
 * (pages then show "Not stated", never a guess). Labels are the ones the tool page and comparisons use.
 */
export function OffersFieldset({ values, onChange, fieldError, invalid }: OffersFieldsetProps) {
  const t = useT(["account", "compare"]);
  const lang = useLang();
  const label = "block text-sm font-medium text-slate-800";
  const border = (name: string) => (invalid(name) ? "border-red-400" : "border-slate-300");
  const toggle = (key: "platforms" | "interface_languages", code: string) =>
    onChange({ ...values, [key]: values[key].includes(code) ? values[key].filter((c) => c !== code) : [...values[key], code] });
  const checkboxes = (key: "platforms" | "interface_languages", codes: readonly string[], name: (code: string) => string, legend: string) => (
    <fieldset className="min-w-0" data-testid={`offers-${key}`}>
      <legend className={label}>{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3">
        {codes.map((code) => (
          <label key={code} className="flex min-w-0 items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" name={OFFER_FIELD[key]} value={code} checked={values[key].includes(code)} onChange={() => toggle(key, code)} className="mt-0.5 shrink-0" aria-invalid={invalid(OFFER_FIELD[key])} />
            <span className="min-w-0 break-words">{name(code)}</span>
          </label>
        ))}
      </div>
      {fieldError(OFFER_FIELD[key])}
    </fieldset>
  );
  return (
    <fieldset className="min-w-0 space-y-5 rounded-xl border border-slate-200 p-4" data-testid="offers-fieldset">
      <legend className="px-1 text-base font-semibold text-slate-900">{t("compare:offers.title")}</legend>
      <p className="text-sm text-slate-600">{t("account:submit.offers.hint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {OFFER_FLAGS.map((flag) => (
          <label key={flag} className={label}>
            {t(`compare:${FLAG_LABEL[flag]}`)}
            <select name={OFFER_FIELD[flag]} value={values.flags[flag]} onChange={(e) => onChange({ ...values, flags: { ...values.flags, [flag]: e.target.value as "" | "yes" | "no" } })}
              className={`${input} ${border(OFFER_FIELD[flag])} bg-white`}>
              <option value="">{t("compare:offers.notStated")}</option>
              <option value="yes">{t("compare:offers.yes")}</option>
              <option value="no">{t("compare:offers.no")}</option>
            </select>
            {fieldError(OFFER_FIELD[flag])}
          </label>
        ))}
      </div>
      <div>
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] items-end gap-3">
          <label className={label}>
            {t("account:submit.offers.priceFrom")}
            <input name={OFFER_FIELD.price_from} inputMode="decimal" value={values.price_from} onChange={(e) => onChange({ ...values, price_from: e.target.value })}
              placeholder={t("account:submit.offers.pricePlaceholder")} className={`${input} ${border(OFFER_FIELD.price_from)}`} aria-invalid={invalid(OFFER_FIELD.price_from)} />
          </label>
          <label className={label}>
            {t("account:submit.offers.currency")}
            <select name={OFFER_FIELD.price_currency} value={values.price_currency} onChange={(e) => onChange({ ...values, price_currency: e.target.value })}
              className={`${input} ${border(OFFER_FIELD.price_currency)} bg-white`} aria-invalid={invalid(OFFER_FIELD.price_currency)}>
              <option value="">—</option>
              {CURRENCY_CODES.map((code) => <option key={code} value={code}>{code}</option>)}
            </select>
          </label>
        </div>
        <p className="mt-1 text-xs text-slate-500">{t("account:submit.offers.priceHint")}</p>
        {fieldError(OFFER_FIELD.price_from)}
        {fieldError(OFFER_FIELD.price_currency)}
      </div>
      {checkboxes("platforms", PLATFORM_CODES, (code) => t(`compare:platform.${code}`), t("compare:offers.platforms"))}
      {checkboxes("interface_languages", INTERFACE_LANGUAGE_CODES, (code) => interfaceLanguageName(code, lang), t("compare:offers.interfaceLanguages"))}
    </fieldset>
  );
}
