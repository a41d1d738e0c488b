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

/**
 * Parts of the root bundles that every page carried but only one screen reads: the login dialog (loaded on
 * demand, it fetches the whole `user` bundle with its code), the two-factor panel (admin home), the claim
 * panel (tool pages), the claim confirmation, the listing stats and badge, and mail texts (server only).
 * The root loader leaves them out and those routes add them (`loadLaterTexts`, decision 0038).
 */
const LATER_TEXTS: Partial<Record<Namespace, readonly string[]>> = {
  user: ["auth", "twoFactor"],
  makers: ["claim", "confirm", "mail", "stats", "badge"],
};
/** What the root keeps of a left-out part: the login button, the account menu's admin link, sign-in failures. */
const KEPT_TEXTS: Record<string, readonly string[]> = { "user.auth": ["loginButton", "adminConsole", "googleFailed", "githubFailed"] };

const rootParts = new WeakMap<object, Record<string, unknown>>();

/** The bundles every page carries (see LATER_TEXTS); the same objects for the same files, so serializeBundles caches them. */
export async function loadRootBundles(lang: Lang, namespaces: readonly Namespace[]): Promise<Bundles> {
  const bundles = await loadBundles(lang, namespaces);
  const root: Bundles = {};
  for (const ns of namespaces) {
    const strings = bundles[ns];
    const later = LATER_TEXTS[ns];
    if (!strings || !later) {
      root[ns] = strings;
      continue;
    }
    let part = rootParts.get(strings);
    if (!part) {
      part = Object.fromEntries(
        Object.entries(strings).flatMap(([key, value]): [string, unknown][] => {
          if (!later.includes(key)) return [[key, value]];
          const kept = KEPT_TEXTS[`${ns}.${key}`];
          return kept ? [[key, Object.fromEntries(kept.map((name) => [name, (value as Record<string, unknown>)[name]]))]] : [];
        }),
      );
      rootParts.set(strings, part);
    }
    root[ns] = part;
  }
  return root;
}

const laterParts = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** The left-out parts a route shows (`parts` of one namespace), for its loader to hand to `useRouteBundles`. */
export async function loadLaterTexts(lang: Lang, ns: Namespace, parts: readonly string[]): Promise<Bundles> {
  const strings = (await loadBundles(lang, [ns]))[ns] ?? {};
  let byParts = laterParts.get(strings);
  if (!byParts) laterParts.set(strings, (byParts = new Map()));
  const key = parts.join(",");
  let picked = byParts.get(key);
  if (!picked) byParts.set(key, (picked = Object.fromEntries(parts.map((part) => [part, strings[part]]))));
  return { [ns]: picked };
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
