import type { ReactNode } from "react";
import { useT } from "~/i18n/translator";
import { useOfferNames } from "./offer-names";
import type { EcommerceOffers } from "~/lib/offers";

/**
 * One row per fact of what a tool offers, as the tool page's panel and the comparison table show them:
 * "Not stated" for anything the catalogue does not say (never guessed). `key` is the value compared across
 * tools to mark differences (a missing fact differs from any stated one).
 */
export interface OfferRow {
  id: string;
  label: string;
  value: ReactNode;
  key: string;
}

export function useOfferRows(): (offers: EcommerceOffers, kind: "tool" | "ecommerce") => OfferRow[] {
  const t = useT("compare");
  const names = useOfferNames();
  const notStated = <span className="not-stated">{t("offers.notStated")}</span>;
  const flag = (id: string, label: string, value: boolean | null): OfferRow => ({
    id,
    label,
    value: value === null ? notStated : value ? t("offers.yes") : t("offers.no"),
    key: String(value),
  });
  const list = (id: string, label: string, codes: string[] | null, name: (code: string) => string): OfferRow => ({
    id,
    label,
    value: codes && codes.length ? codes.map(name).join(", ") : notStated,
    key: codes ? [...codes].sort().join(",") : "null",
  });
  return (offers, kind) => [
    {
      id: "price",
      label: t("offers.priceFrom"),
      value: offers.price_from !== null && offers.price_currency ? t("offers.perMonth", { price: names.price(offers.price_from, offers.price_currency) }) : notStated,
      key: `${offers.price_from}${offers.price_currency}`,
    },
    flag("freePlan", t("offers.freePlan"), offers.free_plan),
    flag("freeTrial", t("offers.freeTrial"), offers.free_trial),
    flag("openSource", t("offers.openSource"), offers.open_source),
    flag("api", t("offers.api"), offers.api),
    list("platforms", t("offers.platforms"), offers.platforms, (code) => t(`platform.${code}`)),
    list("languages", t("offers.interfaceLanguages"), offers.interface_languages, names.language),
    ...(kind === "ecommerce"
      ? [
          list("marketplaces", t("offers.marketplaces"), offers.marketplaces, names.marketplace),
          flag("chinese_interface", `${t("offers.chinaFit")}: ${t("offers.chinese_interface")}`, offers.chinese_interface),
          flag("alipay_wechat_pay", `${t("offers.chinaFit")}: ${t("offers.alipay_wechat_pay")}`, offers.alipay_wechat_pay),
          flag("works_without_vpn", `${t("offers.chinaFit")}: ${t("offers.works_without_vpn")}`, offers.works_without_vpn),
        ]
      : []),
  ];
}
