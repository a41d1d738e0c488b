/**
 * The ten interface languages and the rules that map paths, browser
 * preferences and bundle folders onto them. Shared by server and browser.
 */
export const LANGUAGES = ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "us-en";

export const NAMESPACES = ["common", "categories", "tools", "user", "about", "favorites", "account", "admin", "ecommerce", "trends", "analytics", "makers", "compare", "reviews", "feeds", "newsletter"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Bumped whenever a bundle changes, so browsers refetch `/locales/...?v=`. */
export const I18N_VERSION = "20261127501";

export const PREFERRED_LANGUAGE_COOKIE = "preferred-language";
export const LOCAL_STORAGE_LANG_KEY = "i18nLng";

export const LANGUAGE_NAMES: Record<Lang, string> = {
  "us-en": "English",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  ko: "한국어",
  ja: "日本語",
  pt: "Português",
  es: "Español",
  de: "Deutsch",
  fr: "Français",
  vi: "Tiếng Việt",
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Value of `<html lang>`: plain `en` for the us-en interface. */
export function htmlLang(lang: Lang): string {
  return lang === "us-en" ? "en" : lang;
}

/** Folder under `/locales` holding a language's bundles (us-en lives in `en`). */
export function bundleFolder(lang: Lang): string {
  return lang === "us-en" ? "en" : lang;
}

/** Splits `/fr/tools` into `fr` + `/tools`; paths without a supported prefix are us-en. */
export function splitLangPath(pathname: string): { lang: Lang; prefixed: boolean; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLang(first)) return { lang: first, prefixed: true, rest: match?.[2] ?? "/" };
  return { lang: DEFAULT_LANG, prefixed: false, rest: pathname || "/" };
}

/** Canonical, prefixed path of a page in a language: `localizedPath("de", "/tools")` is `/de/tools`. */
export function localizedPath(lang: Lang, path = "/"): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/**
 * Pages that exist once, without a language segment (admin console, developer mailbox, sign-in
 * callbacks): they are shown in the visitor's preferred language (cookie, then browser).
 */
const UNLOCALIZED_PATH = /^\/(?:admin|dev|auth)(?:[/.]|$)/;

export function isUnlocalizedPath(pathname: string): boolean {
  return UNLOCALIZED_PATH.test(pathname);
}

/** Same page in another language, keeping the rest of the path (query/hash are the caller's). */
export function switchLangPath(pathname: string, lang: Lang): string {
  if (isUnlocalizedPath(pathname)) return pathname;
  return localizedPath(lang, splitLangPath(pathname).rest);
}

/** Maps one browser language tag onto an interface language, or null when we have none for it. */
export function matchBrowserLanguage(tag: string): Lang | null {
  const normalized = tag.trim().toLowerCase();
  if (!normalized) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  if (normalized === "en-us" || normalized === "en") return "us-en";
  if (["zh-tw", "zh-hk", "zh-mo", "zh-hant"].includes(normalized) || normalized.startsWith("zh-hant-")) return "zh-TW";
  const base = normalized.split("-")[0];
  if (base === "zh") return "zh-CN";
  if (base === "en") return "us-en";
  return LANGUAGES.find((l) => l === base) ?? null;
}

/** Parses an Accept-Language header into tags ordered by quality (stable for ties). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * Language for the bare root path: the saved preference, else the first
 * browser language we support (exact code before base language), else us-en.
 */
export function negotiateLanguage(preferred: string | null | undefined, acceptLanguage: string | null | undefined): Lang {
  if (isLang(preferred)) return preferred;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const lang = matchBrowserLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}
