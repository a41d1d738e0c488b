import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import { listToolsUncached } from "~/.server/tools/queries";
import type { Lang } from "~/i18n/languages";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * What the search leaves out and what it treats as the same: a word some tool has exactly does not also
 * list the tools that only a typo of it matches (spec: "deepl" lists DeepL, not Gemini), and compounds of
 * words that mean the same ("Bilderzeugung", "Bildgenerierung") find the same tools.
 */
describe.each(testDialects())("search precision on %s", (dialect) => {
  let t: TestDatabase;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "precision-uploads-"));
    await seedCatalog(t.db, { uploadDir: uploads, deferImages: true });
  }, 120_000);
  afterAll(async () => {
    await t?.destroy();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });
  const search = async (lang: Lang, query: string) => (await listToolsUncached(t.db, { lang, search: query, sort: "popular", page: 1, pageSize: 200 })).tools.map((tool) => tool.slug);

  it("leaves out tools that only a typo of an exact name matches, and keeps typos when nothing matches exactly", async () => {
    const deepl = await search("us-en", "deepl");
    expect(deepl[0]).toBe("deepl");
    for (const noise of ["gemini", "v0", "windsurf", "replit", "replicate", "deepseek", "together-ai"]) expect(deepl).not.toContain(noise);
    expect(deepl.length).toBeLessThanOrEqual(3);
    expect(await search("us-en", "notion")).toEqual(["notion-ai"]);
    // In a query of several words too: "deepl" keeps to DeepL, "übersetzer" finds the translators.
    expect(await search("de", "deepl übersetzer")).not.toContain("gemini");
    // Nothing has the word as typed: the typo still finds the tool, first.
    expect((await search("us-en", "notoin"))[0]).toBe("notion-ai");
    expect((await search("us-en", "midjurney"))[0]).toBe("midjourney");
  });

  it("finds the same tools for words that mean the same, written as one compound or another", async () => {
    const generierung = await search("de", "Bildgenerierung");
    const erzeugung = await search("de", "Bilderzeugung");
    expect(generierung.length).toBeGreaterThanOrEqual(18);
    expect([...erzeugung].sort()).toEqual([...generierung].sort());
    for (const slug of ["midjourney", "dall-e", "stable-diffusion"]) expect(erzeugung.slice(0, 8)).toContain(slug);
    // The parts' synonyms make the same compound: "Bildgenerator" names the same kind of tool.
    expect(await search("de", "Bildgenerator")).toEqual(expect.arrayContaining(["midjourney", "dall-e", "stable-diffusion"]));
  });
});
