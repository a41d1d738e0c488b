import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { saveToolEdit, loadToolEditor } from "~/.server/admin/listing-editor";
import { toolEditorInput } from "~/.server/admin/listing-editor-rules";
import { reviewSubmission } from "~/.server/admin/submissions";
import { changeCatalog } from "~/.server/catalog/changes";
import { createImageStore } from "~/.server/catalog/images";
import { importTools } from "~/.server/catalog/import-tools";
import { toolSchema, validateRows } from "~/.server/catalog/schemas";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import type * as IntColumns from "~/.server/db/int-columns";
import { nowIso } from "~/.server/db/values";
import { setListingState } from "~/.server/reports/moderation";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS } from "~/.server/tools/cache";
import { nameOrder, readEnglishNames } from "~/.server/tools/name-positions";
import { inSortOrder, published, type ToolSort } from "~/.server/tools/order";
import { sortPositions } from "~/.server/tools/sort-positions";
import { NO_OFFERS } from "~/lib/offers";
import { createTestDatabase, secondConnection, testDialects, type TestDatabase } from "../support/databases";
import { insertSubmission, insertUpdateSubmission, insertUser, submitPayload } from "../support/submissions";

/**
 * A change that names the tools it wrote (an approval, an approved update, an administrator's edit, an
 * unpublished tool; decision 0040) takes just those tools into every kept list order: popular, rating, newest
 * and the name order of each page language. Each kept order must be exactly what a full read gives now, ties
 * included (equal names in a collation, equal creation times, tools without an English name), and no order is
 * read again. A change that names no tool (a large import) still reads them all again.
 */
const reads = vi.hoisted(() => ({ whole: 0 }));
vi.mock("~/.server/db/int-columns", async (importOriginal) => {
  const actual = await importOriginal<typeof IntColumns>();
  // Every read of a whole order goes through these; a tool's place is found by reads of a few rows.
  const counted = <F extends (...args: never[]) => unknown>(read: F) => ((...args: Parameters<F>) => (reads.whole++, read(...args))) as F;
  return { ...actual, readIntColumns: counted(actual.readIntColumns), readNumberColumns: counted(actual.readNumberColumns), readIntAndTextColumns: counted(actual.readIntAndTextColumns) };
});

const LANGS = ["us-en", "de", "fr", "zh-CN", "zh-TW", "ja"];
const KEPT: Array<[ToolSort, string]> = [["popular", "us-en"], ["rating", "us-en"], ["newest", "us-en"], ...LANGS.map((lang): [ToolSort, string] => ["name", lang])];
/** Few distinct names, so many tie in a collation or differ only by case, accents or numbers. */
const NAMES = ["Alpha", "alpha", "Älpha", "Beta v2", "Beta v10", "Zeta", "Émile", "东方", "Ωmega", "beta V2"];
const NO_TEXTS = { tags: "[]", features: "[]", use_cases: "[]", faq: "[]" };
const ADMIN = { id: "order-admin", email: "order-admin@example.com" };

