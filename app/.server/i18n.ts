import fs from "node:fs/promises";
import path from "node:path";
import { bundleFolder, type Lang, type Namespace } from "~/i18n/languages";
import type { Bundles } from "~/i18n/instance";
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

/** A server-side translator for loaders (titles, meta tags) without React. */
export async function getFixedT(lang: Lang, ns: Namespace) {
  const bundles = await loadBundles(lang, [ns]);
  const strings = bundles[ns] ?? {};
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
    if (typeof value !== "string") return key;
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
  };
}
