import type { DB } from "../db";
import type { CatalogWrite } from "../catalog/changes";
import { changedFields } from "../catalog/sync";
import { parseJson, toJson } from "../db/values";
import { ecommerceOffersSchema, NO_ECOMMERCE_OFFERS, NO_OFFERS, statesAnything, type EcommerceOffers, type Offers } from "~/lib/offers";

/**
 * Reads and writes of what tools offer (migration 0021). A tool without a row states nothing; a row keeps
 * null for every field the catalogue does not state, so "no" and "not stated" stay apart.
 */
export type OffersKind = "tool" | "ecommerce";
const TABLE = { tool: "tool_offers", ecommerce: "ecommerce_tool_offers" } as const;
const FLAGS = ["free_plan", "free_trial", "open_source", "api"] as const;
const LISTS = ["platforms", "interface_languages"] as const;
const ECOMMERCE_FLAGS = ["chinese_interface", "alipay_wechat_pay", "works_without_vpn"] as const;

const flagColumn = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 1 : 0);
const listColumn = (value: string[] | null | undefined) => (value ? toJson(value) : null);
const readFlag = (value: unknown) => (value === null || value === undefined ? null : Number(value) === 1);
const readList = (value: unknown) => (typeof value === "string" ? parseJson<string[]>(value, []) : null);

function columnsOf(kind: OffersKind, offers: Partial<EcommerceOffers>): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    price_from: offers.price_from ?? null,
    price_currency: offers.price_currency ?? null,
  };
  for (const key of FLAGS) columns[key] = flagColumn(offers[key]);
  for (const key of LISTS) columns[key] = listColumn(offers[key]);
  if (kind === "ecommerce") {
    for (const key of ECOMMERCE_FLAGS) columns[key] = flagColumn(offers[key]);
    columns.marketplaces = listColumn(offers.marketplaces);
  }
  return columns;
}

export function offersOfRow(row: Record<string, unknown> | undefined): EcommerceOffers {
  if (!row) return NO_ECOMMERCE_OFFERS;
  const offers: Record<string, unknown> = {
    price_from: row.price_from === null || row.price_from === undefined ? null : Number(row.price_from),
    price_currency: row.price_currency ?? null,
    marketplaces: readList(row.marketplaces),
  };
  for (const key of [...FLAGS, ...ECOMMERCE_FLAGS]) offers[key] = readFlag(row[key]);
  for (const key of LISTS) offers[key] = readList(row[key]);
  return offers as EcommerceOffers;
}

/** Makes a tool's stored offers equal `offers` (no row when nothing is stated); true when it wrote. */
export async function syncOffers(trx: CatalogWrite, kind: OffersKind, toolId: number, offers: Partial<EcommerceOffers> | null | undefined): Promise<boolean> {
  const table = TABLE[kind];
  const current = await trx.selectFrom(table).selectAll().where("tool_id", "=", toolId).executeTakeFirst();
  if (!offers || !statesAnything(offers)) {
    if (!current) return false;
    await trx.deleteFrom(table).where("tool_id", "=", toolId).execute();
    return true;
  }
  const desired = columnsOf(kind, offers);
  if (!current) {
    await trx.insertInto(table).values({ tool_id: toolId, ...desired } as never).execute();
    return true;
  }
  const changes = changedFields(desired, current as Record<string, unknown>);
  if (Object.keys(changes).length === 0) return false;
  await trx.updateTable(table).set(changes as never).where("tool_id", "=", toolId).execute();
  return true;
}

/** Offers of AI tools by id (tools without a row state nothing). */
export async function readToolOffers(db: DB, ids: readonly number[]): Promise<Map<number, Offers>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("tool_offers").selectAll().where("tool_id", "in", [...ids]).execute();
  const byId = new Map(rows.map((row) => [row.tool_id, offersOfRow(row)]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? NO_OFFERS]));
}

export async function readEcommerceOffers(db: DB, ids: readonly number[]): Promise<Map<number, EcommerceOffers>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("ecommerce_tool_offers").selectAll().where("tool_id", "in", [...ids]).execute();
  const byId = new Map(rows.map((row) => [row.tool_id, offersOfRow(row)]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? NO_ECOMMERCE_OFFERS]));
}

/** For export: the stated fields only, in the file shape (nothing stated: undefined, the key is left out). */
export function offersForFile(offers: EcommerceOffers, kind: OffersKind): Record<string, unknown> | undefined {
  const keys = kind === "tool" ? Object.keys(NO_OFFERS) : Object.keys(ecommerceOffersSchema.parse({}));
  const stated = Object.fromEntries(keys.map((key) => [key, offers[key as keyof EcommerceOffers]]).filter(([, value]) => value !== null && value !== undefined));
  return Object.keys(stated).length ? stated : undefined;
}
