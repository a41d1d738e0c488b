import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Validator } from "../support/openapi-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import { matchEndpoint } from "~/.server/public-api/endpoints";
import { handlePublicApi, type ApiLimits } from "~/.server/public-api/http";
import { createApiKey, revokeApiKey } from "~/.server/public-api/keys";
import { openApiDocument } from "~/.server/public-api/openapi";
import { invalidateCatalogCache } from "~/.server/tools/cache";
import { listTools } from "~/.server/tools/queries";
import { emptyToolFilters, type ToolFilterSelection } from "~/lib/tool-filters";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertUser } from "../support/submissions";

/**
 * The public API as a client uses it: its OpenAPI document validates, every documented path answers what the
 * document says (driven by the document itself), lists page by cursor, and the envelope behaves: unknown
 * parameters named in a problem+json 400, 304 for a current ETag, CORS, limits per address and per key with
 * RateLimit headers, 429 with Retry-After, 401 for unknown and revoked keys.
 */
const SITE = "https://directory.example";
const FIXTURES = "tests/fixtures/catalog";
const GENEROUS: ApiLimits = { anonymous: 100_000, withKey: 100_000, windowSeconds: 60 };

type Doc = {
  paths: Record<string, { get: { parameters: Array<{ name: string; in: string; required: boolean; schema: { type?: string; enum?: string[]; default?: unknown; minimum?: number; examples?: string[] } }>; responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> } }>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

describe.each(testDialects())("public API v1 on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  let address = 0;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "public-api-"));
    t = await createTestDatabase(dialect);
    invalidateCatalogCache();
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** Each call comes from its own address unless one is given, so limits only bite where a test wants them to. */
  const call = (pathAndQuery: string, { headers = {}, method = "GET", limits = GENEROUS, from }: { headers?: Record<string, string>; method?: string; limits?: ApiLimits; from?: string } = {}) =>
    handlePublicApi(t.db, new Request(SITE + pathAndQuery, { method, headers: { "x-client-ip": from ?? `10.0.${address >> 8}.${address++ & 255}`, ...headers } }), { publicUrl: SITE, limits });

  const slugs = async () => ({
    tool: (await t.db.selectFrom("tools").select("slug").where("status", "=", "published").orderBy("id").executeTakeFirstOrThrow()).slug,
    ecommerce: (await t.db.selectFrom("ecommerce_tools").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug,
  });

  it("publishes a valid OpenAPI 3.1 document, served by the API itself", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc).toEqual(openApiDocument(SITE));
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("answers every documented path with every documented parameter as the document describes", async () => {
    const doc = openApiDocument(SITE) as unknown as Doc;
    const real = await slugs();
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThanOrEqual(6);
    for (const [template, { get }] of Object.entries(doc.paths)) {
      expect(matchEndpoint(template.replace("{slug}", "x")), template).not.toBeNull();
      const concrete = template.replace("{slug}", template.includes("ecommerce") ? real.ecommerce : real.tool);
      const schemaRef = get.responses["200"]!.content!["application/json"]!.schema.$ref.split("/").pop()!;
      const schema = doc.components.schemas[schemaRef]!;
      const check = async (query: string) => {
        const res = await call(concrete + query);
        expect(res.status, `${concrete}${query}`).toBe(200);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
        expect(res.headers.get("ratelimit-limit")).toBe(String(GENEROUS.anonymous));
        const body = (await res.json()) as Record<string, unknown>;
        for (const field of schema.required ?? []) expect(body, `${concrete}${query}: ${field}`).toHaveProperty(field);
        if (schema.properties) expect(Object.keys(body).sort()).toEqual(Object.keys(schema.properties).sort());
        return body;
      };
      await check("");
      for (const parameter of get.parameters.filter((p) => p.in === "query")) {
        const values = parameter.schema.enum ?? parameter.schema.examples ?? [parameter.name === "cursor" ? null : parameter.schema.type === "number" || parameter.schema.type === "integer" ? String(parameter.schema.minimum ?? 1) : parameter.name === "q" ? "chat" : null];
        for (const value of values) {
          if (value === null) continue;
          await check(`?${parameter.name}=${encodeURIComponent(String(value))}`);
        }
      }
      const unknown = await call(`${concrete}?bogus=1`);
      expect(unknown.status).toBe(400);
      expect(unknown.headers.get("content-type")).toBe("application/problem+json");
      const problem = (await unknown.json()) as { detail: string; invalid_params: Array<{ name: string }> };
      expect(problem.detail).toContain("bogus");
      expect(problem.invalid_params).toEqual([{ name: "bogus", reason: "unknown parameter" }]);
      if (template.includes("{slug}")) {
        const missing = await call(template.replace("{slug}", "no-such-thing-here"));
        expect(missing.status).toBe(404);
        expect(missing.headers.get("content-type")).toBe("application/problem+json");
      }
    }
  });

  it("filters by what tools offer exactly as the tool list page does, and names a bad value", async () => {
    // The fixture catalogue states no offers: a few tools state some here.
    const tools = await t.db.selectFrom("tools").select(["id", "pricing"]).where("status", "=", "published").orderBy("id").limit(6).execute();
    await t.db
      .insertInto("tool_offers")
      .values(
        tools.map((tool, i) => ({
          tool_id: tool.id,
          free_plan: i % 2 === 0 ? 1 : 0,
          free_trial: null,
          price_from: null,
          price_currency: null,
          open_source: null,
          api: i < 3 ? 1 : null,
          platforms: JSON.stringify(i % 3 === 0 ? ["web", "ios"] : ["android"]),
          interface_languages: null,
        })),
      )
      .execute();
    invalidateCatalogCache();
    const named = await t.db.selectFrom("tool_translations").select("name").where("tool_id", "=", tools[0]!.id).where("language", "=", "us-en").executeTakeFirstOrThrow();
    const word = named.name.split(/\s+/)[0]!;
    const selections: Array<[string, Partial<ToolFilterSelection>]> = [
      ["free_plan=yes", { freePlan: ["yes"] }],
      ["api=yes&platforms=ios,android", { api: ["yes"], platforms: ["ios", "android"] }],
      [`platforms=ios,web&q=${encodeURIComponent(word)}`, { platforms: ["ios", "web"] }],
    ];
    for (const [query, selection] of selections) {
      const search = new URLSearchParams(query).get("q") ?? undefined;
      const page = await listTools(t.db, { lang: "us-en", search, sort: "popular", page: 1, filters: { ...emptyToolFilters(), ...selection } });
      const body = (await (await call(`/api/v1/tools?${query}&sort=popular&limit=100`)).json()) as { total: number; data: Array<{ slug: string }> };
      expect(body.total, query).toBe(page.total);
      expect(body.total, query).toBeGreaterThan(0);
      expect(body.data.slice(0, page.tools.length).map((tool) => tool.slug), query).toEqual(page.tools.map((tool) => tool.slug));
    }
    const bad = await call("/api/v1/tools?platforms=ios,toaster");
    expect(bad.status).toBe(400);
    const problem = (await bad.json()) as { invalid_params: Array<{ name: string; reason: string }> };
    expect(problem.invalid_params).toEqual([{ name: "platforms", reason: expect.stringContaining("toaster") }]);
  });

  it("answers in the requested language with the usual fallback", async () => {
    const translated = await t.db.selectFrom("tool_translations").innerJoin("tools", "tools.id", "tool_translations.tool_id").select(["tools.slug", "tool_translations.name"]).where("language", "=", "zh-CN").where("tool_translations.name", "!=", "").executeTakeFirstOrThrow();
    const fr = (await (await call(`/api/v1/tools/${translated.slug}?lang=zh-CN`)).json()) as { name: string; content_language: string; url: string };
    expect(fr).toMatchObject({ name: translated.name, content_language: "zh-CN", url: `${SITE}/zh-CN/tool/${translated.slug}` });
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto("tools")
      .values({ slug: "english-only", website_url: "https://english-only.example", image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, pricing: "free", pinned: 0, manual_priority: null, status: "published", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("tool_translations").values({ tool_id: id, language: "us-en", name: "English Only", subtitle: null, description: "In English.", long_description: null, features: "[]", use_cases: "[]", faq: "[]", tags: "[]", updated_at: now }).execute();
    invalidateCatalogCache();
    const english = { slug: "english-only" };
    const vi = (await (await call(`/api/v1/tools/${english.slug}?lang=vi`)).json()) as { name: string; content_language: string };
    expect(vi).toMatchObject({ name: "English Only", content_language: "us-en" });
    expect((await call("/api/v1/tools?lang=xx")).status).toBe(400);
  });

  it("pages through a whole list by cursor, each tool once, and refuses a cursor of another query", async () => {
    const first = (await (await call("/api/v1/tools?limit=3&sort=name")).json()) as { total: number; data: Array<{ slug: string }>; next_cursor: string | null };
    const seen = first.data.map((tool) => tool.slug);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = (await (await call(`/api/v1/tools?limit=3&sort=name&cursor=${cursor}`)).json()) as typeof first;
      seen.push(...page.data.map((tool) => tool.slug));
      cursor = page.next_cursor;
    }
    expect(seen.length).toBe(first.total);
    expect(new Set(seen).size).toBe(first.total);
    const other = await call(`/api/v1/tools?limit=3&sort=rating&cursor=${first.next_cursor}`);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { invalid_params: Array<{ name: string }> }).invalid_params[0]?.name).toBe("cursor");
  });

  it("filters by category and by e-commerce facets, with their counts", async () => {
    const categories = (await (await call("/api/v1/categories")).json()) as { data: Array<{ slug: string; tool_count: number }> };
    const category = categories.data.find((c) => c.tool_count > 0)!;
    const inCategory = (await (await call(`/api/v1/tools?category=${category.slug}&limit=100`)).json()) as { total: number };
    expect(inCategory.total).toBe(category.tool_count);
    expect(((await (await call("/api/v1/tools?category=no-such-category")).json()) as { total: number }).total).toBe(0);
    const all = (await (await call("/api/v1/ecommerce-tools")).json()) as { total: number; facets: { platforms: Array<{ slug: string; count: number }> } };
    const platform = all.facets.platforms.find((p) => p.count > 0 && p.count < all.total)!;
    const filtered = (await (await call(`/api/v1/ecommerce-tools?platforms=${platform.slug}`)).json()) as { total: number; facets: { platforms: Array<{ slug: string; selected: boolean }> } };
    expect(filtered.total).toBe(platform.count);
    expect(filtered.facets.platforms.find((p) => p.slug === platform.slug)?.selected).toBe(true);
  });

  it("answers 304 to a current ETag, CORS preflights, and refuses writes", async () => {
    const first = await call("/api/v1/categories?lang=ja");
    const tag = first.headers.get("etag")!;
    expect(tag).toBeTruthy();
    expect((await call("/api/v1/categories?lang=ja", { headers: { "If-None-Match": tag } })).status).toBe(304);
    expect((await call("/api/v1/categories?lang=ko", { headers: { "If-None-Match": tag } })).status).toBe(200);
    const preflight = await call("/api/v1/tools", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
    const post = await call("/api/v1/tools", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("content-type")).toBe("application/problem+json");
  });

  it("limits an address, lets a key go further, and refuses unknown and revoked keys", async () => {
    const limits: ApiLimits = { anonymous: 3, withKey: 5, windowSeconds: 60 };
    const from = "192.0.2.77";
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("/api/v1/categories", { limits, from });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const over = await call("/api/v1/categories", { limits, from });
    expect(over.status).toBe(429);
    expect(over.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("ratelimit-remaining")).toBe("0");

    const userId = await insertUser(t.db, dialect, `api-${dialect}@example.com`);
    const created = (await createApiKey(t.db, userId, "My script"))!;
    const withKey = await call("/api/v1/categories", { limits, from, headers: { "X-API-Key": created.key } });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("ratelimit-limit")).toBe("5");
    for (let i = 0; i < 4; i++) expect((await call("/api/v1/categories", { limits, from, headers: { Authorization: `Bearer ${created.key}` } })).status).toBe(200);
    expect((await call("/api/v1/categories", { limits, from, headers: { "X-API-Key": created.key } })).status).toBe(429);
    const stored = await t.db.selectFrom("api_keys").select(["key_hash", "key_prefix"]).where("id", "=", created.view.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(created.key);
    expect(created.key.startsWith(stored.key_prefix)).toBe(true);

    expect(await revokeApiKey(t.db, userId, created.view.id)).toBe(true);
    const revoked = await call("/api/v1/categories", { headers: { "X-API-Key": created.key } });
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { detail: string }).detail).toContain("revoked");
    expect((await call("/api/v1/categories", { headers: { "X-API-Key": "dk_nonsense" } })).status).toBe(401);
  });
});
