import { useMemo } from "react";
import { createI18n } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import { translatorFor } from "~/i18n/translator";
import { canonicalOffers } from "~/lib/offer-form";
import { formatPrice, interfaceLanguageName } from "~/lib/offer-codes";
import type { Offers } from "~/lib/offers";

export type OffersSummary = (offers: Partial<Offers> | null | undefined) => string;

/**
 * What a submission says a tool offers, as one line in the admin's language ("Free plan: Yes · Platforms:
 * Web, iOS"), with the labels the tool page uses (`compare` bundle, handed down by the page's loader). Facts
 * left "not stated" are left out; an empty string when nothing is stated.
 */
export function useOffersSummary(lang: Lang, strings: Record<string, unknown> | undefined): OffersSummary {
  const t = useMemo(() => translatorFor(createI18n(lang, { compare: strings ?? {} }), "compare"), [lang, strings]);
  return (raw) => {
    const offers = canonicalOffers(raw);
    const yesNo = (value: boolean) => (value ? t("offers.yes") : t("offers.no"));
    const parts: string[] = [];
    if (offers.price_from !== null && offers.price_currency) parts.push(`${t("offers.priceFrom")}: ${t("offers.perMonth", { price: formatPrice(offers.price_from, offers.price_currency, lang) })}`);
    const flags = [["free_plan", "offers.freePlan"], ["free_trial", "offers.freeTrial"], ["open_source", "offers.openSource"], ["api", "offers.api"]] as const;
    for (const [key, label] of flags) if (offers[key] !== null) parts.push(`${t(label)}: ${yesNo(offers[key])}`);
    if (offers.platforms) parts.push(`${t("offers.platforms")}: ${offers.platforms.map((code) => t(`platform.${code}`)).join(", ")}`);
    if (offers.interface_languages) parts.push(`${t("offers.interfaceLanguages")}: ${offers.interface_languages.map((code) => interfaceLanguageName(code, lang)).join(", ")}`);
    return parts.join(" · ");
  };
}
