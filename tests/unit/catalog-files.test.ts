import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonValueLines, readCsvRows, readJsonRows, writeToolFile } from "~/.server/catalog/files";
import { createImageStore, drawLogo, hostInitial, initialsOf, isGeneratedImage, takePending, wrapText } from "~/.server/catalog/images";
import { formatRowIssue, toolSchema, validateRows } from "~/.server/catalog/schemas";
import { drawSeedImages } from "~/.server/catalog/seed";
import { createRandom } from "~/.server/catalog/synth";
import { FALLBACK_CATEGORIES } from "~/data/fallback-categories";
import { LANGUAGES } from "~/i18n/languages";

const tool = (overrides: Record<string, unknown> = {}) => ({
  slug: "example-tool",
  website_url: "https://example.com",
  pricing: "free",
  rating: 4,
  review_count: 3,
  categories: ["text-generation-editing"],
  translations: { "us-en": { name: "Example", description: "Does one thing well." } },
  ...overrides,
});

describe("catalogue row validation", () => {
  it("accepts a minimal tool and fills the defaults", () => {
    const parsed = toolSchema.parse(tool());
    expect(parsed).toMatchObject({ is_featured: false, subcategories: [], manual_priority: null });
    expect(parsed.translations["us-en"]).toMatchObject({ features: [], faq: [], tags: [] });
  });

  it("names the row, line, field and reason of each bad row", () => {
    const rows = [
      tool(),
      tool({ slug: "Bad Slug" }),
      tool({ slug: "no-english", translations: { fr: { name: "Exemple" } } }),
      tool({ slug: "bad-pricing", pricing: "cheap", rating: 9 }),
      tool(),
    ];
    const { valid, issues } = validateRows("tools.json", rows, toolSchema, [2, 20, 38, 56, 74]);
    expect(valid.map((v) => v.row)).toEqual([1]);
    expect(issues.map((i) => [i.row, i.line])).toEqual([[2, 20], [3, 38], [4, 56], [5, 74]]);
    expect(issues[0]!.message).toMatch(/^slug: must be lower-case/);
    expect(issues[1]!.message).toMatch(/translations\.us-en: English \(us-en\) is required/);
    expect(issues[2]!.message).toMatch(/pricing: must be one of free, freemium/);
    expect(issues[2]!.message).toMatch(/rating: .*5/);
    expect(issues[3]!.message).toBe('slug "example-tool" repeats row 1');
    expect(formatRowIssue(issues[2]!)).toMatch(/^tools\.json line 56 \(bad-pricing\): pricing/);
  });

  it("rejects languages outside the ten and URLs that are not http(s)", () => {
    const { issues } = validateRows("t", [tool({ website_url: "ftp://x.example", translations: { "us-en": { name: "A", description: "B" }, xx: { name: "C" } } })], toolSchema);
    expect(issues[0]!.message).toMatch(/website_url: must be an http\(s\) URL/);
    expect(issues[0]!.message).toMatch(/translations: Unrecognized key: "xx"/);
  });
});

