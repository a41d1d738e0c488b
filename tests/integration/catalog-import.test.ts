import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTools } from "~/.server/catalog/export";
import { writeToolFile } from "~/.server/catalog/files";
import { createImageStore } from "~/.server/catalog/images";
import { importCategories } from "~/.server/catalog/import-categories";
import { categorySchema, validateRows } from "~/.server/catalog/schemas";
import { importToolFile, seedCatalog } from "~/.server/catalog/seed";
import { synthesizeCatalog } from "~/.server/catalog/synth";
import { listTopCategories } from "~/.server/categories/queries";
import type { DB } from "~/.server/db";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const FIXTURES = "tests/fixtures/catalog";
const BAD_ROWS = "tests/fixtures/import/three-good-two-bad.csv";
const CATALOG_TABLES = [
  "categories", "category_translations", "tools", "tool_translations", "tool_categories", "case_studies",
  "case_study_translations", "ecommerce_categories", "ecommerce_category_translations", "ecommerce_filters",
  "ecommerce_platforms", "ecommerce_tags", "ecommerce_tools", "ecommerce_tool_translations", "ecommerce_tool_categories",
  "ecommerce_tool_tags", "ecommerce_tool_platforms", "ecommerce_tool_filters",
] as const;

/** Every catalogue row, in a stable order, optionally without generated ids and write times. */
async function snapshot(db: DB, { portable = false } = {}): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of CATALOG_TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    const cleaned = portable
      ? rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !["id", "updated_at", "created_at"].includes(k) && !k.endsWith("_id"))))
      : rows;
    out[table] = cleaned.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function importFixtureCategories(db: DB): Promise<void> {
  const rows = JSON.parse(fs.readFileSync(path.join(FIXTURES, "categories.json"), "utf8")) as unknown[];
  await importCategories(db, validateRows("categories.json", rows, categorySchema).valid);
}

