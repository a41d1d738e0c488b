import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RawBuilder } from "kysely";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadToolEditor, saveToolEdit } from "~/.server/admin/listing-editor";
import { toolEditorInput } from "~/.server/admin/listing-editor-rules";
import { reviewSubmission } from "~/.server/admin/submissions";
import { seedCatalog } from "~/.server/catalog/seed";
import { categoryCounts } from "~/.server/categories/counts";
import { categoryTree } from "~/.server/categories/queries";
import type { DB } from "~/.server/db";
import type * as IntColumns from "~/.server/db/int-columns";
import { nowIso } from "~/.server/db/values";
import { setListingState } from "~/.server/reports/moderation";
import { rebuildPolicy } from "~/.server/search/current";
import { checkCatalogFreshness, FINGERPRINT_EVERY_MS, invalidateCatalogScopes } from "~/.server/tools/cache";
import { NO_OFFERS } from "~/lib/offers";
import { createTestDatabase, secondConnection, testDialects, type TestDatabase } from "../support/databases";
import { insertSubmission, insertUser, submitPayload } from "../support/submissions";

/**
 * The category counts the sidebars and category pages show, after a change that names its tools (decision
 * 0040): only those tools' counts move (their previous categories down, their current ones up), nothing reads
 * every tool's links again, and the counts are what a full count gives. Another instance's named change
 * patches its counts too; a change that names no tool counts again.
 */
const reads = vi.hoisted(() => ({ links: 0, hold: null as Promise<void> | null }));
vi.mock("~/.server/db/int-columns", async (importOriginal) => {
  const actual = await importOriginal<typeof IntColumns>();
  const readIntColumns: typeof actual.readIntColumns = async (db, query, names) => {
    if ((query as RawBuilder<unknown>).compile(db).sql.includes("tool_categories")) {
      reads.links++;
      if (reads.hold) await reads.hold;
    }
    return actual.readIntColumns(db, query, names);
  };
  return { ...actual, readIntColumns };
});

const ADMIN = { id: "counts-admin", email: "counts-admin@example.com" };

