import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, LastAdministratorError } from "~/.server/account/delete-account";
import { loadToolEditor, saveEcommerceEdit, saveToolEdit } from "~/.server/admin/listing-editor";
import { ecommerceEditorInput, firstEditorError, toolEditorInput } from "~/.server/admin/listing-editor-rules";
import { grantRole } from "~/.server/auth/users";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import { getEcommerceProduct, isUnpublishedEcommerce } from "~/.server/ecommerce/detail";
import { listEcommerceTools } from "~/.server/ecommerce/queries";
import { setFavorite } from "~/.server/favorites/queries";
import { setRating } from "~/.server/ratings/queries";
import { moderate } from "~/.server/reports/moderation";
import { fileReport } from "~/.server/reports/queries";
import { listEcommerceSitemapEntries } from "~/.server/resolve/ecommerce-source";
import { subjectIdOf, voteHelpful, writeReview } from "~/.server/reviews/queries";
import { getToolDetail } from "~/.server/tools/detail";
import { NO_OFFERS } from "~/lib/offers";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const FIXTURES = "tests/fixtures/catalog";
const ADMIN = { id: "admin-actor", email: "admin@example.com" };
const OLD = new Date(Date.now() - 5 * 86_400_000).toISOString();

async function createUser(db: DB, id: string): Promise<string> {
  await db.insertInto("user").values({ id, name: `${id} Example`, email: `${id}@example.com`, emailVerified: 1, createdAt: OLD, updatedAt: OLD }).execute();
  return id;
}

/** Every figure a visitor sees for a tool, an e-commerce tool and a review. */
async function figures(db: DB, reviewId: number) {
  const tool = await db.selectFrom("tools").select(["rating", "review_count", "favorite_count", "user_rating_sum", "user_rating_count"]).where("slug", "=", "quillbot").executeTakeFirstOrThrow();
  const shop = await db.selectFrom("ecommerce_tools").select(["rating", "review_count", "user_rating_sum", "user_rating_count"]).where("slug", "=", "jungle-scout").executeTakeFirstOrThrow();
  const review = await db.selectFrom("reviews").select("helpful_count").where("id", "=", reviewId).executeTakeFirstOrThrow();
  const num = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  return { tool: num(tool), shop: num(shop), helpful: Number(review.helpful_count) };
}

const body = "Used it for three months on real projects; it does what it says.";

