import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso, toJson } from "~/.server/db/values";
import { getAutocompleteIndex, indexEntries, queryIndex } from "~/.server/tools/autocomplete";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { normalizeQuery, rankAutocomplete, type AutocompleteEntry } from "~/lib/autocomplete";
import { pickLocalized } from "~/lib/language-fallback";
import { createTestDatabase, type TestDatabase } from "../support/databases";

/**
 * The server's autocomplete index is kept compact (decision 0039: pooled strings, typed arrays, packed
 * postings). Whatever a visitor types, in whichever language, it must suggest exactly what the downloaded
 * index ranks in the browser: names in several scripts and languages (the same name in several languages,
 * blank names), Latin-1 and wider letters, characters outside the basic plane, tags, images, typos.
 */
const SYLLABLES = ["nova", "chat", "pix", "ły", "écri", "gen", "ko", "mind", "flow", "ai", "bot", "数据", "写作", "チャット", "스마트", "📝", "ß", "ǅ"];
const TAGS = ["writing", "image", "écriture", "助手", "チャット", "code", "seo", "łódź", "📊 charts"];
const LANGUAGES = ["us-en", "zh-CN", "ja", "ko", "de", "pt"];

let seed = 11;
const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
const nameOf = () => Array.from({ length: 1 + random(3) }, () => SYLLABLES[random(SYLLABLES.length)]!).join(random(2) ? " " : "") + (random(4) ? "" : " Pro");
const capitalised = (name: string) => (random(2) ? name[0]!.toUpperCase() + name.slice(1) : name);

describe("compact autocomplete index", () => {
  let t: TestDatabase;
  const names: string[] = [];
  const tags = new Set<string>();

  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    for (let i = 0; i < 240; i++) {
      const { id } = await t.db
        .insertInto("tools")
        .values({ slug: `tool-${i}`, website_url: `https://tool-${i}.example`, image_url: random(3) ? null : `/uploads/tool-${i}.png`, image_webp_url: null, preview_url: null, preview_webp_url: null, pricing: "free", rating: 1 + random(5), review_count: random(50), pinned: 0, manual_priority: null, status: "published", created_at: nowIso(), updated_at: nowIso() })
        .returning("id")
        .executeTakeFirstOrThrow();
      const english = capitalised(nameOf());
      const languages = LANGUAGES.filter((language, k) => k === 0 || random(3) === 0);
      await t.db
        .insertInto("tool_translations")
        .values(
          languages.map((language) => {
            // The same name in several languages, another name, or none at all.
            const name = language === "us-en" || random(3) === 0 ? english : random(6) ? capitalised(nameOf()) : "";
            const own = Array.from({ length: random(3) }, () => TAGS[random(TAGS.length)]!);
            names.push(name);
            own.forEach((tag) => tags.add(tag));
            return { tool_id: id, language, name, subtitle: null, description: null, long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: toJson(own), updated_at: nowIso() };
          }),
        )
        .execute();
    }
    invalidateCatalogCache();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** The entries a browser downloads, made from the rows as the spec says (in the index's order, which is not under test here). */
  async function downloadedIndex(lang: string, order: string[]): Promise<AutocompleteEntry[]> {
    const rows = await t.db.selectFrom("tools as t").innerJoin("tool_translations as tt", "tt.tool_id", "t.id").select(["t.slug", "t.image_url", "tt.language", "tt.name", "tt.tags"]).orderBy("tt.tool_id").orderBy("tt.language").execute();
    return order.map((slug) => {
      const own = rows.filter((row) => row.slug === slug);
      const name = pickLocalized(own.map((row) => ({ language: row.language, value: row.name })), lang)?.value ?? slug;
      const others = [...new Set(own.map((row) => normalizeQuery(row.name)))].filter((n) => n && n !== normalizeQuery(name));
      const tags = [...new Set(own.flatMap((row) => (JSON.parse(row.tags) as string[]).map(normalizeQuery)))].filter(Boolean);
      return { name, slug, image_url: own[0]!.image_url, ...(others.length ? { names: others } : {}), ...(tags.length ? { tags } : {}) };
    });
  }

  it("suggests what the downloaded index ranks, for every kind of query and language", async () => {
    const index = await getAutocompleteIndex(t.db);
    const queries = new Set(["a", "ai", "ł", "ß", "ss", "📝", "📊", "数", "据写", "チャ", "스", "zzz", "nvoa", "chta", "mindfow", "ecri", "écriture", "łódź", "pro", "nv", "x"]);
    for (const name of names.filter(Boolean)) {
      const chars = [...name.toLowerCase()];
      const start = random(chars.length);
      queries.add(chars.slice(start, start + 1 + random(6)).join(""));
      if (chars.length > 4) {
        const k = random(chars.length - 1);
        [chars[k], chars[k + 1]] = [chars[k + 1]!, chars[k]!];
        queries.add(chars.join(""));
      }
    }
    for (const tag of tags) queries.add([...tag].slice(1, 4).join(""));
    // Characters of a name in order but apart (subsequences), including ones outside the basic plane.
    for (const name of names.filter((n) => [...n].length > 3).slice(0, 60)) {
      const chars = [...name.toLowerCase()];
      queries.add(chars[0]! + chars[2]! + chars[chars.length - 1]!);
    }
    for (const lang of ["us-en", "zh-CN", "ja", "de"]) {
      const entries = await downloadedIndex(lang, indexEntries(index, lang).map((entry) => entry.slug));
      for (const query of queries) expect(queryIndex(index, lang, query), `${lang} ${query}`).toEqual(rankAutocomplete(entries, query));
    }
    // Not an empty comparison: the queries find tools in every tier.
    expect(queryIndex(index, "us-en", "nvoa").items.length).toBeGreaterThan(0);
    expect(queryIndex(index, "us-en", "📝").items.length).toBeGreaterThan(0);
    expect(queryIndex(index, "ja", "écriture").items.length).toBeGreaterThan(0);
  });

  it("shows each tool's name in the visitor's language, its slug and its image", async () => {
    const index = await getAutocompleteIndex(t.db);
    const rows = await t.db.selectFrom("tools as t").innerJoin("tool_translations as tt", "tt.tool_id", "t.id").select(["t.slug", "t.image_url", "tt.language", "tt.name"]).execute();
    const entries = new Map(indexEntries(index, "zh-CN").map((entry) => [entry.slug, entry]));
    expect(entries.size).toBe(240);
    for (const row of rows) {
      const entry = entries.get(row.slug)!;
      expect(entry.image_url).toBe(row.image_url);
      if (row.language === "zh-CN" && row.name) expect(entry.name).toBe(row.name);
    }
  });
});
