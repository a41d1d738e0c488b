import { CompiledQuery, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveToolEdit, loadToolEditor } from "~/.server/admin/listing-editor";
import { toolEditorInput } from "~/.server/admin/listing-editor-rules";
import { reviewSubmission } from "~/.server/admin/submissions";
import { createImageStore } from "~/.server/catalog/images";
import { importTools } from "~/.server/catalog/import-tools";
import { toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import { migrateToLatest } from "~/.server/db";
import { migrations } from "~/.server/db/migrations";
import { hostColumn } from "~/.server/db/website-host";
import { findDuplicate } from "~/.server/submissions/queries";
import { NO_OFFERS } from "~/lib/offers";
import { createTestDatabase, testDialects, whileMigrating, type TestDatabase } from "../support/databases";
import { captureMailAndUploads } from "../support/smtp";
import { insertSubmission, insertUpdateSubmission, insertUser, submitPayload } from "../support/submissions";

/**
 * A submission's duplicate check reads tools by the indexed `website_host` (migration 0027): every way a tool's
 * address is written keeps the column, the tools a database had before the migration get it, and the check still
 * tells sites apart only by what `websiteKey` keeps (no `www.`, scheme, case, trailing slash, tracking parameters).
 */
const { uploads: uploadDir } = captureMailAndUploads("website-host");

/** The same site as `url`, written the other ways a submitter might. */
function variants(url: string): string[] {
  const parsed = new URL(url);
  const bare = parsed.hostname.replace(/^www\./, "");
  const rest = parsed.pathname === "/" ? "" : parsed.pathname;
  return [`http://www.${bare.toUpperCase()}${rest}/?utm_source=newsletter`, `https://${bare}${rest}/#top`, `HTTPS://${bare}${rest}?ref=producthunt&gclid=1`];
}

describe.each(testDialects())("the website host column on %s", (dialect) => {
  let t: TestDatabase;
  let userId: string;
  const admin = { id: "", email: "chief@example.com" };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir, deferImages: true, imageCacheDir: null });
    userId = await insertUser(t.db, dialect, `maker-${dialect}@example.com`, "Maker");
    admin.id = await insertUser(t.db, dialect, admin.email, "Chief");
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const duplicateOf = (url: string) => findDuplicate(t.db, url, userId);
  const hostOf = async (slug: string) => (await t.db.selectFrom("tools").select(["website_url", "website_host"]).where("slug", "=", slug).executeTakeFirstOrThrow());

  it("refuses a tool imported with the catalogue, and one a later import moves to another address", async () => {
    expect(await hostOf("quillbot")).toEqual({ website_url: "https://quillbot.com", website_host: "quillbot.com" });
    for (const url of variants("https://quillbot.com")) expect(await duplicateOf(url)).toEqual({ kind: "tool", slug: "quillbot" });
    expect(await duplicateOf("https://quillbot.com/pricing")).toBeNull();
    expect(await duplicateOf("https://quillbot.co")).toBeNull();

    const images = { images: createImageStore(uploadDir, { deferred: true, cacheDir: null }) };
    const row = (website_url: string) => ({ slug: "host-import", website_url, categories: ["text-generation-editing"], translations: { "us-en": { name: "Host Import", description: "Imported." } } });
    await importTools(t.db, validateRows("one.json", [row("https://www.host-import.example/app")], toolSchema).valid, images);
    for (const url of variants("https://host-import.example/app")) expect(await duplicateOf(url)).toEqual({ kind: "tool", slug: "host-import" });
    await importTools(t.db, validateRows("one.json", [row("https://moved-import.example")], toolSchema).valid, images);
    expect(await hostOf("host-import")).toEqual({ website_url: "https://moved-import.example", website_host: "moved-import.example" });
    expect(await duplicateOf("https://host-import.example/app")).toBeNull();
    for (const url of variants("https://moved-import.example")) expect(await duplicateOf(url)).toEqual({ kind: "tool", slug: "host-import" });
  });

  it("refuses a tool an approval published, and the address an approved update gave a tool", async () => {
    const id = await insertSubmission(t.db, userId, submitPayload({ name: "Host Approval", website_url: "https://Host-Approval.example/" }));
    // Pending: refused as a pending submission, not yet as a tool.
    expect(await duplicateOf("http://www.host-approval.example")).toEqual({ kind: "pending", own: true });
    const { toolSlug, toolId } = await reviewSubmission(t.db, admin, id, { status: "approved", notes: null });
    expect((await hostOf(toolSlug!)).website_host).toBe("host-approval.example");
    for (const url of variants("https://host-approval.example")) expect(await duplicateOf(url)).toEqual({ kind: "tool", slug: toolSlug });

    const changes = { website_url: "https://www.approved-update.example/home" };
    const update = await insertUpdateSubmission(t.db, userId, toolId!, { tool_slug: toolSlug!, language: "us-en", contact_email: "", before: { website_url: "https://Host-Approval.example/" }, changes });
    await reviewSubmission(t.db, admin, update, { status: "approved", notes: null });
    expect((await hostOf(toolSlug!)).website_host).toBe("approved-update.example");
    expect(await duplicateOf("https://host-approval.example")).toBeNull();
    for (const url of variants("https://approved-update.example/home")) expect(await duplicateOf(url)).toEqual({ kind: "tool", slug: toolSlug });
  });

  it("refuses the address the listing editor gave a tool, and no longer the old one", async () => {
    const current = (await loadToolEditor(t.db, "lavender", "us-en"))!.values;
    const input = toolEditorInput.parse({
      ...current,
      language: "us-en",
      website_url: "https://Edited-Lavender.example/mail",
      pricing: "freemium",
      category: "",
      tags: current.tags.join(", "),
      features: current.features.join("\n"),
      use_cases: current.use_cases.join("\n"),
      image_url: current.image_url ?? "",
      note: "",
    });
    await saveToolEdit(t.db, admin, "lavender", input, NO_OFFERS);
    expect((await hostOf("lavender")).website_host).toBe("edited-lavender.example");
    expect(await duplicateOf("https://www.lavender.ai")).toBeNull();
    for (const url of variants("https://edited-lavender.example/mail")) expect(await duplicateOf(url)).toEqual({ kind: "tool", slug: "lavender" });
  });

  it("refuses a tool whose host is not filled in yet (an older instance added it), and not a hidden one", async () => {
    // As a version without the column writes a tool: the address only (the data layer would derive the host).
    await t.db
      .withoutPlugins()
      .insertInto("tools")
      .values({ slug: "older-instance", website_url: "https://older-instance.example", pricing: "free", manual_priority: null, updated_at: new Date().toISOString() })
      .execute();
    expect((await hostOf("older-instance")).website_host).toBe("");
    expect(await duplicateOf("http://www.older-instance.example/")).toEqual({ kind: "tool", slug: "older-instance" });
    await t.db.updateTable("tools").set({ status: "hidden" }).where("slug", "=", "older-instance").execute();
    expect(await duplicateOf("https://older-instance.example")).toBeNull();
  });

  it("will not write an address the host cannot be derived from", async () => {
    const write = t.db.updateTable("tools").set({ website_url: sql<string>`lower(website_url)` }).where("slug", "=", "quillbot");
    await expect(write.execute()).rejects.toThrow(/website_host/);
  });

  it("reads the tools on a host from the index", async () => {
    const query = t.db.selectFrom("tools").select(["id", "slug", "website_url", "status"]).where("website_host", "in", ["quillbot.com", ""]).compile();
    if (dialect === "sqlite") {
      const { rows } = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      expect(rows.map((row) => row.detail).join(" ")).toContain("USING INDEX tools_website_host_idx");
    } else {
      const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'tools_website_host_idx'`.execute(t.db);
      expect(rows[0]?.indexdef).toMatch(/\(website_host, id\)/);
    }
  });
});

describe.each(testDialects())("migration 0027 on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("gives every tool written before it the host of its address, past one batch", async () => {
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
      ...(t.env.DATABASE_SCHEMA ? { migrationTableSchema: t.env.DATABASE_SCHEMA } : {}),
    });
    const odd = ["https://WWW.Odd-Case.example/Path/?utm_source=x", "http://sub.odd.example:8080/", "https://xn--bcher-kva.example/", "https://bücher.example/", "ftp://files.example/", "not an address", ""];
    const urls = [...odd, ...Array.from({ length: 2300 }, (_, i) => `https://${i % 3 ? "www." : ""}tool-${i}.example/${i % 5 ? "" : "app"}`)];
    await whileMigrating(t, async () => {
      const down = await migrator.migrateTo("0026_tool_change_log");
      expect(down.error).toBeUndefined();
      const now = new Date().toISOString();
      // As the version before the column wrote tools.
      const plain = t.db.withoutPlugins();
      for (let i = 0; i < urls.length; i += 400) {
        const rows = urls.slice(i, i + 400).map((website_url, j) => ({ slug: `before-${i + j}`, website_url, pricing: "free", manual_priority: null, updated_at: now }));
        await plain.insertInto("tools").values(rows).execute();
      }
      await migrateToLatest(t.db);
    });
    const tools = await t.db.selectFrom("tools").select(["website_url", "website_host"]).where("slug", "like", "before-%").execute();
    expect(tools).toHaveLength(urls.length);
    for (const tool of tools) expect(tool.website_host).toBe(hostColumn(tool.website_url));
    expect(tools.find((tool) => tool.website_url === odd[0])?.website_host).toBe("odd-case.example");
    expect(tools.filter((tool) => tool.website_host === "").map((tool) => tool.website_url).sort()).toEqual(["", "ftp://files.example/", "not an address"]);
  });
});
