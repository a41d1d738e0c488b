import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FALLBACK_CATEGORIES } from "~/data/fallback-categories";
import { bundleFolder, LANGUAGES } from "~/i18n/languages";
import { displayCategoryName, plainCategoryName } from "~/lib/category-name";

/**
 * A category has one name per language wherever the site shows it: the catalogue (sidebar, cards, footer,
 * category pages), the static fallback set (when the database is down) and the translation bundles (names
 * used before data arrives: popular footer links, titles of error screens).
 */
type SeedCategory = { slug: string; translations: Record<string, { name: string }> };
const seed = JSON.parse(fs.readFileSync("seed/catalog/categories.json", "utf8")) as SeedCategory[];
const seedName = (slug: string, lang: string) => seed.find((c) => c.slug === slug)?.translations[lang]?.name;

describe("category names", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: the bundle and the fallback set name each category as the catalogue does`, () => {
      const bundle = JSON.parse(fs.readFileSync(path.join("public/locales", bundleFolder(lang), "categories.json"), "utf8")) as { names: Record<string, string> };
      const differing = [
        ...Object.entries(bundle.names).map(([slug, name]) => [`bundle ${slug}`, name, seedName(slug, lang)]),
        ...FALLBACK_CATEGORIES.map((c) => [`fallback ${c.slug}`, c.names[lang], seedName(c.slug, lang)]),
      ].filter(([, shown, catalogue]) => shown !== catalogue);
      expect(differing).toEqual([]);
    });
  }

  it("keeps a German suspended hyphen with its word, so a line never ends in '-'", () => {
    const shown = displayCategoryName("Texterstellung & -bearbeitung");
    // No break opportunity right after the hyphen: a word joiner follows it.
    expect(shown).toBe("Texterstellung & -\u2060bearbeitung");
    expect(plainCategoryName(shown)).toBe("Texterstellung & -bearbeitung");
    // Hyphens inside words and English names stay as they are.
    expect(displayCategoryName("Code- und Programmierhilfe")).toBe("Code- und Programmierhilfe");
    expect(displayCategoryName("Text Generation & Editing")).toBe("Text Generation & Editing");
  });
});
