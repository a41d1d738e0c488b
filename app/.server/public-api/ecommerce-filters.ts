import { type z } from "zod";
import { INTERFACE_LANGUAGE_CODES, MARKETPLACE_CODES } from "~/lib/offers";
import type { OfferFacetParam } from "~/lib/ecommerce-url";
import { languageValue } from "../ecommerce/offer-facets";
import { codeListParam } from "./tool-filters";

/**
 * What-tools-offer filters of `GET /api/v1/ecommerce-tools`, with the list page's meaning (decision 0036):
 * a comma list is OR-ed inside its parameter, parameters are AND-ed, and each yes-only check is its own
 * parameter. Unlike the catalogue's own slugs (categories, filters, platforms), these codes are fixed, so an
 * unknown one is a 400 naming it instead of an empty answer.
 */
const yes = (description: string) => codeListParam(["yes"], description, "yes");

export const ECOMMERCE_OFFER_PARAMS = {
  marketplaces: codeListParam(MARKETPLACE_CODES, "Only tools that state they serve one of these marketplaces.", "amazon-jp,shopee"),
  languages: codeListParam(INTERFACE_LANGUAGE_CODES, "Only tools whose interface speaks one of these languages (BCP 47).", "zh-Hans,ja"),
  open_source: yes("Only tools that state they are open source."),
  chinese_interface: yes("Only tools that state a Chinese interface."),
  alipay_wechat_pay: yes("Only tools that state they can be paid with Alipay or WeChat Pay."),
  works_without_vpn: yes("Only tools that state they work from mainland China without a VPN."),
};

type Params = { [K in keyof typeof ECOMMERCE_OFFER_PARAMS]?: z.output<(typeof ECOMMERCE_OFFER_PARAMS)[K]> };

/** Each query parameter and the list's facet group it selects in. */
export const OFFER_PARAM_GROUPS: ReadonlyArray<[keyof Params, OfferFacetParam]> = [
  ["marketplaces", "marketplaces"],
  ["languages", "languages"],
  ["open_source", "openSource"],
  ["chinese_interface", "chineseInterface"],
  ["alipay_wechat_pay", "alipayWechatPay"],
  ["works_without_vpn", "worksWithoutVpn"],
];

/** The list's selection of the offer groups (language codes as the list writes them). */
export function offerSelection(query: Params): Record<OfferFacetParam, string[]> {
  const selection = {} as Record<OfferFacetParam, string[]>;
  for (const [param, group] of OFFER_PARAM_GROUPS) {
    const values = query[param] ?? [];
    selection[group] = group === "languages" ? values.map(languageValue) : values;
  }
  return selection;
}