describe.each(testDialects())("catalogue import on %s", (dialect) => {
  const dbs: TestDatabase[] = [];
  let uploadDir: string;
  let t: TestDatabase;
  const fresh = async () => {
    const created = await createTestDatabase(dialect);
    dbs.push(created);
    return created;
  };
  const seed = (db: DB) => seedCatalog(db, { dir: FIXTURES, uploadDir, imageCacheDir: null });

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-uploads-"));
    t = await fresh();
  });
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it("imports every kind of catalogue row from the seed files", async () => {
    const report = await seed(t.db);
    expect(report.issues).toEqual([]);
    expect(report.tools.inserted).toBe(4);
    expect(report.caseStudies.inserted).toBe(1);
    expect(report.ecommerceTools.inserted).toBe(2);
    const subcategories = await t.db.selectFrom("categories").select("slug").where("parent_id", "is not", null).execute();
    expect(subcategories.map((s) => s.slug)).toContain("paraphrasing-rewriting");
    const lavender = await t.db
      .selectFrom("tools as t")
      .innerJoin("tool_categories as tc", "tc.tool_id", "t.id")
      .innerJoin("categories as c", "c.id", "tc.category_id")
      .select(["c.slug", "tc.position"])
      .where("t.slug", "=", "lavender")
      .orderBy("tc.position")
      .execute();
    expect(lavender.map((l) => l.slug)).toEqual(["text-generation-editing", "marketing-advertising", "email-writing"]);
    const languages = await t.db.selectFrom("tool_translations as tt").innerJoin("tools as t", "t.id", "tt.tool_id").select("tt.language").where("t.slug", "=", "lavender").execute();
    expect(languages.map((l) => l.language).sort()).toEqual(["fr", "us-en"]);
    const shipbob = await t.db.selectFrom("ecommerce_tools").select("id").where("slug", "=", "shipbob").executeTakeFirstOrThrow();
    const platforms = await t.db.selectFrom("ecommerce_tool_platforms").select("platform_id").where("tool_id", "=", shipbob.id).execute();
    expect(platforms).toHaveLength(2);
    const group = await t.db.selectFrom("ecommerce_categories").select("product_count").where("slug", "=", "product-research").executeTakeFirstOrThrow();
    expect(group.product_count).toBe(420);
  });

  it("draws PNG and WebP logos and previews into the upload folder", async () => {
    const tool = await t.db.selectFrom("tools").selectAll().where("slug", "=", "quillbot").executeTakeFirstOrThrow();
    const file = (url: string | null) => path.join(uploadDir, url!.replace(/^\/uploads\//, ""));
    expect(tool.image_url).toMatch(/^\/uploads\/tools\/quillbot\/logo-[0-9a-f]{10}\.png$/);
    expect(await sharp(file(tool.image_url)).metadata()).toMatchObject({ format: "png", width: 256, height: 256 });
    expect(await sharp(file(tool.image_webp_url)).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(await sharp(file(tool.preview_url)).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(await sharp(file(tool.preview_webp_url)).metadata()).toMatchObject({ format: "webp", width: 1200, height: 630 });
    const study = await t.db.selectFrom("case_studies").select(["cover_image", "cover_image_webp"]).executeTakeFirstOrThrow();
    expect(await sharp(file(study.cover_image)).metadata()).toMatchObject({ width: 1200, height: 630 });
    const shop = await t.db.selectFrom("ecommerce_tools").select("image_url").where("slug", "=", "jungle-scout").executeTakeFirstOrThrow();
    expect(fs.existsSync(file(shop.image_url))).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, "defaults/logo.png"))).toBe(true);
  });

  it("changes nothing, not even updated_at, when the same data is imported again", async () => {
    const before = await snapshot(t.db);
    const again = await seed(t.db);
    expect(again.tools).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
    expect(again.caseStudies.unchanged).toBe(1);
    expect(again.ecommerceTools.unchanged).toBe(2);
    expect(again.imagesDrawn).toBe(0);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("imports the 3 good rows of a file, names the 2 bad lines, and changes nothing else", async () => {
    const before = await snapshot(t.db);
    const result = await importToolFile(t.db, BAD_ROWS, { images: createImageStore(uploadDir, { cacheDir: null }) });
    expect(result.counts.inserted).toBe(3);
    expect(result.issues.map((i) => [i.line, i.slug])).toEqual([
      [3, "bad-rating"],
      [5, "no-such-category"],
    ]);
    expect(result.issues[0]!.message).toMatch(/rating/);
    expect(result.issues[1]!.message).toMatch(/unknown category "underwater-basket-weaving"/);
    const after = await snapshot(t.db);
    for (const table of CATALOG_TABLES.filter((name) => !name.startsWith("tool"))) expect(after[table], table).toEqual(before[table]);
    const slugs = (await t.db.selectFrom("tools").select("slug").execute()).map((r) => r.slug);
    expect(slugs).toEqual(expect.arrayContaining(["grammar-buddy", "photo-fixer", "mail-pilot"]));
    expect(slugs).not.toContain("bad-rating");
    const mail = await t.db.selectFrom("tool_translations as tt").innerJoin("tools as t", "t.id", "tt.tool_id").select(["tt.features"]).where("t.slug", "=", "photo-fixer").executeTakeFirstOrThrow();
    expect(JSON.parse(mail.features)).toEqual(["Scratch removal", "Denoise"]);
  });

  it("updates only the tool whose data changed", async () => {
    const exported = await exportTools(t.db);
    const file = path.join(uploadDir, "one-change.json");
    const changed = exported.map((tool) => (tool.slug === "midjourney" ? { ...tool, rating: 4.1 } : tool));
    writeToolFile(file, changed);
    const stamps = async () => Object.fromEntries((await t.db.selectFrom("tools").select(["slug", "updated_at"]).execute()).map((r) => [r.slug, r.updated_at]));
    const before = await stamps();
    const result = await importToolFile(t.db, file, { images: createImageStore(uploadDir, { cacheDir: null }) });
    expect(result.counts).toEqual({ inserted: 0, updated: 1, unchanged: exported.length - 1 });
    const after = await stamps();
    expect(Object.keys(after).filter((slug) => after[slug] !== before[slug])).toEqual(["midjourney"]);
  });

  it.each(["json", "csv"])("reproduces the catalogue exactly from its %s export", async (format) => {
    const file = path.join(uploadDir, `export.${format}`);
    writeToolFile(file, await exportTools(t.db));
    // Into the same database: nothing changes.
    const before = await snapshot(t.db);
    const same = await importToolFile(t.db, file, { images: createImageStore(uploadDir, { cacheDir: null }) });
    expect(same.issues).toEqual([]);
    expect(same.counts.inserted + same.counts.updated).toBe(0);
    expect(await snapshot(t.db)).toEqual(before);
    // Into a fresh database with the same categories: the same tools, translations and links.
    const other = await fresh();
    await importFixtureCategories(other.db);
    const imported = await importToolFile(other.db, file, { images: createImageStore(uploadDir, { cacheDir: null }) });
    expect(imported.issues).toEqual([]);
    expect(await exportTools(other.db)).toEqual(await exportTools(t.db));
    const mine = await snapshot(t.db, { portable: true });
    const theirs = await snapshot(other.db, { portable: true });
    for (const table of ["tools", "tool_translations", "tool_categories", "categories", "category_translations"]) expect(theirs[table], table).toEqual(mine[table]);
    // created_at comes from the file, so it survives the trip as well.
    const created = async (db: DB) => (await db.selectFrom("tools").select(["slug", "created_at"]).orderBy("slug").execute());
    expect(await created(other.db)).toEqual(await created(t.db));
  });

  it("generates the same synthetic catalogue from the same seed", async () => {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const db = (await fresh()).db;
      const totals = await synthesizeCatalog(db, { tools: 300, seed: 7, categoriesFile: path.join(FIXTURES, "categories.json") });
      expect(totals.tools).toBe(300);
      const rows = await snapshot(db);
      runs.push({ tools: rows.tools, tool_translations: rows.tool_translations, tool_categories: rows.tool_categories });
    }
    expect(runs[1]).toEqual(runs[0]);
    const languages = (runs[0]!.tool_translations as string[]).map((row) => JSON.parse(row).language as string);
    expect(new Set(languages)).toEqual(new Set(["us-en", "zh-CN", "zh-TW", "ja", "ko", "es", "fr", "de", "pt", "vi"]));
    // Sparse: far fewer translation rows than tools times languages.
    expect(languages.length).toBeLessThan(300 * 4);
  });

  it("shows the static fallback categories when the categories query fails", async () => {
    const broken = await fresh();
    await broken.db.schema.dropTable("category_translations").execute();
    const categories = await listTopCategories(broken.db, "ja");
    expect(categories).toHaveLength(11);
    expect(categories[0]).toMatchObject({ slug: "text-generation-editing", name: "テキスト生成・編集" });
  });

  it.runIf(dialect === "sqlite")("exits non-zero from the command line when a row is bad", () => {
    const file = t.url.replace(/^file:/, "");
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/catalog-import.ts", BAD_ROWS], {
      env: { ...process.env, DATABASE_URL: file, UPLOAD_DIR: uploadDir, NODE_ENV: "test" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/5 row\(s\): 0 new, 0 changed, 3 unchanged, 2 rejected/);
    expect(run.stderr).toMatch(/line 3 \(bad-rating\)/);
    expect(run.stderr).toMatch(/line 5 \(no-such-category\)/);
  });
});
