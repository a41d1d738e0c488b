import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { Namespace } from "./languages";
import { setBounded } from "~/lib/bounded-map";

/**
 * `t` for the page's i18next instance: the one way components translate (server code without React asks
 * `getFixedT` in app/.server/i18n.ts, which hands out the same translators). Unlike react-i18next's
 * `useTranslation` it takes no hooks of its own (react-i18next
 * runs five per call and builds a fixed `t` and an instance wrapper each time), and a key asked without
 * options is resolved once per instance: server renders share one instance per language
 * (render-instance.ts), so the footer's and header's labels are looked up once per language, not on
 * every request.
 *
 * Instances are made for one language and never switch (a language change makes a new one), so there is
 * nothing to re-render on. Keys with options of plain values (counts, page numbers, a category name) are
 * remembered per key and values too, a bounded number of them, as the pager and list headings ask for the
 * same few on every page; other options go to i18next every time. A key that does not exist yet (a route
 * bundle added later) is not remembered.
 */
export function useT(ns: Namespace | readonly Namespace[] = "common"): TFunction {
  const { i18n } = useContext(I18nContext);
  return translatorFor(i18n, ns);
}

const translators = new WeakMap<I18n, Map<string, TFunction>>();

export function translatorFor(i18n: I18n, ns: Namespace | readonly Namespace[]): TFunction {
  const key = typeof ns === "string" ? ns : ns.join(",");
  let byNs = translators.get(i18n);
  if (!byNs) translators.set(i18n, (byNs = new Map()));
  let t = byNs.get(key);
  if (!t) byNs.set(key, (t = createTranslator(i18n, ns)));
  return t;
}

type FixedTFactory = (lng: string, ns: string, keyPrefix: undefined, options: { scopeNs: string[] }) => (...args: unknown[]) => string;

function createTranslator(i18n: I18n, ns: Namespace | readonly Namespace[]): TFunction {
  const namespaces = typeof ns === "string" ? [ns] : [...ns];
  // What useTranslation builds: the first namespace is the default, the others are reached by prefix.
  // (i18next's typings lack the fourth argument.)
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as FixedTFactory;
  const fixed = getFixedT(i18n.language, namespaces[0]!, undefined, { scopeNs: namespaces });
  const plain = new Map<string, string>();
  const withValues = new Map<string, string>();
  const t = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 1) return fixed(key, ...rest);
    const cacheKey = rest.length === 0 ? key : keyWithValues(key, rest[0]);
    if (cacheKey === null) return fixed(key, ...rest);
    const cache = rest.length === 0 ? plain : withValues;
    let text = cache.get(cacheKey);
    if (text === undefined) {
      text = fixed(key, ...rest);
      // With the call's options, so a plural key (only its `_one`/`_other` forms exist) counts as present.
      if (i18n.exists(key, { ...(rest[0] as object | undefined), ns: namespaces })) setBounded(cache, cacheKey, text, MAX_REMEMBERED);
    }
    return text;
  };
  return t as unknown as TFunction;
}

/** Texts remembered per translator for each of its two kinds of calls. */
const MAX_REMEMBERED = 2_000;

/** The key and its options as one string, or null when an option is no plain string, number or boolean. */
function keyWithValues(key: string, options: unknown): string | null {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  let text = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    // Option names come from code; values are quoted, so no two sets of options give the same text.
    text += `\u0000${name}=${type === "string" ? JSON.stringify(value) : `${type[0]}${String(value)}`}`;
  }
  return text;
}

/** The page's i18next instance (for `exists`, loading bundles), without useTranslation's per-call work. */
export function useI18n(): I18n {
  return useContext(I18nContext).i18n;
}
