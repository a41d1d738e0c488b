import { data } from "react-router";
import { htmlLang, localizedPath, type Lang } from "~/i18n/languages";
import type { DetailNotFoundData } from "~/components/tool-detail/detail-not-found";
import { absoluteUrl, type Crumb } from "~/lib/seo";
import { getConfig } from "../config";
import { resolveDetail, type ResolveOptions } from "./index";
import { fallbackLanguages, type DetailView } from "./types";

/** Names already looked up, by page language and code: Intl.DisplayNames is slow to build and to ask. */
const displayNames = new Map<string, string>();

/** A language code's name in the page language ("Englisch" on a German page). */
export function languageDisplayName(code: string, pageLang: Lang): string {
  const key = `${pageLang}:${code}`;
  let name = displayNames.get(key);
  if (name === undefined) {
    const tag = code === "us-en" ? "en" : code;
    try {
      name = new Intl.DisplayNames([htmlLang(pageLang)], { type: "language" }).of(tag) ?? code;
    } catch {
      name = code;
    }
    // Codes come from stored content, so the map stays as small as the languages in use.
    if (displayNames.size < 1000) displayNames.set(key, name);
  }
  return name;
}

/** Resolves a detail page's data or throws the 404 that lists slug, language and sources checked. */
export async function resolveOrNotFound(db: Parameters<typeof resolveDetail>[0], slug: string, lang: Lang, options: ResolveOptions): Promise<DetailView> {
  const resolution = await resolveDetail(db, slug, lang, options);
  if (resolution.found) return resolution.view;
  const info: DetailNotFoundData = { kind: "detail-not-found", slug, lang, checked: resolution.checked };
  throw data(info, { status: 404 });
}

/** What the discreet "shown in another language" note needs, already named in the page language. */
export function languageNotice(view: DetailView, lang: Lang): { languages: string[]; page: string } {
  return {
    languages: fallbackLanguages(view, lang).map((code) => languageDisplayName(code, lang)),
    page: languageDisplayName(lang, lang),
  };
}

export interface PageCrumb {
  name: string;
  to?: string;
}

/** Breadcrumb items as absolute URLs for the BreadcrumbList JSON-LD (the last one is the page itself). */
export function crumbsForLd(crumbs: PageCrumb[], lang: Lang, selfPath: string): Crumb[] {
  const base = getConfig().publicUrl;
  return crumbs.map((crumb) => ({ name: crumb.name, url: absoluteUrl(base, crumb.to ?? localizedPath(lang, selfPath)) }));
}
