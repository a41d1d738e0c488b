import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeCatalog } from "~/.server/catalog/changes";
import { seedCatalog } from "~/.server/catalog/seed";
import { MIN_ALTERNATIVES, rankAlternatives } from "~/.server/offers/alternatives";
import { readComparison } from "~/.server/offers/comparison";
import { alternativesPage, listedPairs, type ComparableTool } from "~/.server/offers/page-data";
import { readEcommerceOffers, readToolOffers, type OffersKind } from "~/.server/offers/store";
import { resolveDetail } from "~/.server/resolve";
import { NO_ECOMMERCE_OFFERS } from "~/lib/offers";
import type { Lang } from "~/i18n/languages";
import { comparePages } from "~/.server/offers/sitemap";
import { checkCatalogFreshness, invalidateCatalogCache } from "~/.server/tools/cache";
import { inSortOrder } from "~/.server/tools/order";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { queriesDuring } from "../support/query-count";

/**
 * Alternatives: ranked by shared subcategories, tags and offers, then the rating order, against a brute-force scoring of
 * the seed; the quality gate (fewer than 3 good matches: no page, no sitemap entry) and the comparison URLs'
 * canonical order and bad input.
 */
describe.each(testDialects())("alternatives and comparisons on %s", (dialect) => {
  let t: TestDatabase;
  let uploads: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "alternatives-"));
    await seedCatalog(t.db, { uploadDir: uploads, deferImages: true, imageCacheDir: null });
    invalidateCatalogCache();
  }, 180_000);

  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  /** Every published tool's subcategories, English tags, offers and figures, by plain queries. */
  async function bruteForceRanking(slug: string): Promise<string[]> {
    const tools = await t.db.selectFrom("tools").select(["id", "slug"]).where("status", "=", "published").execute();
    // Ties go as the list sorted by rating orders them (the Bayesian score of /how-we-rank).
    const ratingOrder = await inSortOrder(t.db.selectFrom("tools as t").select("t.id").where("t.status", "=", "published"), "rating").execute();
    const place = new Map(ratingOrder.map((row, i) => [row.id, i]));
    const subs = await t.db.selectFrom("tool_categories as tc").innerJoin("categories as c", "c.id", "tc.category_id").select(["tc.tool_id", "tc.category_id"]).where("c.parent_id", "is not", null).execute();
    const tags = await t.db.selectFrom("tool_translations").select(["tool_id", "tags"]).where("language", "=", "us-en").execute();
    const offers = await t.db.selectFrom("tool_offers").selectAll().execute();
    const subsOf = (id: number) => new Set(subs.filter((s) => s.tool_id === id).map((s) => s.category_id));
    const tagsOf = (id: number) => new Set((JSON.parse(tags.find((r) => r.tool_id === id)?.tags ?? "[]") as string[]).map((tag) => tag.toLowerCase()));
    const offerOf = (id: number) => offers.find((o) => o.tool_id === id);
    const self = tools.find((tool) => tool.slug === slug)!;
    const [ownSubs, ownTags, ownOffer] = [subsOf(self.id), tagsOf(self.id), offerOf(self.id)];
    const offerPoints = (id: number) => {
      const other = offerOf(id);
      if (!ownOffer || !other) return 0;
      const both = (key: "free_plan" | "api" | "open_source") => Number(ownOffer[key]) === 1 && Number(other[key]) === 1;
      const platforms = (JSON.parse(other.platforms ?? "[]") as string[]).filter((p) => p !== "web" && (JSON.parse(ownOffer.platforms ?? "[]") as string[]).includes(p));
      return ([both("free_plan"), both("api"), both("open_source")].filter(Boolean).length + platforms.length) * 0.5;
    };
    return tools
      .filter((tool) => tool.id !== self.id)
      .map((tool) => {
        const shared = [...subsOf(tool.id)].filter((s) => ownSubs.has(s)).length;
        const sharedTags = [...tagsOf(tool.id)].filter((tag) => ownTags.has(tag)).length;
        return { tool, shared, score: shared * 3 + sharedTags + offerPoints(tool.id) };
      })
      .filter((entry) => entry.shared > 0)
      .sort((a, b) => b.score - a.score || place.get(a.tool.id)! - place.get(b.tool.id)! || (a.tool.slug < b.tool.slug ? -1 : 1))
      .slice(0, 12)
      .map((entry) => entry.tool.slug);
  }

  it("ranks alternatives as a brute-force scoring does, each with a reason from the data", async () => {
    for (const slug of ["chatgpt", "midjourney", "github-copilot", "grammarly"]) {
      const ranked = await rankAlternatives(t.db, "tool", slug, "us-en");
      expect(ranked!.alternatives.map((a) => a.slug), slug).toEqual(await bruteForceRanking(slug));
      for (const alternative of ranked!.alternatives) expect(alternative.reasons.length, alternative.slug).toBeGreaterThan(0);
    }
    const copilot = await alternativesPage(t.db, "tool", "github-copilot", "us-en");
    expect(copilot.status).toBe("ok");
    if (copilot.status === "ok") {
      // Cursor shares Copilot's subcategory, free plan and more: it ranks high and says why.
      const cursor = copilot.alternatives.find((a) => a.tool.slug === "cursor");
      expect(cursor?.reasons.map((r) => r.kind)).toContain("category");
    }
    const ecommerce = await alternativesPage(t.db, "ecommerce", "jungle-scout", "ja");
    expect(ecommerce.status).toBe("ok");
    if (ecommerce.status === "ok") expect(ecommerce.alternatives.map((a) => a.tool.slug)).toContain("helium-10");
  });

  it("has no page and no sitemap entry below three good matches, and one once there are three", async () => {
    // A subcategory of its own with two other tools: two good matches are not enough.
    const [lonely, ...others] = ["dishgen", "wanderlog", "layla"];
    const parent = await t.db.selectFrom("categories").select("id").where("parent_id", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const sub = await changeCatalog(t.db, "taxonomy", (trx) =>
      trx.insertInto("categories").values({ slug: "gate-test-sub", parent_id: parent.id, updated_at: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow(),
    );
    const relink = (slugs: string[]) =>
      changeCatalog(t.db, "tools", async (trx) => {
        const toolIds = (await trx.selectFrom("tools").select("id").where("slug", "in", slugs).execute()).map((r) => r.id);
        await trx.deleteFrom("tool_categories").where("tool_id", "in", toolIds).execute();
        for (const id of toolIds) await trx.insertInto("tool_categories").values({ tool_id: id, category_id: sub.id }).execute();
      });
    await relink([lonely!, ...others]);
    expect((await rankAlternatives(t.db, "tool", lonely!, "us-en"))!.alternatives).toHaveLength(MIN_ALTERNATIVES - 1);
    expect((await alternativesPage(t.db, "tool", lonely!, "us-en")).status).toBe("thin");
    expect((await comparePages(t.db, "tool")).map((p) => p.path)).not.toContain(`/alternatives/${lonely}`);
    await relink([lonely!, ...others, "mindtrip"]);
    expect((await alternativesPage(t.db, "tool", lonely!, "us-en")).status).toBe("ok");
    expect((await comparePages(t.db, "tool")).map((p) => p.path)).toContain(`/alternatives/${lonely}`);
    expect((await alternativesPage(t.db, "tool", "no-such-tool", "us-en")).status).toBe("missing");
  });

  it("answers comparison URLs in one canonical order and explains bad input", async () => {
    const read = (pair: string | null, list: string | null = null) => readComparison(t.db, "us-en", pair, list);
    expect(await read("midjourney-vs-chatgpt")).toEqual({ outcome: "redirect", path: "/compare/chatgpt-vs-midjourney", status: 308 });
    const ok = await read("chatgpt-vs-midjourney");
    expect(ok.outcome).toBe("ok");
    if (ok.outcome === "ok") expect(ok.tools.map((tool) => tool.slug)).toEqual(["chatgpt", "midjourney"]);
    expect(await read(null, "midjourney,chatgpt")).toEqual({ outcome: "redirect", path: "/compare/chatgpt-vs-midjourney", status: 308 });
    expect(await read("chatgpt-vs-chatgpt")).toEqual({ outcome: "redirect", path: "/tool/chatgpt", status: 301 });
    expect(await read("chatgpt-vs-nothing-here")).toEqual({ outcome: "unknown", slug: "nothing-here" });
    expect(await read("chatgpt")).toEqual({ outcome: "unknown", slug: "chatgpt" });
    const five = await read(null, "chatgpt,claude,gemini,perplexity,deepseek");
    expect(five.outcome).toBe("ok");
    if (five.outcome === "ok") {
      expect(five.tools.map((tool) => tool.slug)).toEqual(["chatgpt", "claude", "gemini", "perplexity"]);
      expect(five.truncated).toBe(true);
      expect(five.indexable).toBe(false);
    }
    expect((await read("chatgpt-vs-jungle-scout")).outcome).toBe("mixed");
    // Pairs sharing a subcategory are listed (and indexable); every listed pair is in canonical order.
    const pairs = await listedPairs(t.db, "tool");
    expect(pairs.size).toBeGreaterThan(10);
    for (const pair of pairs) {
      const result = await read(pair);
      expect(result.outcome, pair).toBe("ok");
      if (result.outcome === "ok") expect(result.indexable).toBe(true);
    }
  });

  it("compares two e-commerce tools when an AI tool has the same slug as one of them, and lists only pairs that read as indexable", async () => {
    const rename = (from: string, to: string) => changeCatalog(t.db, "tools", (trx) => trx.updateTable("tools").set({ slug: to }).where("slug", "=", from).execute());
    await rename("dishgen", "helium-10");
    try {
      const pair = await readComparison(t.db, "us-en", "helium-10-vs-jungle-scout", null);
      expect(pair.outcome).toBe("ok");
      if (pair.outcome === "ok") expect(pair.tools.map((tool) => [tool.kind, tool.slug])).toEqual([["ecommerce", "helium-10"], ["ecommerce", "jungle-scout"]]);
      // Beside an AI tool the slug names the AI tool of that name: two AI tools compared.
      expect((await readComparison(t.db, "us-en", "chatgpt-vs-helium-10", null)).outcome).toBe("ok");
      for (const listed of await listedPairs(t.db, "ecommerce")) {
        const result = await readComparison(t.db, "us-en", listed, null);
        expect(result.outcome === "ok" && result.indexable, listed).toBe(true);
      }
    } finally {
      await rename("helium-10", "dishgen");
    }
  });

  /** A tool as its own page resolves it (one tool at a time), in the shape the alternatives and comparison pages show. */
  async function asItsPageShowsIt(kind: OffersKind, slug: string, lang: Lang): Promise<ComparableTool> {
    const resolved = await resolveDetail(t.db, slug, lang, { sources: [kind === "tool" ? "database" : "ecommerce"] });
    if (!resolved.found) throw new Error(`${slug} not found`);
    const view = resolved.view;
    const table = kind === "tool" ? "tools" : "ecommerce_tools";
    const { id } = await t.db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const offers = kind === "tool" ? await readToolOffers(t.db, [id]) : await readEcommerceOffers(t.db, [id]);
    return {
      kind,
      slug,
      name: view.name,
      description: view.description,
      imageUrl: view.images[0]?.webpUrl ?? view.images[0]?.url ?? null,
      pricing: view.pricing,
      rating: view.rating,
      reviewCount: view.reviewCount,
      categories: view.subcategories.length ? view.subcategories.map((c) => c.name) : view.category ? [view.category.name] : [],
      features: view.features,
      useCases: kind === "tool" ? view.useCases : view.pros,
      offers: { ...NO_ECOMMERCE_OFFERS, ...offers.get(id) },
      contentLanguage: view.contentLanguage,
    };
  }

  it("shows each tool of a page as the tool's own page resolves it, in every page language", async () => {
    const pages: Array<[OffersKind, string, Lang]> = [
      ["tool", "chatgpt", "us-en"],
      ["tool", "midjourney", "ja"],
      ["tool", "github-copilot", "zh-CN"],
      ["tool", "grammarly", "vi"],
      ["ecommerce", "jungle-scout", "ja"],
      ["ecommerce", "helium-10", "us-en"],
      ["ecommerce", "jungle-scout", "ko"],
    ];
    for (const [kind, slug, lang] of pages) {
      const page = await alternativesPage(t.db, kind, slug, lang);
      expect(page.status, `${kind} ${slug}`).toBe("ok");
      if (page.status !== "ok") continue;
      for (const tool of [page.tool, ...page.alternatives.map((a) => a.tool)]) expect(tool, `${slug} ${lang}: ${tool.slug}`).toEqual(await asItsPageShowsIt(kind, tool.slug, lang));
    }
    const compared = await readComparison(t.db, "de", null, "chatgpt,claude,gemini,perplexity");
    expect(compared.outcome).toBe("ok");
    if (compared.outcome === "ok") for (const tool of compared.tools) expect(tool).toEqual(await asItsPageShowsIt("tool", tool.slug, "de"));
    const mixed = await readComparison(t.db, "fr", "chatgpt-vs-jungle-scout", null);
    expect(mixed.outcome === "mixed" && mixed.tools).toEqual([await asItsPageShowsIt("tool", "chatgpt", "fr"), await asItsPageShowsIt("ecommerce", "jungle-scout", "fr")]);
  });

  it("reads the database a fixed number of times per uncached page, however many tools it shows", async () => {
    await alternativesPage(t.db, "tool", "chatgpt", "us-en");
    await alternativesPage(t.db, "ecommerce", "jungle-scout", "us-en");
    // Derived structures are built and the periodic look for other writers is done: what is left is the page's own reads.
    await checkCatalogFreshness(t.db);
    const alternatives = await queriesDuring(t.db, () => alternativesPage(t.db, "tool", "midjourney", "ko"));
    expect(alternatives.result.status === "ok" && alternatives.result.alternatives.length).toBeGreaterThanOrEqual(6);
    // One read per table (tools, texts, categories, offers) for the tool and all its alternatives.
    expect(alternatives.queries).toHaveLength(4);
    const ecommerce = await queriesDuring(t.db, () => alternativesPage(t.db, "ecommerce", "helium-10", "ja"));
    expect(ecommerce.result.status === "ok" && ecommerce.result.alternatives.length).toBeGreaterThanOrEqual(3);
    expect(ecommerce.queries).toHaveLength(4);
    const four = await queriesDuring(t.db, () => readComparison(t.db, "es", null, "chatgpt,claude,gemini,perplexity"));
    expect(four.result.outcome === "ok" && four.result.tools).toHaveLength(4);
    expect(four.queries).toHaveLength(4);
  });
});