describe.each(testDialects())("listing edits, e-commerce moderation and account deletion on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-uploads-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it("deleting an account leaves every figure exactly as if the account had never existed", async () => {
    const stays = await createUser(t.db, "stays");
    const leaving = await createUser(t.db, "leaving");
    await writeReview(t.db, stays, { subject: "tool", slug: "quillbot", rating: 4, title: "Solid paraphraser", body, language: "us-en" });
    const kept = (await t.db.selectFrom("reviews").select("id").where("user_id", "=", stays).executeTakeFirstOrThrow()).id;
    const before = await figures(t.db, kept);

    await writeReview(t.db, leaving, { subject: "tool", slug: "quillbot", rating: 1, title: "Not for me at all", body, language: "de" });
    await writeReview(t.db, leaving, { subject: "ecommerce_tool", slug: "jungle-scout", rating: 2, title: "Too expensive here", body, language: "de" });
    await setRating(t.db, leaving, "lavender", 5);
    await voteHelpful(t.db, leaving, kept, true);
    await setFavorite(t.db, leaving, { type: "tool", slug: "quillbot", favorited: true, lang: "de" });
    await setFavorite(t.db, leaving, { type: "ecommerce_tool", slug: "jungle-scout", favorited: true, lang: "de" });
    const toolId = (await subjectIdOf(t.db, "tool", "quillbot"))!;
    await fileReport(t.db, { subject: "tool", subjectId: toolId, reason: "wrong", details: "", reporter: `user:${leaving}` });
    await t.db.insertInto("session").values({ id: "s-leaving", userId: leaving, token: "tok-leaving", expiresAt: new Date(Date.now() + 86_400_000).toISOString(), createdAt: OLD, updatedAt: OLD, ipAddress: null, userAgent: null }).execute();
    const during = await figures(t.db, kept);
    expect(during.tool.review_count).toBe(before.tool.review_count + 1);
    expect(during.tool.favorite_count).toBe(before.tool.favorite_count + 1);
    expect(during.shop.review_count).toBe(before.shop.review_count + 1);
    expect(during.helpful).toBe(before.helpful + 1);

    const removed = await deleteAccount(t.db, leaving, { adminEmails: [] });
    expect(removed).toMatchObject({ stars: 3, reviews: 2, votes: 1, favorites: 2 });
    expect(await figures(t.db, kept)).toEqual(before);
    expect(await t.db.selectFrom("user").select("id").where("id", "=", leaving).execute()).toEqual([]);
    expect(await t.db.selectFrom("session").select("id").where("userId", "=", leaving).execute()).toEqual([]);
    for (const table of ["ratings", "ecommerce_ratings", "favorites", "ecommerce_favorites", "review_votes", "reviews"] as const) {
      expect(await t.db.selectFrom(table).select("user_id").where("user_id", "=", leaving).execute()).toEqual([]);
    }
    // The report still counts, without the person behind it.
    const reports = await t.db.selectFrom("reports").select("reporter").where("subject", "=", "tool").where("subject_id", "=", toolId).where("status", "=", "open").execute();
    expect(reports.map((r) => r.reporter)).toEqual([expect.stringMatching(/^deleted:\d+$/)]);
    const audit = await t.db.selectFrom("admin_audit_log").select(["action", "actor_email"]).where("entity_type", "=", "user").where("entity_id", "=", leaving).execute();
    expect(audit).toEqual([{ action: "account.delete", actor_email: null }]);
  });

  it("keeps the last administrator's account", async () => {
    const only = await createUser(t.db, "only-admin");
    await grantRole(t.db, only, "admin");
    await expect(deleteAccount(t.db, only, { adminEmails: [] })).rejects.toBeInstanceOf(LastAdministratorError);
    expect(await t.db.selectFrom("user").select("id").where("id", "=", only).execute()).toHaveLength(1);
    const second = await createUser(t.db, "second-admin");
    await grantRole(t.db, second, "admin");
    await deleteAccount(t.db, only, { adminEmails: [] });
    expect(await t.db.selectFrom("user").select("id").where("id", "=", only).execute()).toEqual([]);
    await expect(deleteAccount(t.db, second, { adminEmails: [] })).rejects.toBeInstanceOf(LastAdministratorError);
  });

  it("marks an e-commerce tool discontinued (page stays, out of lists and sitemap), then unpublishes it", async () => {
    const id = (await subjectIdOf(t.db, "ecommerce_tool", "shipbob"))!;
    await fileReport(t.db, { subject: "ecommerce_tool", subjectId: id, reason: "dead", details: "", reporter: "address:203.0.113.9" });
    const slugs = async () => (await listEcommerceTools(t.db, { lang: "us-en", search: "", sort: "popular", selection: { categories: [], filters: [], platforms: [] }, page: 1 })).cards.map((c) => c.slug);
    expect(await slugs()).toContain("shipbob");

    await moderate(t.db, ADMIN, { action: "discontinue", subject: "ecommerce_tool", subjectId: id });
    expect(await slugs()).not.toContain("shipbob");
    expect((await listEcommerceSitemapEntries(t.db)).map((e) => e.slug)).not.toContain("shipbob");
    expect((await getEcommerceProduct(t.db, "shipbob", "de"))?.view.slug).toBe("shipbob");
    expect(await t.db.selectFrom("reports").select("status").where("subject", "=", "ecommerce_tool").where("subject_id", "=", id).execute()).toEqual([{ status: "resolved" }]);

    await moderate(t.db, ADMIN, { action: "unpublish", subject: "ecommerce_tool", subjectId: id });
    expect(await getEcommerceProduct(t.db, "shipbob", "de")).toBeNull();
    expect(await isUnpublishedEcommerce(t.db, "shipbob")).toBe(true);
    expect(await isUnpublishedEcommerce(t.db, "no-such-tool")).toBe(false);
    expect(await subjectIdOf(t.db, "ecommerce_tool", "shipbob")).toBeNull();
    const audit = await t.db.selectFrom("admin_audit_log").select("action").where("entity_type", "=", "ecommerce_tool").where("entity_id", "=", String(id)).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["ecommerce_tool.discontinue", "ecommerce_tool.unpublish"]);
  });

  it("edits a tool's German texts and its website through the catalogue change, with the diff in the audit log", async () => {
    const english = await getToolDetail(t.db, "quillbot", "us-en");
    // As the form sends it: the fields it was given, some of them changed.
    const current = (await loadToolEditor(t.db, "quillbot", "de"))!.values;
    const input = toolEditorInput.parse({
      language: "de",
      name: "QuillBot Umschreiber",
      website_url: "https://quillbot.example/de",
      description: "Formuliert Texte um und fasst sie zusammen.",
      category: "",
      pricing: "freemium",
      tags: current.tags.join(", "),
      features: "Umschreiben\nZusammenfassen",
      use_cases: current.use_cases.join("\n"),
      subcategories: current.subcategories,
      image_url: current.image_url ?? "",
      note: "",
    });
    const diff = await saveToolEdit(t.db, ADMIN, "quillbot", input, NO_OFFERS);
    expect(diff.map((row) => row.field)).toEqual(expect.arrayContaining(["name", "website_url", "description", "features"]));
    const german = await getToolDetail(t.db, "quillbot", "de");
    expect(german).toMatchObject({ name: "QuillBot Umschreiber", websiteUrl: "https://quillbot.example/de", description: "Formuliert Texte um und fasst sie zusammen." });
    expect((await getToolDetail(t.db, "quillbot", "us-en"))!.name).toBe(english!.name);
    // The same form sent again changes nothing and records nothing.
    expect(await saveToolEdit(t.db, ADMIN, "quillbot", input, NO_OFFERS)).toEqual([]);
    // Subcategories are the boxes the form ticks; an unknown one is refused.
    const subcategory = (await t.db.selectFrom("categories").select("slug").where("parent_id", "is not", null).orderBy("id").execute()).map((c) => c.slug).find((slug) => !current.subcategories.includes(slug))!;
    const moved = await saveToolEdit(t.db, ADMIN, "quillbot", { ...input, subcategories: [subcategory] }, NO_OFFERS);
    expect(moved).toEqual([{ field: "subcategories", before: current.subcategories, after: [subcategory] }]);
    expect((await loadToolEditor(t.db, "quillbot", "de"))!.values.subcategories).toEqual([subcategory]);
    await expect(saveToolEdit(t.db, ADMIN, "quillbot", { ...input, subcategories: ["no-such-subcategory"] }, NO_OFFERS)).rejects.toThrow("categoryInvalid");
    const audit = await t.db.selectFrom("admin_audit_log").select(["action", "changes"]).where("action", "=", "tool.edit").orderBy("id").execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.changes!).name).toEqual({ before: english!.name, after: "QuillBot Umschreiber" });
  });

  it("edits an e-commerce tool's pros, categories and offers, and refuses bad fields with their codes", async () => {
    const input = ecommerceEditorInput.parse({
      language: "us-en",
      name: "Jungle Scout",
      website_url: "https://www.junglescout.com",
      description: "Amazon product research.",
      pricing: "subscription",
      features: "Product database",
      pros: "Accurate sales estimates\nGood keyword tool",
      cons: "",
      image_url: "",
      categories: ["logistics", "overseas-warehouse"],
      tags: "research, AMAZON",
      note: "corrected from a report",
    });
    await saveEcommerceEdit(t.db, ADMIN, "jungle-scout", input, { ...NO_OFFERS, free_trial: true });
    const product = (await getEcommerceProduct(t.db, "jungle-scout", "us-en"))!;
    expect(product.view.pros).toEqual(["Accurate sales estimates", "Good keyword tool"]);
    expect(product.categories.map((c) => c.slug).sort()).toEqual(["logistics", "overseas-warehouse"]);
    expect(product.tags.map((tag) => tag.toLowerCase()).sort()).toEqual(["amazon", "research"]);
    const offers = await t.db.selectFrom("ecommerce_tool_offers").select("free_trial").where("tool_id", "=", product.id).executeTakeFirstOrThrow();
    expect(Number(offers.free_trial)).toBe(1);

    const bad = (fields: Record<string, unknown>) => {
      const parsed = toolEditorInput.safeParse({ language: "de", name: "X", website_url: "https://x.example", description: "", category: "", pricing: "free", tags: "", features: "", use_cases: "", image_url: "", ...fields });
      return parsed.success ? null : firstEditorError(parsed.error);
    };
    expect(bad({ website_url: "javascript:alert(1)" })).toEqual({ field: "website_url", code: "urlInvalid" });
    expect(bad({ name: "  " })).toEqual({ field: "name", code: "nameRequired" });
    expect(bad({ features: Array.from({ length: 21 }, (_, i) => `line ${i}`).join("\n") })).toEqual({ field: "features", code: "linesInvalid" });
    expect(bad({ pricing: "gratis" })).toEqual({ field: "pricing", code: "pricingInvalid" });
    await expect(saveEcommerceEdit(t.db, ADMIN, "jungle-scout", { ...input, categories: ["no-such-category"] }, NO_OFFERS)).rejects.toThrow("categoryInvalid");
    await expect(saveEcommerceEdit(t.db, ADMIN, "jungle-scout", { ...input, tags: ["Made-up tag"] }, NO_OFFERS)).rejects.toThrow("tagsUnknown");
  });
});
