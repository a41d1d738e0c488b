import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSynonymFile, seedCatalog } from "~/.server/catalog/seed";
import { listToolsUncached } from "~/.server/tools/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { RELEVANCE_QUERIES, type RelevanceQuery } from "../relevance/queries";

/**
 * The search finds what people mean, measured on the seed catalogue: for every query of the relevance set
 * (tests/relevance/queries.ts), the expected tools must be in the first 8 results. recall@8 is the share of
 * expected (query, tool) pairs found there; MRR the mean of 1 / rank of each query's first expected tool.
 */
const TOP = 8;
const MIN_RECALL = 0.95;

interface Outcome {
  query: RelevanceQuery;
  top: string[];
  found: number;
  reciprocalRank: number;
}

describe.each(testDialects())("search relevance on %s", (dialect) => {
  let t: TestDatabase;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "relevance-uploads-"));
    const report = await seedCatalog(t.db, { uploadDir: uploads, deferImages: true });
    expect(report.issues).toEqual([]);
  }, 120_000);
  afterAll(async () => {
    await t?.destroy();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });

  async function run(query: RelevanceQuery): Promise<Outcome> {
    const page = await listToolsUncached(t.db, { lang: query.lang, search: query.query, sort: "popular", page: 1, pageSize: 50 });
    const slugs = page.tools.map((tool) => tool.slug);
    const top = slugs.slice(0, TOP);
    const ranks = query.expected.map((slug) => slugs.indexOf(slug)).filter((rank) => rank >= 0);
    return { query, top, found: query.expected.filter((slug) => top.includes(slug)).length, reciprocalRank: ranks.length ? 1 / (Math.min(...ranks) + 1) : 0 };
  }

  it("covers at least 100 queries in all ten languages, of every kind", () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(RELEVANCE_QUERIES.map((query) => query.lang)).size).toBe(10);
    expect(new Set(RELEVANCE_QUERIES.map((query) => query.kind))).toEqual(new Set(["typo", "multi", "category", "cjk", "chip", "name"]));
  });

  it(`finds the expected tools in the first ${TOP} results (recall@${TOP} >= ${MIN_RECALL * 100}%) and reports MRR`, async () => {
    const outcomes: Outcome[] = [];
    for (const query of RELEVANCE_QUERIES) outcomes.push(await run(query));
    const pairs = outcomes.reduce((sum, o) => sum + o.query.expected.length, 0);
    const found = outcomes.reduce((sum, o) => sum + o.found, 0);
    const recall = found / pairs;
    const mrr = outcomes.reduce((sum, o) => sum + o.reciprocalRank, 0) / outcomes.length;
    const hitRate = outcomes.filter((o) => o.found > 0).length / outcomes.length;
    const misses = outcomes.filter((o) => o.found < o.query.expected.length);
    console.info(
      [
        `search relevance (${dialect}): ${outcomes.length} queries, recall@${TOP} ${(recall * 100).toFixed(1)}% (${found}/${pairs} tools), ` +
          `queries with a hit in the first ${TOP}: ${(hitRate * 100).toFixed(1)}%, MRR ${mrr.toFixed(3)}`,
        ...misses.map((o) => `  missed [${o.query.lang}] "${o.query.query}": expected ${o.query.expected.join(", ")}; first ${TOP}: ${o.top.join(", ")}`),
      ].join("\n"),
    );
    expect(recall).toBeGreaterThanOrEqual(MIN_RECALL);
  }, 120_000);

  it("finds what the search issue reported as missing", async () => {
    const cases: Array<[string, string, string[]]> = [
      ["us-en", "chatgtp", ["chatgpt"]],
      ["us-en", "midjurney", ["midjourney"]],
      ["us-en", "grammerly", ["grammarly"]],
      ["us-en", "stable difusion", ["stable-diffusion"]],
      ["us-en", "perplexcity", ["perplexity"]],
      ["us-en", "Code Assistant", ["github-copilot", "cursor", "windsurf"]],
      ["us-en", "AI coding assistant", ["github-copilot", "cursor", "windsurf"]],
      ["us-en", "music generator", ["suno"]],
      ["zh-CN", "编程助手", ["github-copilot", "cursor"]],
      ["zh-CN", "写代码", ["github-copilot", "cursor"]],
      ["de", "Programmierassistent", ["github-copilot", "cursor"]],
      ["es", "asistente de código", ["github-copilot", "cursor"]],
      ["pt", "gerador de imagens", ["midjourney", "dall-e"]],
    ];
    for (const [lang, query, expected] of cases) {
      const { top } = await run({ lang, query, expected, kind: "multi" });
      expect({ query, top: top.filter((slug) => expected.includes(slug)).sort() }).toEqual({ query, top: [...expected].sort() });
    }
    // A typo ranks below the exact word; the first result of a misspelt name is that tool.
    expect((await run({ lang: "us-en", query: "chatgtp", expected: [], kind: "typo" })).top[0]).toBe("chatgpt");
    // "programming assistant": a coding tool of that category first.
    expect(["github-copilot", "cursor", "windsurf", "tabnine", "coderabbit", "replit"]).toContain((await run({ lang: "us-en", query: "programming assistant", expected: [], kind: "multi" })).top[0]);
    // "AI Writing" keeps the music tool out of the first 8.
    expect((await run({ lang: "us-en", query: "AI Writing", expected: [], kind: "chip" })).top).not.toContain("suno");
  }, 60_000);

  it("searches with an edited synonym list as soon as it is imported, and a re-import changes nothing", async () => {
    const file = path.join(uploads, "synonyms.json");
    const seedGroups: string[][] = JSON.parse(fs.readFileSync("seed/catalog/synonyms.json", "utf8"));
    expect((await run({ lang: "us-en", query: "scrivener", expected: [], kind: "multi" })).top).not.toContain("sudowrite");
    fs.writeFileSync(file, JSON.stringify([...seedGroups, ["scrivener", "novel"]]));
    expect(await importSynonymFile(t.db, file)).toMatchObject({ groups: seedGroups.length + 1, changed: true, issues: [] });
    expect((await run({ lang: "us-en", query: "scrivener", expected: [], kind: "multi" })).top).toContain("sudowrite");
    expect(await importSynonymFile(t.db, file)).toMatchObject({ changed: false });
    // A bad group is reported with its row and the good ones land.
    fs.writeFileSync(file, JSON.stringify([...seedGroups, ["text to image"]]));
    const result = await importSynonymFile(t.db, file);
    expect(result).toMatchObject({ groups: seedGroups.length, changed: true });
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]!.row).toBe(seedGroups.length + 1);
    expect((await run({ lang: "us-en", query: "scrivener", expected: [], kind: "multi" })).top).not.toContain("sudowrite");
  }, 60_000);
});