describe("tool files", () => {
  it("finds the line each element of a JSON array starts on", () => {
    const text = '[\n  {\n    "slug": "a",\n    "x": "line\\n"\n  },\n\n  { "slug": "b" }\n]\n';
    const lines = jsonValueLines(text);
    expect([lines.get("/0"), lines.get("/1")]).toEqual([2, 7]);
    const nested = jsonValueLines('{\n "groups": [],\n "tools": [\n  {"slug": "a"},\n  {"slug": "b"}\n ]\n}');
    expect([nested.get("/tools/0"), nested.get("/tools/1")]).toEqual([4, 5]);
  });

  it("reads CSV lists as | or JSON and translations from name.<lang> columns", () => {
    const { rows, lines } = readCsvRows("tests/fixtures/import/three-good-two-bad.csv");
    expect(lines).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0]).toMatchObject({
      slug: "grammar-buddy",
      is_featured: true,
      rating: 4.2,
      translations: {
        "us-en": { name: "Grammar Buddy", features: ["Grammar check", "Style hints"], tags: ["grammar", "writing"] },
        "zh-CN": { name: "语法伙伴" },
      },
    });
    expect(rows[2]).toMatchObject({ is_featured: false, translations: { "us-en": { features: ["Scratch removal", "Denoise"] } } });
    expect(rows[4]).toMatchObject({ categories: ["text-generation-editing", "marketing-advertising"] });
  });

  it("writes CSV and JSON that read back to the same rows", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-files-"));
    const tools = [
      toolSchema.parse(
        tool({
          subcategories: ["email-writing"],
          translations: {
            "us-en": { name: "Pipe | Tool", description: "Has a, comma and \"quotes\"", features: ["a | b", "c"], faq: [{ question: "Q?", answer: "A :: B" }] },
            ja: { description: "説明" },
          },
        }),
      ),
    ];
    for (const ext of ["csv", "json"]) {
      const file = path.join(dir, `tools.${ext}`);
      writeToolFile(file, tools);
      const back = ext === "csv" ? readCsvRows(file) : readJsonRows(file);
      expect(back.rows.map((row) => toolSchema.parse(row))).toEqual(tools);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("generated images", () => {
  it("draws initials a person would recognise", () => {
    expect(initialsOf("Jungle Scout")).toBe("JS");
    expect(initialsOf("ChatGPT")).toBe("C");
    expect(initialsOf("10Web")).toBe("10");
    expect(initialsOf("店小秘")).toBe("店");
    expect(initialsOf("DALL-E 3")).toBe("DE");
    expect(initialsOf("  ")).toBe("?");
    // Case-study covers carry the product's mark, taken from its site.
    expect(hostInitial("https://cloud.google.com/vision")).toBe("G");
    expect(hostInitial("https://www.descript.com")).toBe("D");
    expect(hostInitial(null)).toBeNull();
  });

  it("wraps long titles and ends cut text with an ellipsis", () => {
    expect(wrapText("one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
    expect(wrapText("alpha beta gamma delta", 6, 2)).toEqual(["alpha", "beta…"]);
  });

  it("tells drawn images from uploaded ones", () => {
    expect(isGeneratedImage("/uploads/tools/chatgpt/logo-0123456789.png")).toBe(true);
    expect(isGeneratedImage("/uploads/submissions/42/photo.jpg")).toBe(false);
  });
});

describe("seed images", () => {
  it("draws the missing images of the seed catalogue, and nothing when all exist", async () => {
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-images-"));
    // 4 tools (logo + preview), 1 case-study cover, 2 e-commerce logos, 2 defaults; PNG and WebP each.
    expect(await drawSeedImages({ dir: "tests/fixtures/catalog", uploadDir })).toBe((4 * 2 + 1 + 2 + 2) * 2);
    fs.rmSync(path.join(uploadDir, "tools", "midjourney"), { recursive: true });
    expect(await drawSeedImages({ dir: "tests/fixtures/catalog", uploadDir })).toBe(4);
    expect(await drawSeedImages({ dir: "tests/fixtures/catalog", uploadDir })).toBe(0);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });
});

describe("synthetic data generator", () => {
  it("repeats the same sequence for the same seed", () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
  });
});

describe("static fallback categories", () => {
  it("has 11 top-level categories named in all ten languages, matching the seed catalogue", () => {
    expect(FALLBACK_CATEGORIES).toHaveLength(11);
    const seed = JSON.parse(fs.readFileSync("seed/catalog/categories.json", "utf8")) as { slug: string; icon: string; translations: Record<string, { name: string }> }[];
    for (const category of FALLBACK_CATEGORIES) {
      const match = seed.find((c) => c.slug === category.slug);
      expect(match, category.slug).toBeDefined();
      expect(category.iconName).toBe(match!.icon);
      for (const lang of LANGUAGES) expect(category.names[lang], `${category.slug} ${lang}`).toBe(match!.translations[lang]!.name);
    }
  });
});

describe("deferred image drawing", () => {
  it("draws the tools the home page shows first, keeping the catalogue order otherwise", async () => {
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "draw-order-"));
    try {
      const store = createImageStore(uploadDir, { deferred: true, cacheDir: null });
      const subject = (slug: string, drawPriority: number) => ({ folder: "tools" as const, slug, name: slug, drawPriority });
      const logos = [await drawLogo(store, subject("plain-a", 0)), await drawLogo(store, subject("featured", 3)), await drawLogo(store, subject("plain-b", 0))];
      const exists = (url: string) => fs.existsSync(path.join(uploadDir, url.replace(/^\/uploads\//, "")));
      expect(logos.map((logo) => exists(logo.png))).toEqual([false, false, false]);
      const jobs = takePending(store);
      expect(jobs).toHaveLength(3);
      await jobs[0]!();
      expect(logos.map((logo) => exists(logo.webp))).toEqual([false, true, false]);
      await jobs[1]!();
      expect(logos.map((logo) => exists(logo.webp))).toEqual([true, true, false]);
    } finally {
      fs.rmSync(uploadDir, { recursive: true, force: true });
    }
  });
});
