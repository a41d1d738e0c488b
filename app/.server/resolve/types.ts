import { sameContentLanguage } from "~/lib/language-fallback";

/**
 * The one shape the tool and case-study pages render, whichever source the
 * data came from (database tool, case study, e-commerce tool, static file).
 */
export type DetailSource = "database" | "case-study" | "ecommerce" | "static";

export interface FaqItem {
  question: string;
  answer: string;
}

export interface DetailImage {
  url: string;
  webpUrl: string | null;
}

export interface CategoryRef {
  slug: string;
  name: string;
}

export interface DetailView {
  source: DetailSource;
  /** Database id of the tool (favourites, related tools); null for other sources. */
  toolId: number | null;
  slug: string;
  name: string;
  subtitle: string;
  description: string;
  longDescription: string;
  features: string[];
  useCases: string[];
  faq: FaqItem[];
  tags: string[];
  benefits: string[];
  challenges: string[];
  solutions: string[];
  results: string[];
  pros: string[];
  cons: string[];
  websiteUrl: string | null;
  images: DetailImage[];
  pricing: string;
  rating: number;
  reviewCount: number;
  category: CategoryRef | null;
  subcategories: CategoryRef[];
  publishDate: string | null;
  /** Minutes. */
  readTime: number | null;
  updatedAt: string | null;
  /** Language of the main text (name, description). */
  contentLanguage: string;
  /** Every language some shown field set came from, main text first. */
  shownLanguages: string[];
}

/** Languages a page language fell back from, for the discreet notice; empty when all is in the page language. */
export function fallbackLanguages(view: Pick<DetailView, "shownLanguages">, lang: string): string[] {
  return view.shownLanguages.filter((l) => !sameContentLanguage(l, lang));
}

/**
 * What the pages that set a few tools side by side (alternatives, comparisons) show of each, in the languages
 * the tool's own page would pick. Read for all of a page's tools at once.
 */
export interface ToolSummary {
  id: number;
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
  pricing: string;
  rating: number;
  reviewCount: number;
  /** Subcategories, or the top-level category when there are none. */
  categories: string[];
  features: string[];
  /** Use cases (AI tools) or pros (e-commerce tools). */
  useCases: string[];
  /** Language of the main text (name, description). */
  contentLanguage: string;
}
