import { getCaseStudyDetail } from "../case-studies/queries";
import type { DB } from "../db";
import { getToolDetail } from "../tools/detail";
import { getEcommerceDetail } from "./ecommerce-source";
import { getStaticDetail, SLUG_PATTERN, STATIC_DATA_DIR } from "./static-source";
import type { DetailSource, DetailView } from "./types";

export type { DetailSource, DetailView } from "./types";

/** Source order of a tool page (spec 4.7) and of a case-study page (its own kind first). */
export const TOOL_PAGE_SOURCES: readonly DetailSource[] = ["database", "case-study", "ecommerce", "static"];
export const CASE_STUDY_PAGE_SOURCES: readonly DetailSource[] = ["case-study", "database", "ecommerce", "static"];

export type Resolution =
  | { found: true; view: DetailView; checked: DetailSource[] }
  | { found: false; slug: string; lang: string; checked: DetailSource[] };

export interface ResolveOptions {
  sources?: readonly DetailSource[];
  /** Directory of static multilingual files (tests point it at fixtures). */
  staticDir?: string;
}

/**
 * The single data resolver of the tool and case-study pages: asks each
 * source in order and returns the first match, or which sources it checked.
 */
export async function resolveDetail(db: DB, slug: string, lang: string, options: ResolveOptions = {}): Promise<Resolution> {
  const sources = options.sources ?? TOOL_PAGE_SOURCES;
  const checked: DetailSource[] = [];
  if (!SLUG_PATTERN.test(slug) || slug.length > 200) return { found: false, slug, lang, checked };
  const readers: Record<DetailSource, () => Promise<DetailView | null>> = {
    database: () => getToolDetail(db, slug, lang),
    "case-study": () => getCaseStudyDetail(db, slug, lang),
    ecommerce: () => getEcommerceDetail(db, slug, lang),
    static: () => getStaticDetail(slug, lang, options.staticDir ?? STATIC_DATA_DIR),
  };
  for (const source of sources) {
    checked.push(source);
    const view = await readers[source]();
    if (view) return { found: true, view, checked };
  }
  return { found: false, slug, lang, checked };
}
