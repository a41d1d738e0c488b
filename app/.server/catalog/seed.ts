import fs from "node:fs";
import path from "node:path";
import type { DB } from "../db";
import { getStorage, type FileStorage } from "../storage";
import { jsonValueLines, parseJsonFile, readToolRows } from "./files";
import type { BrandIcon } from "./brand-icons";
import { caseStudySubject, checkCaseStudyReferences, coverContext, importCaseStudies, siteHost } from "./import-case-studies";
import { checkSubcategorySlugs, importCategories, type ImportCounts } from "./import-categories";
import { ecommerceSubject, importEcommerce, type EcommerceSections } from "./import-ecommerce";
import { importSynonyms } from "./import-synonyms";
import { checkToolReferences, importTools, toolSubject } from "./import-tools";
import { createImageStore, drawCover, drawLogo, drawPreview, ensureDefaultImages, finishImages, type ImageStore } from "./images";
import { caseStudySchema, categorySchema, ecommerceFileSchema, ecommerceToolSchema, describeIssues, toolSchema, validateRows, type RowIssue } from "./schemas";

/**
 * The seed and `catalog:import` share one path: read a file, validate each
 * row, check its references, upsert. Bad rows are reported, good rows land.
 */

export interface SeedReport {
  categories: ImportCounts;
  tools: ImportCounts;
  caseStudies: ImportCounts;
  ecommerceTools: ImportCounts;
  ecommerceTaxonomy: ImportCounts;
  /** Search synonym groups in `synonyms.json`, and whether the stored list changed. */
  synonyms: { groups: number; changed: boolean };
  issues: RowIssue[];
  /** Images rendered or copied from the image cache. */
  imagesDrawn: number;
  /** Images still to draw when the seed was asked to defer them (see `finishImages`). */
  imagesPending: number;
  /** Draws the deferred images; resolves to how many were produced. */
  finishImages: () => Promise<number>;
  milliseconds: number;
}

export const DEFAULT_SEED_DIR = "seed/catalog";

function readJsonArray(file: string, source: string): { rows: unknown[]; lines: (number | undefined)[] } {
  const text = fs.readFileSync(file, "utf8");
  const data = parseJsonFile(text, source);
  if (!Array.isArray(data)) throw new Error(`${source}: expected a JSON array`);
  const lines = jsonValueLines(text);
  return { rows: data, lines: data.map((_, i) => lines.get(`/${i}`)) };
}

/** Imports one tool file (JSON array or CSV); the `catalog:import` command and the seed both use it. */
export async function importToolFile(
  db: DB,
  file: string,
  options: { images: ImageStore; source?: string; onTotal?: (total: number) => void; onRow?: () => void },
): Promise<{ counts: ImportCounts; issues: RowIssue[]; total: number }> {
  const source = options.source ?? file;
  const { rows, lines } = readToolRows(file);
  options.onTotal?.(rows.length);
  const parsed = validateRows(source, rows, toolSchema, lines);
  const linked = await checkToolReferences(db, source, parsed.valid);
  const issues = [...parsed.issues, ...linked.issues].sort((a, b) => a.row - b.row);
  for (let i = 0; i < issues.length; i++) options.onRow?.();
  const counts = await importTools(db, linked.valid, { images: options.images, onRow: options.onRow });
  return { counts, issues, total: rows.length };
}

/** Imports the search synonym list (the seed and `catalog:import` of a `synonyms.json` file). */
export function importSynonymFile(db: DB, file: string, source = file) {
  return importSynonyms(db, source, parseJsonFile(fs.readFileSync(file, "utf8"), source));
}

/** Where drawn images go: the given storage, else a local folder (tests, commands), else the configured storage. */
export interface ImageTarget {
  storage?: FileStorage;
  uploadDir?: string;
}
const imageTarget = (options: ImageTarget): FileStorage | string => options.storage ?? options.uploadDir ?? getStorage();

