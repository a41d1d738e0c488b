import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { fieldVariants, languagesShown, pickLocalized } from "~/lib/language-fallback";
import { getLogger } from "../logger";
import type { DetailView } from "./types";

/** Where hand-written multilingual data files live (also served as `/data/multilingual/{slug}.json`). */
export const STATIC_DATA_DIR = path.resolve("public/data/multilingual");

const list = z.array(z.string()).catch([]).default([]);
const entrySchema = z.object({
  title: z.string().optional(),
  name: z.string().optional(),
  subtitle: z.string().optional(),
  description: z.string().optional(),
  category: z.string().optional(),
  features: list,
  useCases: list,
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).catch([]).default([]),
  tags: list,
  images: list,
  websiteUrl: z.string().optional(),
  lastUpdated: z.string().optional(),
  challenges: list,
  solutions: list,
  results: list,
  benefits: list,
  rating: z.number().nullable().optional(),
  reviewCount: z.number().optional(),
  pricing: z.string().optional(),
  language: z.string().optional(),
});
type Entry = z.infer<typeof entrySchema>;

/** Accepts the per-language map (variant A, optionally under `content`) and the single-language variant B. */
export function parseMultilingualFile(raw: unknown): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  if (!raw || typeof raw !== "object") return entries;
  const object = raw as Record<string, unknown>;
  const single = entrySchema.safeParse(object);
  if (typeof object.language === "string" && single.success) {
    entries.set(object.language, single.data);
    return entries;
  }
  const map = object.content && typeof object.content === "object" ? (object.content as Record<string, unknown>) : object;
  for (const [language, value] of Object.entries(map)) {
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    const parsed = entrySchema.safeParse(value);
    if (parsed.success && (parsed.data.title || parsed.data.name)) entries.set(language, parsed.data);
  }
  return entries;
}

/** Slugs are words joined by single hyphens, underscores or dots (never "..", never "/"), so one can name a data file safely. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/i;

/** Reads `{dir}/{slug}.json`; null (with the spec's warning) when there is none or it is unreadable. */
export async function readMultilingualFile(slug: string, dir = STATIC_DATA_DIR): Promise<{ raw: unknown; entries: Map<string, Entry> } | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  try {
    const raw = JSON.parse(await fs.readFile(path.join(dir, `${slug}.json`), "utf8")) as unknown;
    const entries = parseMultilingualFile(raw);
    if (entries.size > 0) return { raw, entries };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") getLogger().warn({ err: error, slug }, "unreadable multilingual data file");
  }
  getLogger().debug({ slug }, `Multilingual data not available for ${slug}`);
  return null;
}

/** The static multilingual data for `slug` in the best language for `lang`, or null. */
export async function getStaticDetail(slug: string, lang: string, dir = STATIC_DATA_DIR): Promise<DetailView | null> {
  const file = await readMultilingualFile(slug, dir);
  if (!file) return null;
  const { entries } = file;
  const rows = [...entries].map(([language, entry]) => ({ language, ...entry }));
  const pick = <T>(read: (e: Entry) => T) => pickLocalized(fieldVariants(rows, read), lang);
  const name = pick((e) => e.title || e.name || "");
  const description = pick((e) => e.description);
  const subtitle = pick((e) => e.subtitle);
  const main = description ?? name;
  const sets = {
    features: pick((e) => e.features),
    useCases: pick((e) => e.useCases),
    faq: pick((e) => e.faq),
    tags: pick((e) => e.tags),
    benefits: pick((e) => e.benefits),
    challenges: pick((e) => e.challenges),
    solutions: pick((e) => e.solutions),
    results: pick((e) => e.results),
  };
  // Figures and links are the same in every language: read from the main text's entry.
  const e = entries.get(main?.language ?? rows[0]!.language)!;
  return {
    source: "static",
    toolId: null,
    slug,
    name: name?.value || slug,
    subtitle: subtitle?.value ?? "",
    description: description?.value ?? "",
    longDescription: "",
    features: sets.features?.value ?? [],
    useCases: sets.useCases?.value ?? [],
    faq: sets.faq?.value ?? [],
    tags: sets.tags?.value ?? [],
    benefits: sets.benefits?.value ?? [],
    challenges: sets.challenges?.value ?? [],
    solutions: sets.solutions?.value ?? [],
    results: sets.results?.value ?? [],
    pros: [],
    cons: [],
    websiteUrl: e.websiteUrl ?? null,
    images: e.images.map((url) => ({ url, webpUrl: null })),
    pricing: e.pricing ?? "freemium",
    rating: e.rating ?? 0,
    reviewCount: e.reviewCount ?? 0,
    category: e.category ? { slug: e.category, name: e.category } : null,
    subcategories: [],
    publishDate: e.lastUpdated ?? null,
    readTime: null,
    updatedAt: e.lastUpdated ?? null,
    contentLanguage: main?.language ?? rows[0]!.language,
    shownLanguages: languagesShown(main, [name, subtitle, ...Object.values(sets)]),
  };
}
