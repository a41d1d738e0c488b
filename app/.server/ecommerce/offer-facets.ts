import type { Lang } from "~/i18n/languages";
import { INTERFACE_LANGUAGE_CODES, interfaceLanguageName, MARKETPLACE_CODES, marketplaceName } from "~/lib/offers";
import { YES_FACET_PARAMS, type OfferFacetParam } from "~/lib/ecommerce-url";
import type { DB } from "../db";
import { parseJson } from "../db/values";
import { add, emptySet, type Bitset } from "../facets/bitset";
import { loadBundles } from "../i18n";

/**
 * The e-commerce list's groups of what tools offer (decision 0036): the marketplaces they serve, their
 * interface languages and the yes-only checks (open source, the three China-fit checks). A tool is in a
 * value's set only when its offers state it; "no" and "not stated" are both outside, so nothing is guessed.
 * Language values are the lower-cased BCP 47 codes, as the list's URL writes every value in lower case.
 */
const YES_COLUMN: Record<(typeof YES_FACET_PARAMS)[number], "open_source" | "chinese_interface" | "alipay_wechat_pay" | "works_without_vpn"> = {
  openSource: "open_source",
  chineseInterface: "chinese_interface",
  alipayWechatPay: "alipay_wechat_pay",
  worksWithoutVpn: "works_without_vpn",
};

/** A language value of the list's URL (`zh-hans`) and back to its BCP 47 code (`zh-Hans`). */
export const languageValue = (code: string) => code.toLowerCase();
const LANGUAGE_BY_VALUE = new Map(INTERFACE_LANGUAGE_CODES.map((code) => [languageValue(code), code]));
export const languageCode = (value: string) => LANGUAGE_BY_VALUE.get(value) ?? value;

/** Every value of each offer group, in the order the codes are listed. */
export const OFFER_FACET_VALUES: Record<OfferFacetParam, readonly string[]> = {
  marketplaces: MARKETPLACE_CODES,
  languages: INTERFACE_LANGUAGE_CODES.map(languageValue),
  openSource: ["yes"],
  chineseInterface: ["yes"],
  alipayWechatPay: ["yes"],
  worksWithoutVpn: ["yes"],
};

export async function loadOfferFacets(db: DB, size: number, positionOf: ReadonlyMap<number, number>): Promise<Record<OfferFacetParam, Map<string, Bitset>>> {
  const rows = await db
    .selectFrom("ecommerce_tool_offers")
    .select(["tool_id", "marketplaces", "interface_languages", "open_source", "chinese_interface", "alipay_wechat_pay", "works_without_vpn"])
    .execute();
  const values = Object.fromEntries(
    Object.entries(OFFER_FACET_VALUES).map(([group, list]) => [group, new Map(list.map((value) => [value, emptySet(size)]))]),
  ) as Record<OfferFacetParam, Map<string, Bitset>>;
  const mark = (group: OfferFacetParam, value: string, position: number) => {
    const set = values[group].get(value);
    if (set) add(set, position);
  };
  for (const row of rows) {
    const position = positionOf.get(row.tool_id);
    if (position === undefined) continue;
    for (const code of parseJson<string[]>(row.marketplaces, [])) mark("marketplaces", code, position);
    for (const code of parseJson<string[]>(row.interface_languages, [])) mark("languages", languageValue(code), position);
    for (const group of YES_FACET_PARAMS) if (Number(row[YES_COLUMN[group]]) === 1) mark(group, "yes", position);
  }
  return values;
}

/** Names of the yes-only checks, from the comparison table's labels (the `compare` bundle's `offers`). */
const YES_LABEL_KEY: Record<(typeof YES_FACET_PARAMS)[number], string> = {
  openSource: "openSource",
  chineseInterface: "chinese_interface",
  alipayWechatPay: "alipay_wechat_pay",
  worksWithoutVpn: "works_without_vpn",
};

export type OfferNames = (group: OfferFacetParam, value: string) => string;

export async function offerNames(lang: Lang): Promise<OfferNames> {
  const bundle = (await loadBundles(lang, ["compare"])).compare as { offers?: Record<string, string> } | undefined;
  const labels = bundle?.offers ?? {};
  return (group, value) => {
    if (group === "marketplaces") return marketplaceName(value, lang);
    if (group === "languages") return interfaceLanguageName(languageCode(value), lang);
    return labels[YES_LABEL_KEY[group]] ?? group;
  };
}