/** Loads the whole seed catalogue from `dir` (categories, tools, case studies, e-commerce). */
export async function seedCatalog(
  db: DB,
  options: ImageTarget & { dir?: string; deferImages?: boolean; imageCacheDir?: string | null },
): Promise<SeedReport> {
  const started = Date.now();
  const dir = options.dir ?? DEFAULT_SEED_DIR;
  const store = createImageStore(imageTarget(options), { deferred: options.deferImages, cacheDir: options.imageCacheDir });
  const zero = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0 });
  const report: SeedReport = {
    categories: zero(), tools: zero(), caseStudies: zero(), ecommerceTools: zero(), ecommerceTaxonomy: zero(),
    synonyms: { groups: 0, changed: false }, issues: [], imagesDrawn: 0, imagesPending: 0, finishImages: () => finishImages(store), milliseconds: 0,
  };
  const at = (name: string) => path.join(dir, name);
  await ensureDefaultImages(store);

  if (fs.existsSync(at("categories.json"))) {
    const { rows, lines } = readJsonArray(at("categories.json"), "categories.json");
    const parsed = validateRows("categories.json", rows, categorySchema, lines);
    const unique = checkSubcategorySlugs("categories.json", parsed.valid);
    report.issues.push(...parsed.issues, ...unique.issues);
    report.categories = await importCategories(db, unique.valid);
  }

  if (fs.existsSync(at("synonyms.json"))) {
    const { issues, ...synonyms } = await importSynonymFile(db, at("synonyms.json"), "synonyms.json");
    report.synonyms = synonyms;
    report.issues.push(...issues);
  }

  const toolDir = at("tools");
  const toolFiles = fs.existsSync(toolDir) ? fs.readdirSync(toolDir).filter((f) => f.endsWith(".json")).sort() : [];
  const seenSlugs = new Map<string, string>();
  for (const name of toolFiles) {
    const source = `tools/${name}`;
    const { rows, lines } = readToolRows(path.join(toolDir, name));
    const parsed = validateRows(source, rows, toolSchema, lines);
    // Slugs must be unique across all tool files, not just within one.
    const distinct = parsed.valid.filter((row) => {
      const other = seenSlugs.get(row.value.slug);
      if (other) report.issues.push({ source, row: row.row, line: row.line, slug: row.value.slug, message: `slug "${row.value.slug}" is already used in ${other}` });
      else seenSlugs.set(row.value.slug, source);
      return !other;
    });
    const linked = await checkToolReferences(db, source, distinct);
    report.issues.push(...parsed.issues, ...linked.issues);
    add(report.tools, await importTools(db, linked.valid, { images: store }));
  }

  if (fs.existsSync(at("case-studies.json"))) {
    const { rows, lines } = readJsonArray(at("case-studies.json"), "case-studies.json");
    const parsed = validateRows("case-studies.json", rows, caseStudySchema, lines);
    const linked = await checkCaseStudyReferences(db, "case-studies.json", parsed.valid);
    report.issues.push(...parsed.issues, ...linked.issues);
    report.caseStudies = await importCaseStudies(db, linked.valid, store);
  }

  if (fs.existsSync(at("ecommerce.json"))) {
    const text = fs.readFileSync(at("ecommerce.json"), "utf8");
    const file = ecommerceFileSchema.safeParse(parseJsonFile(text, "ecommerce.json"));
    if (!file.success) {
      report.issues.push({ source: "ecommerce.json", row: 1, message: describeIssues(file.error) });
    } else {
      const lines = jsonValueLines(text);
      const sections = file.data as EcommerceSections;
      const result = await importEcommerce(db, "ecommerce.json", sections, store, (section) =>
        sections[section].map((_, i) => lines.get(`/${section}/${i}`)),
      );
      report.issues.push(...result.issues);
      report.ecommerceTools = result.tools;
      for (const part of [result.groups, result.filters, result.platforms, result.tags]) add(report.ecommerceTaxonomy, part);
    }
  }

  report.imagesDrawn = store.drawn + store.copied;
  report.imagesPending = store.pending.length * 2;
  report.milliseconds = Date.now() - started;
  return report;
}

/**
 * Draws any missing image of the seed catalogue (no database work: file
 * names follow from the content). Run in the background on every start, it
 * repairs a first start that was stopped while drawing, or a wiped UPLOAD_DIR or bucket.
 */
export async function drawSeedImages(options: ImageTarget & { dir?: string }): Promise<number> {
  const dir = options.dir ?? DEFAULT_SEED_DIR;
  const store = createImageStore(imageTarget(options), { deferred: true });
  await ensureDefaultImages(store);
  const toolDir = path.join(dir, "tools");
  const marks: Array<{ host: string; mark: BrandIcon }> = [];
  for (const name of fs.existsSync(toolDir) ? fs.readdirSync(toolDir).filter((f) => f.endsWith(".json")) : []) {
    const { rows } = readToolRows(path.join(toolDir, name));
    for (const { value } of validateRows(name, rows, toolSchema).valid) {
      await drawLogo(store, toolSubject(value));
      await drawPreview(store, toolSubject(value));
      const host = siteHost(value.website_url);
      if (value.logo && host) marks.push({ host, mark: value.logo });
    }
  }
  if (fs.existsSync(path.join(dir, "case-studies.json"))) {
    const categories = fs.existsSync(path.join(dir, "categories.json"))
      ? validateRows("categories.json", readJsonArray(path.join(dir, "categories.json"), "categories.json").rows, categorySchema).valid.map(({ value }) => ({
          slug: value.slug,
          icon: value.icon ?? "",
          color: value.color ?? "",
        }))
      : [];
    const context = coverContext(categories, marks);
    const { rows } = readJsonArray(path.join(dir, "case-studies.json"), "case-studies.json");
    for (const { value } of validateRows("case-studies.json", rows, caseStudySchema).valid) await drawCover(store, caseStudySubject(value, context));
  }
  if (fs.existsSync(path.join(dir, "ecommerce.json"))) {
    const file = ecommerceFileSchema.safeParse(parseJsonFile(fs.readFileSync(path.join(dir, "ecommerce.json"), "utf8"), "ecommerce.json"));
    const tools = file.success ? validateRows("ecommerce.json", file.data.tools, ecommerceToolSchema).valid : [];
    for (const { value } of tools) await drawLogo(store, ecommerceSubject(value));
  }
  await finishImages(store);
  return store.drawn + store.copied;
}

function add(total: ImportCounts, part: ImportCounts): void {
  total.inserted += part.inserted;
  total.updated += part.updated;
  total.unchanged += part.unchanged;
}

/** `tools: 152 new, 0 changed, 0 unchanged` lines for logs and the CLI. */
export function summarizeSeed(report: SeedReport): string[] {
  const line = (label: string, c: ImportCounts) => `${label}: ${c.inserted} new, ${c.updated} changed, ${c.unchanged} unchanged`;
  return [
    line("categories", report.categories),
    line("tools", report.tools),
    line("case studies", report.caseStudies),
    line("e-commerce groups, filters, platforms, tags", report.ecommerceTaxonomy),
    line("e-commerce tools", report.ecommerceTools),
    `search synonyms: ${report.synonyms.groups} group(s)${report.synonyms.changed ? ", list replaced" : ", unchanged"}`,
    `images produced: ${report.imagesDrawn}${report.imagesPending ? `, ${report.imagesPending} to draw in the background` : ""}; ${report.issues.length} rejected row(s); ${(report.milliseconds / 1000).toFixed(1)} s`,
  ];
}
