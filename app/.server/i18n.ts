import fs from "node:fs/promises";
import path from "node:path";
import type { i18n as I18n, TFunction } from "i18next";
import { bundleFolder, type Lang, type Namespace } from "~/i18n/languages";
import { addBundles, createI18n, type Bundles } from "~/i18n/instance";
import { translatorFor } from "~/i18n/translator";
import { getConfig } from "./config";

const cache = new Map<string, Record<string, unknown>>();
const LOCALES_DIR = path.resolve("public/locales");

/** Reads a language's bundles from `public/locales` (cached outside development). */
export async function loadBundles(lang: Lang, namespaces: readonly Namespace[]): Promise<Bundles> {
  const useCache = getConfig().NODE_ENV !== "development";
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      const file = path.join(LOCALES_DIR, bundleFolder(lang), `${ns}.json`);
      const cached = useCache ? cache.get(file) : undefined;
      if (cached) return [ns, cached] as const;
      const strings = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, unknown>;
      if (useCache) cache.set(file, strings);
      return [ns, strings] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** One i18next instance per language for loaders, mails and API answers; each namespace is added on first use. */
const serverInstances = new Map<Lang, I18n>();

/**
 * `t` for code without React (loaders' titles and meta tags, mails, API messages): the same i18next and the
 * same translator (`translatorFor`) the pages render with, so plural keys (`_one`, `_other`, ... by
 * Intl.PluralRules) and interpolation work alike everywhere, and a key is looked up once per language.
 * In development the bundles are read again on every call, so each call gets a fresh instance.
 */
export async function getFixedT(lang: Lang, ns: Namespace): Promise<TFunction> {
  const bundles = await loadBundles(lang, [ns]);
  if (getConfig().NODE_ENV === "development") return translatorFor(createI18n(lang, bundles), ns);
  let instance = serverInstances.get(lang);
  if (!instance) serverInstances.set(lang, (instance = createI18n(lang, {})));
  addBundles(instance, lang, bundles);
  return translatorFor(instance, ns);
}
