import { bundleFolder, type Lang, type Namespace } from "./languages";

export type Bundles = Partial<Record<Namespace, Record<string, unknown>>>;

/** Options a text is asked with: values for its `{{placeholders}}`, plus the few options i18next knows. */
export type TextOptions = Record<string, unknown> & { count?: unknown; defaultValue?: unknown; returnObjects?: boolean; ns?: string | readonly string[] };
type Strings = Record<string, unknown>;
/** Typed as i18next's `t`: a string, except the object or array asked for with `returnObjects`. */
type Lookup = (key: string, options?: TextOptions) => string;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const DEFAULT_NS = "common";

/**
 * The page's texts for one language: the subset of i18next the bundles use, in about 1 KB of browser code
 * instead of i18next's 16 KB (gzip), the largest piece of every page's JavaScript after React and React
 * Router (issue 37). Server renders, the browser, loaders and mails all use it, so every text reads the
 * same everywhere, and `tests/unit/translations-like-i18next.test.ts` checks every key of every bundle
 * in every language against i18next itself.
 *
 * What it does, as i18next does with this app's options: nested keys (`a.b.c`, or a flat key holding
 * dots), `ns:key` for a key of another namespace, plurals by `count` (`_zero` for 0, then the
 * Intl.PluralRules form, then the bare key), `{{name}}` and `{{a.b}}` placeholders (not escaped; a
 * placeholder whose value is missing stays as written, one passed as undefined or null becomes empty;
 * an inserted value is never read again), `defaultValue`, `returnObjects`, and a missing key answered
 * with itself and a warning. It does not do nesting (`$t(...)`), formats (`{{x, number}}`) or contexts:
 * no bundle uses them.
 */
export class Translations {
  private readonly data = new Map<string, Map<string, Strings>>();
  private readonly plurals: Intl.PluralRules;

  constructor(readonly language: string) {
    this.plurals = new Intl.PluralRules(language);
  }

  hasResourceBundle(code: string, ns: string): boolean {
    return this.data.get(code)?.has(ns) ?? false;
  }

  /** Adds a namespace's strings; an existing bundle is extended (kept values win unless `overwrite`). */
  addResourceBundle(code: string, ns: string, strings: Strings, deep = false, overwrite = false): this {
    let byNs = this.data.get(code);
    if (!byNs) this.data.set(code, (byNs = new Map()));
    const existing = byNs.get(ns);
    if (!existing) byNs.set(ns, strings);
    else byNs.set(ns, deep ? deepExtend(structuredClone(existing), strings, overwrite) : { ...existing, ...strings });
    return this;
  }

  /** `t` with `ns` as its default namespace (the others by `ns:key`), as i18next's `getFixedT(null, ns)`. */
  getFixedT(_lng: string | null, ns: string | readonly string[] = DEFAULT_NS): Lookup {
    const namespace = typeof ns === "string" ? ns : (ns[0] ?? DEFAULT_NS);
    return (key, options) => this.translate(key, options ? { ns: namespace, ...options } : { ns: namespace }) as string;
  }

  t(key: string, options?: TextOptions): string {
    return this.translate(key, options ?? {}) as string;
  }