describe.each(testDialects())("list orders after a change of named tools on %s", (dialect) => {
  let t: TestDatabase;
  let other: DB;
  let uploadDir: string;
  let userId: string;
  let ids: number[] = [];

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "tool-change-orders-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir, deferImages: true, imageCacheDir: null });
    const rows = Array.from({ length: 60 }, (_, i) => ({
      slug: `named-${i}`,
      website_url: `https://named-${i}.example`,
      pricing: "free",
      pinned: i % 23 === 0 ? 1 : 0,
      manual_priority: i % 7 === 0 ? (i % 3) - 1 : null,
      rating: [0, 3.5, 4, 4.5][i % 4]!,
      review_count: [0, 2, 10][i % 3]!,
      created_at: `2024-01-${String(10 + (i % 5)).padStart(2, "0")}T00:00:00.000Z`,
      updated_at: nowIso(),
    }));
    for (const row of rows) if (row.rating === 0) row.review_count = 0;
    ids = (await t.db.insertInto("tools").values(rows).returning("id").execute()).map((row) => Number(row.id));
    // English names for most; some tools only in German or Japanese, one without any name.
    const translations = ids.flatMap((id, i) => {
      const name = (k: number) => NAMES[(i * 7 + k) % NAMES.length]!;
      const languages = i % 11 === 5 ? [] : i % 9 === 4 ? ["de", "ja"] : ["us-en", ...(i % 3 === 0 ? ["de"] : []), ...(i % 4 === 1 ? ["zh-CN", "fr"] : [])];
      return languages.map((language, k) => ({ tool_id: id, language, name: name(k), ...NO_TEXTS, updated_at: nowIso() }));
    });
    await t.db.insertInto("tool_translations").values(translations).execute();
    await t.db.updateTable("tools").set({ status: "hidden" }).where("slug", "=", "named-6").execute();
    userId = await insertUser(t.db, dialect, "order-maker@example.com");
    const now = nowIso();
    await t.db.insertInto("user").values({ id: ADMIN.id, name: "Admin", email: ADMIN.email, emailVerified: 0, createdAt: now, updatedAt: now }).execute();
    other = secondConnection(t);
  });
  beforeEach(() => {
    reads.whole = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** Each order as a full read gives it now (not counted). */
  async function freshOrder(db: DB, sort: ToolSort, lang: string): Promise<number[]> {
    if (sort === "name") return [...(await nameOrder(db, await readEnglishNames(db), lang))];
    return (await inSortOrder(published(db).select("t.id"), sort).execute()).map((row) => Number(row.id));
  }

  /** The kept orders of `db` are what full reads give; returns how many whole reads the kept ones took. */
  async function expectKeptOrdersAsRead(db: DB = t.db): Promise<number> {
    const before = reads.whole;
    const kept = await Promise.all(KEPT.map(([sort, lang]) => sortPositions(db, sort, lang)));
    const wholeReads = reads.whole - before;
    for (const [i, [sort, lang]] of KEPT.entries()) {
      const fresh = await freshOrder(db, sort, lang);
      expect([...kept[i]!.ids], `${sort} ${lang}`).toEqual(fresh);
      fresh.forEach((id, position) => expect(kept[i]!.positionOf[id]).toBe(position));
      expect([...kept[i]!.positionOf].filter((position) => position >= 0)).toHaveLength(fresh.length);
    }
    return wholeReads;
  }

  const idOf = async (slug: string) => Number((await t.db.selectFrom("tools").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

  it("takes an approved new tool into every kept order without reading any order again", async () => {
    expect(await expectKeptOrdersAsRead()).toBeGreaterThan(0);
    const id = await insertSubmission(t.db, userId, submitPayload({ name: "Beta v3", slug: "order-approved", contact_email: "maker@users.invalid" }));
    const { toolId } = await reviewSubmission(t.db, ADMIN, id, { status: "approved", notes: null });
    expect(await expectKeptOrdersAsRead()).toBe(0);
    for (const [sort, lang] of KEPT) expect((await sortPositions(t.db, sort, lang)).positionOf[toolId!]).toBeGreaterThanOrEqual(0);
    expect((await sortPositions(t.db, "newest")).ids[0]).toBe(toolId);
  });

  it("moves a tool an approved update renames in the name orders", async () => {
    await expectKeptOrdersAsRead();
    const toolId = ids[2]!;
    const slug = `named-2`;
    const before = (await sortPositions(t.db, "name", "us-en")).positionOf[toolId]!;
    const id = await insertUpdateSubmission(t.db, userId, toolId, { tool_slug: slug, language: "us-en", contact_email: "maker@users.invalid", before: {}, changes: { name: "Zzyzx Writer" } });
    await reviewSubmission(t.db, ADMIN, id, { status: "approved", notes: null });
    expect(await expectKeptOrdersAsRead()).toBe(0);
    const after = await sortPositions(t.db, "name", "us-en");
    expect(after.positionOf[toolId]).not.toBe(before);
  });

  it("moves a tool whose German name an administrator edits in the German order", async () => {
    await expectKeptOrdersAsRead();
    const slug = "named-0";
    const current = (await loadToolEditor(t.db, slug, "de"))!.values;
    const input = toolEditorInput.parse({
      language: "de",
      name: "Äpfel Assistent",
      website_url: current.website_url,
      description: "Ein Werkzeug.",
      category: "",
      pricing: "free",
      tags: current.tags.join(", "),
      features: "",
      use_cases: "",
      subcategories: current.subcategories,
      image_url: current.image_url ?? "",
      note: "",
    });
    expect((await saveToolEdit(t.db, ADMIN, slug, input, NO_OFFERS)).map((row) => row.field)).toContain("name");
    expect(await expectKeptOrdersAsRead()).toBe(0);
  });

  it("takes an unpublished tool out of every kept order", async () => {
    await expectKeptOrdersAsRead();
    const toolId = ids[9]!;
    await setListingState(t.db, ADMIN, "tool", toolId, "unpublish");
    expect(await expectKeptOrdersAsRead()).toBe(0);
    for (const [sort, lang] of KEPT) expect((await sortPositions(t.db, sort, lang)).positionOf[toolId]).toBe(-1);
  });

  it("follows changes of several tools at once: names, creation times, status, tools without names", async () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = () => ids[Math.floor(random() * ids.length)]!;
    await expectKeptOrdersAsRead();
    let wholeReads = 0;
    for (let round = 0; round < 12; round++) {
      const changed = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, pick))];
      await changeCatalog(
        t.db,
        "tools",
        async (trx) => {
          for (const id of changed) {
            const roll = random();
            if (roll < 0.15) await trx.updateTable("tools").set({ status: random() < 0.5 ? "hidden" : "published" }).where("id", "=", id).execute();
            else if (roll < 0.35) await sql`update tools set created_at = ${`2024-01-${String(10 + Math.floor(random() * 5)).padStart(2, "0")}T00:00:00.000Z`} where id = ${id}`.execute(trx);
            else if (roll < 0.45) await trx.deleteFrom("tool_translations").where("tool_id", "=", id).where("language", "=", "us-en").execute();
            else await trx.updateTable("tool_translations").set({ name: NAMES[Math.floor(random() * NAMES.length)]! }).where("tool_id", "=", id).execute();
          }
          return changed;
        },
        { toolsOf: (written) => written },
      );
      if (round % 3 === 2) wholeReads += await expectKeptOrdersAsRead();
    }
    wholeReads += await expectKeptOrdersAsRead();
    expect(wholeReads).toBe(0);
  });

  it("takes in a tool another instance changed, named in the change log, without reading the orders again", async () => {
    let clock = Date.now();
    const otherLooks = async () => {
      clock = Math.max(clock, Date.now()) + FINGERPRINT_EVERY_MS + 1;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(clock);
      await checkCatalogFreshness(other);
    };
    await otherLooks();
    await expectKeptOrdersAsRead(other);
    await otherLooks();
    // What another instance's approval leaves in the database: the tool, its revision and the change log's row.
    const [added] = await t.db
      .insertInto("tools")
      .values({ slug: "elsewhere-approved", website_url: "https://elsewhere.example", pricing: "paid", created_at: "2024-01-12T00:00:00.000Z", updated_at: nowIso() })
      .returning("id")
      .execute();
    const addedId = Number(added!.id);
    await t.db.insertInto("tool_translations").values({ tool_id: addedId, language: "us-en", name: "Beta v2", ...NO_TEXTS, updated_at: nowIso() }).execute();
    await t.db.updateTable("tool_translations").set({ name: "Aardvark" }).where("tool_id", "=", ids[13]!).execute();
    const { rows } = await sql<{ revision: number }>`insert into shared_revisions (name, revision) values ('catalog', 1) on conflict (name) do update set revision = shared_revisions.revision + 1 returning revision`.execute(t.db);
    await t.db.insertInto("tool_changes").values([{ revision: Number(rows[0]!.revision), tool_id: addedId }, { revision: Number(rows[0]!.revision), tool_id: ids[13]! }]).execute();
    await otherLooks();
    expect(await expectKeptOrdersAsRead(other)).toBe(0);
    expect((await sortPositions(other, "newest")).positionOf[addedId]).toBeGreaterThanOrEqual(0);
  });

  it("reads every order again after a change that names no tool (a large import)", async () => {
    await expectKeptOrdersAsRead();
    const [template] = JSON.parse(fs.readFileSync("tests/fixtures/catalog/tools/part-a.json", "utf8"));
    const many = Array.from({ length: 201 }, (_, i) => ({
      ...template,
      slug: `bulk-${i}`,
      website_url: `https://bulk-${i}.example`,
      translations: { "us-en": { ...template.translations["us-en"], name: NAMES[i % NAMES.length] } },
    }));
    const { valid } = validateRows("part-a.json", many, toolSchema);
    await importTools(t.db, valid, { images: createImageStore(uploadDir, { deferred: true, cacheDir: null }) });
    expect(await expectKeptOrdersAsRead()).toBeGreaterThanOrEqual(KEPT.length);
    expect(await idOf("bulk-200")).toBeGreaterThan(0);
  });
});
