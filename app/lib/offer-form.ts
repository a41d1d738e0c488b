import { CURRENCY_CODES, INTERFACE_LANGUAGE_CODES, NO_OFFERS, offersSchema, PLATFORM_CODES, type Offers } from "./offers";

/**
 * The "What it offers" part of the submit and update forms, read the same way in the browser (before
 * sending) and on the server (before storing): form fields onto `offersSchema`. Every field may stay empty,
 * which means "not stated"; a flag is "yes", "no" or empty.
 */
export const OFFER_FLAGS = ["free_plan", "free_trial", "open_source", "api"] as const;
export type OfferFlag = (typeof OFFER_FLAGS)[number];

/** Form field names (the error's `field` names one of these). */
export const OFFER_FIELD = {
  free_plan: "offer_free_plan",
  free_trial: "offer_free_trial",
  open_source: "offer_open_source",
  api: "offer_api",
  price_from: "offer_price_from",
  price_currency: "offer_price_currency",
  platforms: "offer_platforms",
  interface_languages: "offer_interface_languages",
} as const;

export type OfferErrorCode = "offerPriceInvalid" | "offerCurrencyRequired" | "offerCurrencyInvalid" | "offerPlatformsInvalid" | "offerLanguagesInvalid" | "offerFlagInvalid";

export interface OfferFormError {
  field: string;
  code: OfferErrorCode;
}

/** What the form holds while someone types (strings, as the inputs do). */
export interface OfferFormValues {
  flags: Record<OfferFlag, "" | "yes" | "no">;
  price_from: string;
  price_currency: string;
  platforms: string[];
  interface_languages: string[];
}

interface FormLike {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Lists in the order of their codes, so the same choice always reads (and compares) the same. */
function inCodeOrder(list: string[] | null, codes: readonly string[]): string[] | null {
  return list === null ? null : [...new Set(list)].sort((a, b) => codes.indexOf(a) - codes.indexOf(b));
}

/** Offers with the tool fields only, in one key order and lists in code order: comparable as JSON. */
export function canonicalOffers(offers: Partial<Offers> | null | undefined): Offers {
  const o = { ...NO_OFFERS, ...offers };
  return {
    free_plan: o.free_plan ?? null,
    free_trial: o.free_trial ?? null,
    price_from: o.price_from ?? null,
    price_currency: o.price_currency ?? null,
    open_source: o.open_source ?? null,
    api: o.api ?? null,
    platforms: o.platforms && o.platforms.length ? (inCodeOrder(o.platforms, PLATFORM_CODES) as Offers["platforms"]) : null,
    interface_languages: o.interface_languages && o.interface_languages.length ? (inCodeOrder(o.interface_languages, INTERFACE_LANGUAGE_CODES) as Offers["interface_languages"]) : null,
  };
}

/** The form's values for stored offers (an update starts from the tool's current offers). */
export function offerFormValues(offers: Partial<Offers> | null | undefined): OfferFormValues {
  const o = canonicalOffers(offers);
  const flag = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");
  return {
    flags: { free_plan: flag(o.free_plan), free_trial: flag(o.free_trial), open_source: flag(o.open_source), api: flag(o.api) },
    price_from: o.price_from === null ? "" : String(o.price_from),
    price_currency: o.price_currency ?? "",
    platforms: o.platforms ?? [],
    interface_languages: o.interface_languages ?? [],
  };
}

export const EMPTY_OFFER_FORM: OfferFormValues = offerFormValues(null);

/** Reads the offer fields of a submitted form: the offers, or the first field that is wrong. */
export function readOfferFields(form: FormLike): { offers: Offers; error: null } | { offers: null; error: OfferFormError } {
  const raw: Record<string, unknown> = {};
  for (const flag of OFFER_FLAGS) {
    const value = str(form.get(OFFER_FIELD[flag]));
    if (value && value !== "yes" && value !== "no") return { offers: null, error: { field: OFFER_FIELD[flag], code: "offerFlagInvalid" } };
    raw[flag] = value ? value === "yes" : null;
  }
  const price = str(form.get(OFFER_FIELD.price_from)).replace(",", ".");
  const currency = str(form.get(OFFER_FIELD.price_currency));
  if (price) {
    const amount = /^\d+(\.\d{1,2})?$/.test(price) ? Number(price) : Number.NaN;
    if (!Number.isFinite(amount)) return { offers: null, error: { field: OFFER_FIELD.price_from, code: "offerPriceInvalid" } };
    if (!currency) return { offers: null, error: { field: OFFER_FIELD.price_currency, code: "offerCurrencyRequired" } };
    raw.price_from = amount;
    raw.price_currency = currency;
  }
  // A currency without a price says nothing, so it is not kept.
  const list = (name: string) => form.getAll(name).map(str).filter(Boolean);
  const platforms = list(OFFER_FIELD.platforms);
  const languages = list(OFFER_FIELD.interface_languages);
  raw.platforms = platforms.length ? platforms : null;
  raw.interface_languages = languages.length ? languages : null;
  const parsed = offersSchema.safeParse(raw);
  if (parsed.success) return { offers: canonicalOffers(parsed.data), error: null };
  const key = String(parsed.error.issues[0]?.path[0] ?? "price_from") as keyof typeof OFFER_FIELD;
  const code: OfferErrorCode =
    key === "platforms" ? "offerPlatformsInvalid" : key === "interface_languages" ? "offerLanguagesInvalid" : key === "price_currency" ? "offerCurrencyInvalid" : key === "price_from" ? "offerPriceInvalid" : "offerFlagInvalid";
  return { offers: null, error: { field: OFFER_FIELD[key] ?? OFFER_FIELD.price_from, code } };
}

export { CURRENCY_CODES, INTERFACE_LANGUAGE_CODES, PLATFORM_CODES };
