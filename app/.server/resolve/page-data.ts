import { data } from "react-router";
import { htmlLang, localizedPath, type Lang } from "~/i18n/languages";
import type { DetailNotFoundData } from "~/components/tool-detail/detail-not-found";
import { absoluteUrl, type Crumb } from "~/lib/seo";
import { getConfig } from "../config";
import { resolveDetail, type ResolveOptions } from "./index";
import { fallbackLanguages, type DetailView } from "./types";

/** One Intl.DisplayNames per page language: building one per detail page was a visible share of its render. */
const displayNames = new Map<Lang, Intl.DisplayNames>();

/** A language code's name in the page language ("Englisch" on a German page). */
export function languageDisplayName(code: string, pageLang: Lang): string {
  const tag = code === "us-en" ? "en" : code;
  try {
    let names = displayNames.get(pageLang);
    if (!names) displayNames.set(pageLang, (names = new Intl.DisplayNames([htmlLang(pageLang)], { type: "language" })));
    return names.of(tag) ?? code;
  } catch {
    return code;
  }
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