describe.each(testDialects())("category counts after a change of named tools on %s", (dialect) => {
  let t: TestDatabase;
  let other: DB;
  let uploadDir: string;
  let userId: string;
  let ids: number[] = [];
  let subcategories: Array<{ id: number; slug: string }> = [];
  const policy = rebuildPolicy.answerFromPreviousFromTools;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "category-counts-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir, deferImages: true, imageCacheDir: null });
    const categories = await t.db.selectFrom("categories").select(["id", "slug", "parent_id"]).orderBy("id").execute();
    subcategories = categories.filter((c) => c.parent_id !== null).map((c) => ({ id: Number(c.id), slug: c.slug }));
    const tops = categories.filter((c) => c.parent_id === null).map((c) => Number(c.id));
    const rows = Array.from({ length: 30 }, (_, i) => ({ slug: `counted-${i}`, website_url: `https://counted-${i}.example`, pricing: "free", updated_at: nowIso() }));
    ids = (await t.db.insertInto("tools").values(rows).returning("id").execute()).map((row) => Number(row.id));
    await t.db
      .insertInto("tool_translations")
      .values(ids.map((id, i) => ({ tool_id: id, language: "us-en", name: `Counted ${i}`, tags: "[]", features: "[]", use_cases: "[]", faq: "[]", updated_at: nowIso() })))
      .execute();
    const links = ids.flatMap((id, i) => [
      { tool_id: id, category_id: tops[i % tops.length]!, position: 0 },
      ...(i % 2 ? [{ tool_id: id, category_id: subcategories[i % subcategories.length]!.id, position: 1 }] : []),
    ]);
    await t.db.insertInto("tool_categories").values(links).execute();
    await t.db.updateTable("tools").set({ status: "hidden" }).where("id", "=", ids[3]!).execute();
    userId = await insertUser(t.db, dialect, "counts-maker@example.com");
    const now = nowIso();
    await t.db.insertInto("user").values({ id: ADMIN.id, name: "Admin", email: ADMIN.email, emailVerified: 0, createdAt: now, updatedAt: now }).execute();
    other = secondConnection(t);
  });
  beforeEach(() => {
    reads.links = 0;
  });
  afterEach(() => {
    rebuildPolicy.answerFromPreviousFromTools = policy;
    vi.useRealTimers();
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** Published tools per category as a full count gives them now. */
  async function freshCounts(db: DB): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom("tool_categories as tc")
      .innerJoin("tools as t", "t.id", "tc.tool_id")
      .select(["tc.category_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("t.status", "=", "published")
      .groupBy("tc.category_id")
      .execute();
    return new Map(rows.map((row) => [Number(row.category_id), Number(row.n)]));
  }

  /** The kept counts of `db` (and the category tree built from them) are a full count's; returns the full reads they took. */
  async function expectCountsAsRead(db: DB = t.db): Promise<number> {
    const before = reads.links;
    const kept = await categoryCounts(db);
    const tree = await categoryTree(db, "us-en");
    const taken = reads.links - before;
    const fresh = await freshCounts(db);
    expect(new Map([...kept.byCategory].sort(([a], [b]) => a - b))).toEqual(new Map([...fresh].sort(([a], [b]) => a - b)));
    for (const top of tree) {
      expect(top.toolCount, top.slug).toBe(fresh.get(top.id) ?? 0);
      for (const sub of top.subcategories) expect(sub.toolCount, sub.slug).toBe(fresh.get(sub.id) ?? 0);
    }
    return taken;
  }

  it("counts an approved tool in its category without counting every link again", async () => {
    expect(await expectCountsAsRead()).toBe(1);
    const category = Number((await t.db.selectFrom("categories").select("id").where("slug", "=", "text-generation-editing").executeTakeFirstOrThrow()).id);
    const before = (await categoryCounts(t.db)).byCategory.get(category) ?? 0;
    const id = await insertSubmission(t.db, userId, submitPayload({ name: "Counted Draftsmith", slug: "counted-approved", contact_email: "maker@users.invalid" }));
    await reviewSubmission(t.db, ADMIN, id, { status: "approved", notes: null });
    expect(await expectCountsAsRead()).toBe(0);
    expect((await categoryCounts(t.db)).byCategory.get(category)).toBe(before + 1);
  });

  it("moves an edited tool's count from its previous subcategory to its new one, and takes an unpublished tool's out", async () => {
    await expectCountsAsRead();
    const slug = "counted-1";
    const current = (await loadToolEditor(t.db, slug, "us-en"))!.values;
    const moved = subcategories.find((sub) => !current.subcategories.includes(sub.slug))!;
    const input = toolEditorInput.parse({
      language: "us-en",
      name: "Counted 1",
      website_url: current.website_url,
      description: current.description ?? "",
      category: "",
      pricing: "free",
      tags: "",
      features: "",
      use_cases: "",
      subcategories: [moved.slug],
      image_url: current.image_url ?? "",
      note: "",
    });
    expect((await saveToolEdit(t.db, ADMIN, slug, input, NO_OFFERS)).map((row) => row.field)).toContain("subcategories");
    expect(await expectCountsAsRead()).toBe(0);

    await setListingState(t.db, ADMIN, "tool", ids[1]!, "unpublish");
    expect(await expectCountsAsRead()).toBe(0);
    expect((await categoryCounts(t.db)).categoriesOf(ids[1]!)).toEqual([]);
  });

  it("patches another instance's counts for a change named in the change log, and counts again after one that names no tool", async () => {
    let clock = Date.now();
    const otherLooks = async () => {
      clock = Math.max(clock, Date.now()) + FINGERPRINT_EVERY_MS + 1;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(clock);
      await checkCatalogFreshness(other);
    };
    await otherLooks();
    await expectCountsAsRead(other);
    await otherLooks();
    // Another instance publishes a hidden tool again and moves one to another subcategory.
    await t.db.updateTable("tools").set({ status: "published" }).where("id", "=", ids[3]!).execute();
    await t.db.deleteFrom("tool_categories").where("tool_id", "=", ids[5]!).execute();
    await t.db.insertInto("tool_categories").values({ tool_id: ids[5]!, category_id: subcategories[0]!.id, position: 0 }).execute();
    const { rows } = await sql<{ revision: number }>`insert into shared_revisions (name, revision) values ('catalog', 1) on conflict (name) do update set revision = shared_revisions.revision + 1 returning revision`.execute(t.db);
    await t.db.insertInto("tool_changes").values([ids[3]!, ids[5]!].map((id) => ({ revision: Number(rows[0]!.revision), tool_id: id }))).execute();
    await otherLooks();
    expect(await expectCountsAsRead(other)).toBe(0);

    await t.db.updateTable("tools").set({ status: "hidden" }).where("id", "=", ids[7]!).execute();
    invalidateCatalogScopes(["tools"]);
    expect(await expectCountsAsRead()).toBe(1);
  });

  it("on a large catalogue, answers from the previous counts while every link is read again", async () => {
    await expectCountsAsRead();
    const previous = await categoryCounts(t.db);
    // As from 10,000 tools on: here every catalogue counts as large.
    rebuildPolicy.answerFromPreviousFromTools = 1;
    let release = () => {};
    reads.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      await t.db.updateTable("tools").set({ status: "hidden" }).where("id", "=", ids[9]!).execute();
      invalidateCatalogScopes(["tools"]);
      expect(await categoryCounts(t.db)).toBe(previous);
    } finally {
      reads.hold = null;
      release();
    }
    let counts = previous;
    for (let attempt = 0; attempt < 200 && counts === previous; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      counts = await categoryCounts(t.db);
    }
    expect(counts).not.toBe(previous);
    await expectCountsAsRead();
  });
});
