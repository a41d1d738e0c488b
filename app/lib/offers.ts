import { z } from "zod";
import { CURRENCY_CODES, INTERFACE_LANGUAGE_CODES, MARKETPLACE_CODES, PLATFORM_CODES } from "./offer-codes";

/** The schemas of what a tool offers (server code and forms); the codes and labels are in offer-codes.ts. */
export * from "./offer-codes";

// In the browser (the submission forms) zod must not probe for `eval`: the CSP forbids it and reports each try.
if (typeof document !== "undefined") z.config({ jitless: true });

const known = z.boolean().nullable().default(null);
const codeList = <T extends readonly [string, ...string[]]>(codes: T) =>
  z
    .array(z.enum(codes, { error: `must be one of ${codes.join(", ")}` }))
    .max(codes.length)
    .transform((list) => [...new Set(list)])
    .nullable()
    .default(null);

/** What every tool may state; e-commerce tools state a few more things. */
const toolOfferFields = {
  free_plan: known,
  free_trial: known,
  /** The lowest paid plan per month, in `price_currency`. */
  price_from: z.number().min(0).max(1_000_000).nullable().default(null),
  price_currency: z.enum(CURRENCY_CODES).nullable().default(null),
  open_source: known,
  api: known,
  platforms: codeList(PLATFORM_CODES),
  interface_languages: codeList(INTERFACE_LANGUAGE_CODES),
};

const pricedInACurrency = (o: { price_from: number | null; price_currency: string | null }) => (o.price_from === null) === (o.price_currency === null);
const PRICE_NEEDS_CURRENCY = { message: "price_from and price_currency go together", path: ["price_currency"] };

export const offersSchema = z.object(toolOfferFields).refine(pricedInACurrency, PRICE_NEEDS_CURRENCY);
export type Offers = z.infer<typeof offersSchema>;

export const ecommerceOffersSchema = z
  .object({
    ...toolOfferFields,
    marketplaces: codeList(MARKETPLACE_CODES),
    chinese_interface: known,
    alipay_wechat_pay: known,
    works_without_vpn: known,
  })
  .refine(pricedInACurrency, PRICE_NEEDS_CURRENCY);
export type EcommerceOffers = z.infer<typeof ecommerceOffersSchema>;

export const NO_OFFERS: Offers = offersSchema.parse({});
export const NO_ECOMMERCE_OFFERS: EcommerceOffers = ecommerceOffersSchema.parse({});