  exists(key: string, options: TextOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  private translate(fullKey: string, options: TextOptions): unknown {
    const { namespaces, key } = this.splitKey(fullKey, options);
    const ns = namespaces[namespaces.length - 1]!;
    const found = this.resolve(fullKey, options);
    if (found !== null && typeof found === "object") {
      if (!options.returnObjects) return `key '${key} (${this.language})' returned an object instead of string.`;
      return this.translateObject(found as Strings, key, { ...options, ns: namespaces });
    }
    let text = found;
    if (text === undefined) {
      const hasDefault = typeof options.defaultValue === "string";
      console.warn(`Missing translation ${ns}:${key}`);
      text = hasDefault ? options.defaultValue : key;
    }
    return typeof text === "string" ? interpolate(text, options) : text;
  }

  private translateObject(found: Strings, fullKey: string, options: TextOptions): unknown {
    const copy: Record<string, unknown> | unknown[] = Array.isArray(found) ? [] : {};
    for (const name of Object.keys(found)) (copy as Record<string, unknown>)[name] = this.translate(`${fullKey}.${name}`, options);
    return copy;
  }

  /** The key and the namespaces to look in: the key's `ns:` prefix, else the `ns` option, else "common". */
  private splitKey(fullKey: string, options: TextOptions): { namespaces: readonly string[]; key: string } {
    if (fullKey.includes(":")) {
      const parts = fullKey.split(":");
      return { namespaces: [parts.shift()!], key: parts.join(".") };
    }
    const ns = options.ns;
    return { namespaces: ns === undefined ? [DEFAULT_NS] : typeof ns === "string" ? [ns] : ns.length ? ns : [DEFAULT_NS], key: fullKey };
  }

  /** The stored value for a key, trying the plural forms first (undefined when none is there). */
  private resolve(fullKey: string, options: TextOptions): unknown {
    const { namespaces, key } = this.splitKey(fullKey, options);
    const candidates = [key];
    const count = options.count;
    if (count !== undefined && typeof count !== "string") {
      candidates.push(`${key}_${this.plurals.select(count as number)}`);
      if (count === 0) candidates.push(`${key}_zero`);
    }
    for (const ns of namespaces) {
      const strings = this.data.get(this.language)?.get(ns);
      if (!strings) continue;
      for (let i = candidates.length - 1; i >= 0; i--) {
        const value = lookup(strings, candidates[i]!);
        if (value !== undefined && value !== null) return value;
      }
    }
    return undefined;
  }
}

/** A value by path (`a.b.c`), or by a key that itself holds dots, as i18next's resource lookup. */
function lookup(strings: Strings, key: string): unknown {
  const value = walk(strings, key.split("."));
  return value ?? deepFind(strings, key);
}

function walk(object: unknown, path: readonly string[]): unknown {
  let current = object;
  for (const part of path) {
    if (current === null || typeof current !== "object" || !Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Strings)[part];
  }
  return current;
}

/** i18next's `deepFind`: the path's parts joined with dots where the JSON has keys holding dots. */
function deepFind(object: unknown, key: string): unknown {
  if (object === null || typeof object !== "object") return undefined;
  if (Object.prototype.hasOwnProperty.call(object, key)) return (object as Strings)[key];
  const tokens = key.split(".");
  for (let end = 1; end < tokens.length; end++) {
    const head = tokens.slice(0, end).join(".");
    if (!Object.prototype.hasOwnProperty.call(object, head)) continue;
    const next = (object as Strings)[head];
    if (next !== null && typeof next === "object") {
      const found = deepFind(next, tokens.slice(end).join("."));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function interpolate(text: string, values: TextOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const path = name.trim();
    let value = walk(values, path.split("."));
    if (value === undefined) value = deepFind(values, path);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, path) ? "" : whole;
    return value === null ? "" : String(value);
  });
}

function deepExtend(target: Strings, source: Strings, overwrite: boolean): Strings {
  for (const [name, value] of Object.entries(source)) {
    if (name === "__proto__" || name === "constructor") continue;
    const existing = target[name];
    if (!Object.prototype.hasOwnProperty.call(target, name)) target[name] = value;
    else if (typeof existing === "string" || typeof value === "string" || typeof existing !== "object" || typeof value !== "object" || !existing || !value) {
      if (overwrite) target[name] = value;
    } else deepExtend(existing as Strings, value as Strings, overwrite);
  }
  return target;
}

export type I18n = Translations;

/**
 * The texts of one page language, created from the bundles the server inlined, so the first render
 * (server and hydration) already has its text. Components reach it through `I18nProvider` and `useT`
 * (translator.ts); server code without React through `getFixedT` (app/.server/i18n.ts).
 */
export function createI18n(lang: Lang, bundles: Bundles): Translations {
  // Bundles live under their folder's code ("en" for "us-en"), which also picks the plural rules.
  const code = bundleFolder(lang);
  const instance = new Translations(code);
  for (const [ns, strings] of Object.entries(bundles)) if (strings) instance.addResourceBundle(code, ns, strings);
  return instance;
}

/** Adds bundles a route loaded to the live instance (idempotent). */
export function addBundles(instance: Translations, lang: Lang, bundles: Bundles): void {
  for (const [ns, strings] of Object.entries(bundles)) {
    const code = bundleFolder(lang);
    if (strings && !instance.hasResourceBundle(code, ns)) instance.addResourceBundle(code, ns, strings, true, false);
  }
}
