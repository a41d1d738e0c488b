import crypto from "node:crypto";
import type { Request, Response } from "express";
import { isLang, type Lang, type Namespace } from "~/i18n/languages";
import { serializeBundles } from "~/i18n/render-instance";
import { rememberBounded } from "~/lib/bounded-map";
import { loadRootBundles } from "./i18n";

/** Bundles every page needs; routes add their own (e.g. `about`) through their loaders. */
export const ROOT_NAMESPACES: readonly Namespace[] = ["common", "categories", "tools", "user", "favorites", "makers"];

export interface RootTexts {
  /** The root bundles as one JSON text (`serializeBundles`). */
  json: string;
  /** Where the browser fetches the same text: named by its content, so it is cached for a year. */
  href: string;
}

const PATH = /^\/texts\/([\w-]+)\.([0-9a-f]{16})\.json$/;
const byJson = new Map<string, RootTexts>();
/** Bounded: development reads new bundle objects per request, hence new JSON texts. */
const MAX = 32;

/**
 * The texts every page renders with (decision 0042). A document does not carry them in its loader data: it
 * preloads this address, which stays the same while the texts do, so a visitor's browser fetches it once
 * per language and deployment of changed texts, and the browser entry hydrates once it is there. Client
 * navigations that change the language still get the texts in the root's loader data.
 */
export async function rootTexts(lang: Lang): Promise<RootTexts> {
  const json = serializeBundles(lang, await loadRootBundles(lang, ROOT_NAMESPACES));
  return rememberBounded(byJson, json, MAX, () => ({
    json,
    href: `/texts/${lang}.${crypto.createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`,
  }));
}

/**
 * `GET /texts/{lang}.{hash}.json`: the root texts. The current address is cached for a year; an older one
 * (a page rendered before the texts changed) gets the current texts, not to be kept, so the page still
 * hydrates (with the new wording where it changed) and the next page asks for the new address.
 */
export async function rootTextsEndpoint(req: Request, res: Response): Promise<boolean> {
  const match = PATH.exec(req.path);
  if (!match || !isLang(match[1])) return false;
  const texts = await rootTexts(match[1]);
  const current = texts.href === req.path;
  res.setHeader("Cache-Control", current ? "public, max-age=31536000, immutable" : "no-cache");
  res.type("application/json").send(texts.json);
  return true;
}
