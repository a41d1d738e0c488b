import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTools } from "~/.server/catalog/export";
import { seedCatalog } from "~/.server/catalog/seed";
import { createRandom } from "~/.server/catalog/synth";
import type { DB } from "~/.server/db";
import { parseJson } from "~/.server/db/values";
import { listTools } from "~/.server/tools/queries";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { emptyToolFilters, TOOL_FILTER_GROUPS, TOOL_FILTER_VALUES, type ToolFilterGroup, type ToolFilterSelection } from "~/lib/tool-filters";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The tool list's filters against brute force: for random selections (with and without a search or a
 * category), the list must hold exactly the tools passing every group (OR inside a group, AND across), and
 * every value's count must equal the number of tools that have it and pass every *other* group.
 */
interface Facts {
  id: number;
  values: Record<ToolFilterGroup, Set<string>>;
}

async function readFacts(db: DB): Promise<Facts[]> {
  const tools = await db.selectFrom("tools").select(["id", "pricing", "created_at"]).where("status", "=", "published").execute();
  const offers = new Map((await db.selectFrom("tool_offers").selectAll().execute()).map((row) => [row.tool_id, row]));
  const now = Date.now();
  return tools.map((tool) => {
    const offer = offers.get(tool.id);
    const age = now - Date.parse(tool.created_at);
    const yes = (flag: number | null | undefined) => new Set(Number(flag) === 1 ? ["yes"] : []);
    return {
      id: tool.id,
      values: {
        pricing: new Set([tool.pricing === "freeTrial" ? "trial" : tool.pricing === "subscription" ? "paid" : tool.pricing]),
        freePlan: yes(offer?.free_plan),
        api: yes(offer?.api),
        openSource: yes(offer?.open_source),
        platforms: new Set(parseJson<string[]>(offer?.platforms, [])),
        languages: new Set(parseJson<string[]>(offer?.interface_languages, [])),
        added: new Set([...(age <= 7 * 86_400_000 ? ["week"] : []), ...(age <= 30 * 86_400_000 ? ["month"] : [])]),
      },
    };
  });
}

const passes = (tool: Facts, selection: ToolFilterSelection, groups: readonly ToolFilterGroup[]) =>
  groups.every((group) => selection[group].length === 0 || selection[group].some((value) => tool.values[group].has(value)));

describe.each(testDialects())("tool list filters on %s", (dialect) => {
  let t: TestDatabase;
  let uploads: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "tool-filters-"));
    await seedCatalog(t.db, { uploadDir: uploads, deferImages: true, imageCacheDir: null });
    invalidateCatalogCache();
  }, 180_000);

  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("stores the seed's offers, exports them as they were and states nothing it was not told", async () => {
    const exported = await exportTools(t.db);
    const chatgpt = exported.find((tool) => tool.slug === "chatgpt") as { offers?: Record<string, unknown> };
    expect(chatgpt.offers).toMatchObject({ free_plan: true, price_from: 20, price_currency: "USD", api: true, platforms: expect.arrayContaining(["ios", "android"]) });
    // Midjourney says it has no free plan; that is a stated "no", not a missing fact.
    const midjourney = exported.find((tool) => tool.slug === "midjourney") as { offers?: Record<string, unknown> };
    expect(midjourney.offers?.free_plan).toBe(false);
    // Tabnine's free plan is not stated in the seed: the key is left out, never guessed.
    const tabnine = exported.find((tool) => tool.slug === "tabnine") as { offers?: Record<string, unknown> };
    expect(tabnine.offers).toBeDefined();
    expect(tabnine.offers).not.toHaveProperty("free_plan");
    // Importing the seed again changes nothing.
    const again = await seedCatalog(t.db, { uploadDir: uploads, deferImages: true, imageCacheDir: null });
    expect(again.tools.updated).toBe(0);
    expect(again.ecommerceTools.updated).toBe(0);
  }, 120_000);

  it("counts every value as brute force does, for random combined selections", async () => {
    const facts = await readFacts(t.db);
    const random = createRandom(dialect === "sqlite" ? 21 : 22);
    const some = (group: ToolFilterGroup, max: number) => [...new Set(Array.from({ length: random.int(0, max) }, () => random.pick([...TOOL_FILTER_VALUES[group]])))];
    const selections: ToolFilterSelection[] = [
      emptyToolFilters(),
      { ...emptyToolFilters(), freePlan: ["yes"], api: ["yes"], platforms: ["ios", "android"] },
      { ...emptyToolFilters(), pricing: ["free", "freemium"], platforms: ["web"], languages: ["en"] },
      ...Array.from({ length: 12 }, () => ({
        pricing: some("pricing", 2),
        freePlan: some("freePlan", 1),
        api: some("api", 1),
        openSource: some("openSource", 1),
        platforms: some("platforms", 3),
        languages: some("languages", 2),
        added: some("added", 1),
      })),
    ];
    for (const search of ["", "image"]) {
      const base = search ? new Set((await listTools(t.db, { lang: "us-en", search, sort: "popular", page: 1, pageSize: 10_000 })).tools.map((c) => c.id)) : null;
      for (const selection of selections) {
        const inBase = facts.filter((tool) => !base || base.has(tool.id));
        const page = await listTools(t.db, { lang: "us-en", search: search || undefined, sort: "popular", page: 1, pageSize: 10_000, filters: selection });
        const expected = inBase.filter((tool) => passes(tool, selection, TOOL_FILTER_GROUPS)).map((tool) => tool.id);
        const label = `${search} ${JSON.stringify(selection)}`;
        expect(page.total, label).toBe(expected.length);
        expect(new Set(page.tools.map((c) => c.id)), label).toEqual(new Set(expected));
        for (const group of TOOL_FILTER_GROUPS) {
          const others = TOOL_FILTER_GROUPS.filter((g) => g !== group);
          for (const value of TOOL_FILTER_VALUES[group]) {
            const count = inBase.filter((tool) => tool.values[group].has(value) && passes(tool, selection, others)).length;
            expect(page.facets?.counts[group][value], `${group}=${value} under ${label}`).toBe(count);
          }
        }
      }
    }
  }, 120_000);

  it("keeps the list's order when filtering and pages through the filtered tools", async () => {
    const selection = { ...emptyToolFilters(), freePlan: ["yes"] };
    const whole = await listTools(t.db, { lang: "us-en", sort: "rating", page: 1, pageSize: 10_000 });
    const filtered = await listTools(t.db, { lang: "us-en", sort: "rating", page: 1, pageSize: 10_000, filters: selection });
    const kept = new Set(filtered.tools.map((c) => c.id));
    expect(filtered.total).toBeGreaterThan(24);
    expect(filtered.tools.map((c) => c.id)).toEqual(whole.tools.map((c) => c.id).filter((id) => kept.has(id)));
    const second = await listTools(t.db, { lang: "us-en", sort: "rating", page: 2, filters: selection });
    expect(second.tools.map((c) => c.id)).toEqual(filtered.tools.slice(24, 48).map((c) => c.id));
  });
});
