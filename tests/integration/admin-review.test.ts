import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reviewAdRequest } from "~/.server/admin/ads";
import { listAudit } from "~/.server/admin/audit";
import { listSubmissions, reviewSubmission } from "~/.server/admin/submissions";
import { changedFields, loadEditableTool } from "~/.server/submissions/update";
import { listToolsOrder, saveToolsOrder } from "~/.server/admin/tools-order";
import type { DB } from "~/.server/db";
import { nowIso } from "~/.server/db/values";
import { AppError } from "~/.server/errors";
import { directoryPages } from "~/.server/seo/sitemap";
import { getAutocompleteIndex, queryIndex } from "~/.server/tools/autocomplete";
import { homeSections, listTools } from "~/.server/tools/queries";
import { changeCatalog } from "~/.server/catalog/changes";
import { comparableTool } from "~/.server/offers/page-data";
import { readToolOffers, syncOffers } from "~/.server/offers/store";
import { pagePriorities } from "~/lib/admin";
import { offersSchema } from "~/lib/offers";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { captureMailAndUploads } from "../support/smtp";
import { insertAdRequest, insertSubmission, insertUpdateSubmission, insertUser, submitPayload } from "../support/submissions";

/** The review queue and tools order on each engine: what an approval publishes, what a decision records and mails. */
const smtp = captureMailAndUploads("admin-review");

async function addCategory(db: DB, slug: string, name: string): Promise<number> {
  const { id } = await db.insertInto("categories").values({ slug, parent_id: null, icon_name: null, color: null, updated_at: nowIso() }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("category_translations").values({ category_id: id, language: "us-en", name, description: null }).execute();
  return Number(id);
}

async function addTool(db: DB, slug: string, name: string, options: { featured?: boolean; categoryId?: number } = {}): Promise<number> {
  const { id } = await db
    .insertInto("tools")
    .values({ slug, website_url: `https://${slug}.example`, pricing: "free", is_featured: options.featured ? 1 : 0, manual_priority: null, rating: 4, review_count: 3, created_at: "2025-01-01T00:00:00.000Z", updated_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("tool_translations").values({ tool_id: id, language: "us-en", name, description: `${name} does things.`, features: "[]", use_cases: "[]", faq: "[]", tags: "[]", updated_at: nowIso() }).execute();
  if (options.categoryId) await db.insertInto("tool_categories").values({ tool_id: id, category_id: options.categoryId, position: 0 }).execute();
  return Number(id);
}

function mailTo(address: string): string {
  const found = smtp.messages.filter((m) => m.to.includes(address));
  return found.map((m) => m.raw.replace(/=\r?\n/g, "")).join("\n");
}

/** The Subject header of the first mail to `address`, its base64 encoded words (as nodemailer writes them) decoded. */
function subjectTo(address: string): string {
  const raw = smtp.messages.find((m) => m.to.includes(address))?.raw ?? "";
  const header = /^Subject: (.+(?:\r?\n[ \t].+)*)/m.exec(raw)?.[1] ?? "";
  const words = [...header.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/gi)].map((m) => Buffer.from(m[1]!, "base64"));
  return words.length ? Buffer.concat(words).toString("utf8") : header;
}

async function rejects(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(testDialects())("admin review on %s", (dialect) => {
  let test: TestDatabase;
  let db: DB;
  let userId: string;
  let writingId: number;
  const admin = { id: "", email: "chief@example.com" };

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    db = test.db;
    userId = await insertUser(db, dialect, `maker-${dialect}@example.com`, "Maker");
    admin.id = await insertUser(db, dialect, admin.email, "Chief");
    writingId = await addCategory(db, "text-generation-editing", "Text generation");
    await addCategory(db, "image-generation-editing", "Image generation");
  });
  afterAll(() => test.destroy());

  it("publishes an approved submission at once: list search, autocomplete, category, sitemap; mails the note", async () => {
    // Warm every cache first, so the test proves the approval invalidates them.
    const search = { lang: "zh-CN", search: "Quill", sort: "popular" as const, page: 1 };
    expect((await listTools(db, search)).total).toBe(0);
    expect(queryIndex(await getAutocompleteIndex(db), "zh-CN", "quill").items).toHaveLength(0);
    expect((await directoryPages(db)).some((p) => p.path === "/tool/quill-draftsmith")).toBe(false);

    const email = `maker-${dialect}@example.com`;
    const id = await insertSubmission(db, userId, submitPayload({ language: "zh-CN", contact_email: email }));
    const listed = await listSubmissions(db, { status: "pending", page: 1, pageSize: 20 });
    expect(listed.data.map((s) => s.id)).toContain(id);
    expect(listed.data.find((s) => s.id === id)?.submit?.name).toBe("Quill Draftsmith");

    const result = await reviewSubmission(db, admin, id, { status: "approved", notes: "Welcome aboard" });
    expect(result.toolSlug).toBe("quill-draftsmith");

    const tool = await db.selectFrom("tools").selectAll().where("slug", "=", "quill-draftsmith").executeTakeFirstOrThrow();
    expect(tool.pricing).toBe("freemium");
    expect(tool.image_url).toMatch(/^\/uploads\/tools\/quill-draftsmith\/logo-/);
    const texts = await db.selectFrom("tool_translations").selectAll().where("tool_id", "=", tool.id).orderBy("language").execute();
    expect(texts.map((t) => t.language)).toEqual(["us-en", "zh-CN"]);
    // The preset tags chosen on the form are written in the submission's language.
    expect(JSON.parse(texts.find((t) => t.language === "zh-CN")!.tags)).toEqual(["AI 写作", "效率工具"]);
    const links = await db.selectFrom("tool_categories").select("category_id").where("tool_id", "=", tool.id).execute();
    expect(links.map((l) => Number(l.category_id))).toEqual([writingId]);
    const submission = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([submission.status, submission.notes, Number(submission.tool_id), submission.reviewed_by]).toEqual(["approved", "Welcome aboard", Number(tool.id), admin.id]);

    expect((await listTools(db, search)).tools.map((t) => t.slug)).toEqual(["quill-draftsmith"]);
    expect((await listTools(db, { ...search, search: undefined, categoryIds: [writingId] })).tools.map((t) => t.slug)).toContain("quill-draftsmith");
    // The previous index answers while the new one builds in the background (a few milliseconds here).
    await vi.waitFor(async () => expect(queryIndex(await getAutocompleteIndex(db), "zh-CN", "quill").items.map((i) => i.slug)).toEqual(["quill-draftsmith"]), { timeout: 2000 });
    expect((await directoryPages(db)).some((p) => p.path === "/tool/quill-draftsmith")).toBe(true);

    await smtp.linkFor(email);
    const mail = mailTo(email);
    expect(mail).toContain("Welcome aboard");
    expect(mail).toContain("/zh-CN/tool/quill-draftsmith");
  });

  it("resolves a slug collision with -2 instead of failing", async () => {
    const id = await insertSubmission(db, userId, submitPayload({ contact_email: "twin@example.com" }));
    const result = await reviewSubmission(db, admin, id, { status: "approved", notes: null });
    expect(result.toolSlug).toBe("quill-draftsmith-2");
  });

  it("publishes once when two administrators approve one submission at the same moment; the other gets a conflict", async () => {
    const id = await insertSubmission(db, userId, submitPayload({ name: "Race Writer", contact_email: "race@example.com" }));
    const second = { id: await insertUser(db, dialect, `second-${dialect}@example.com`, "Second"), email: `second-${dialect}@example.com` };
    const outcomes = await Promise.allSettled([reviewSubmission(db, admin, id, { status: "approved", notes: null }), reviewSubmission(db, second, id, { status: "approved", notes: null })]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason instanceof AppError && refused.reason.code).toBe("conflict");
    expect((await db.selectFrom("tools").select("slug").where("slug", "like", "race-writer%").execute()).map((t) => t.slug)).toEqual(["race-writer"]);
  });

  it("gives two submissions of one name approved at the same moment a slug each", async () => {
    const ids = await Promise.all([1, 2].map((n) => insertSubmission(db, userId, submitPayload({ name: "Twin Writer", website_url: `https://twin-${n}.example.com`, contact_email: "twins@example.com" }))));
    const results = await Promise.all(ids.map((id) => reviewSubmission(db, admin, id, { status: "approved", notes: null })));
    expect(results.map((r) => r.toolSlug).sort()).toEqual(["twin-writer", "twin-writer-2"]);
  });

  it("refuses a rejection without a reason, keeps the row pending, and accepts one with a reason", async () => {
    const email = `rejected-${dialect}@example.com`;
    const id = await insertSubmission(db, userId, submitPayload({ name: "Spam Machine", contact_email: email }));
    const error = await rejects(reviewSubmission(db, admin, id, { status: "rejected", notes: null }));
    expect([error.status, error.details?.reason]).toEqual([400, "reason_required"]);
    expect((await db.selectFrom("submissions").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("pending");

    await reviewSubmission(db, admin, id, { status: "rejected", notes: "Duplicate of an existing listing" });
    expect(await db.selectFrom("tools").select("id").where("slug", "=", "spam-machine").executeTakeFirst()).toBeUndefined();
    await smtp.linkFor(email).catch(() => undefined);
    expect(mailTo(email)).toContain("Duplicate of an existing listing");
    // A second decision on the same row is a conflict, not a second tool.
    expect((await rejects(reviewSubmission(db, admin, id, { status: "approved", notes: null }))).status).toBe(409);
  });

  it("shows an update's field-by-field diff, then applies only the changed fields", async () => {
    const toolId = await addTool(db, "inkwell", "Inkwell", { categoryId: writingId });
    const id = await insertUpdateSubmission(db, userId, toolId, {
      tool_slug: "inkwell",
      language: "us-en",
      contact_email: "inkwell@example.com",
      before: { name: "Inkwell", pricing: "free" },
      changes: { name: "Inkwell", pricing: "paid", description: "Writes better.", category: "image-generation-editing" },
    });
    const listed = (await listSubmissions(db, { status: "pending", page: 1, pageSize: 20 })).data.find((s) => s.id === id)!;
    expect(listed.diff?.map((d) => [d.field, d.before, d.after])).toEqual([
      ["description", "Inkwell does things.", "Writes better."],
      ["category", "text-generation-editing", "image-generation-editing"],
      ["pricing", "free", "paid"],
    ]);
    await reviewSubmission(db, admin, id, { status: "approved", notes: "Thanks" });
    const tool = await db.selectFrom("tools").select(["pricing"]).where("id", "=", toolId).executeTakeFirstOrThrow();
    expect(tool.pricing).toBe("paid");
    const text = await db.selectFrom("tool_translations").select(["name", "description"]).where("tool_id", "=", toolId).where("language", "=", "us-en").executeTakeFirstOrThrow();
    expect(text).toEqual({ name: "Inkwell", description: "Writes better." });
    const audit = await listAudit(db, { entityType: "tool", entityId: String(toolId), page: 1, pageSize: 20 });
    expect(audit.data[0]?.changes.pricing).toEqual({ before: "free", after: "paid" });
  });

  it("publishes what an approved submission says the tool offers, and shows it on the tool's page", async () => {
    const offers = offersSchema.parse({ free_plan: true, free_trial: false, price_from: 12.5, price_currency: "EUR", platforms: ["web", "ios"], interface_languages: ["en", "de"] });
    const id = await insertSubmission(db, userId, submitPayload({ name: "Offer Scribe", contact_email: "offers@example.com", offers }));
    const listed = (await listSubmissions(db, { status: "pending", page: 1, pageSize: 20 })).data.find((s) => s.id === id)!;
    expect(listed.submit?.offers).toEqual(offers);
    const result = await reviewSubmission(db, admin, id, { status: "approved", notes: null });
    const page = await comparableTool(db, "tool", result.toolSlug!, "us-en");
    expect(page?.offers).toMatchObject({ free_plan: true, free_trial: false, open_source: null, api: null, price_from: 12.5, price_currency: "EUR", platforms: ["web", "ios"], interface_languages: ["en", "de"] });
  });

  it("shows changed offers as one before/after row of an update's diff and applies them on approval", async () => {
    const toolId = await addTool(db, "offer-pad", "Offer Pad", { categoryId: writingId });
    await changeCatalog(db, "tools", (trx) => syncOffers(trx, "tool", toolId, { free_plan: true, platforms: ["web"] }));
    const tool = await loadEditableTool(db, "offer-pad", "us-en");
    // The proposal starts from the tool's current offers.
    expect(tool?.values.offers).toMatchObject({ free_plan: true, platforms: ["web"], price_from: null });
    const proposed = offersSchema.parse({ free_plan: false, api: true, price_from: 9, price_currency: "USD", platforms: ["web", "android"] });
    const id = await insertUpdateSubmission(db, userId, toolId, {
      tool_slug: "offer-pad",
      language: "us-en",
      contact_email: "pad@example.com",
      before: { offers: tool!.values.offers },
      changes: { offers: proposed },
    });
    const listed = (await listSubmissions(db, { status: "pending", page: 1, pageSize: 20 })).data.find((s) => s.id === id)!;
    expect(listed.diff?.map((d) => d.field)).toEqual(["offers"]);
    expect(listed.diff?.[0]?.before).toMatchObject({ free_plan: true, api: null, platforms: ["web"] });
    expect(listed.diff?.[0]?.after).toMatchObject({ free_plan: false, api: true, price_from: 9, price_currency: "USD", platforms: ["web", "android"] });
    await reviewSubmission(db, admin, id, { status: "approved", notes: null });
    expect((await readToolOffers(db, [toolId])).get(toolId)).toMatchObject({ free_plan: false, api: true, price_from: 9, price_currency: "USD", platforms: ["web", "android"], interface_languages: null });
    expect((await comparableTool(db, "tool", "offer-pad", "us-en"))?.offers).toMatchObject({ free_plan: false, platforms: ["web", "android"] });
  });

  it("writes preset tags in the submission's language and reads them back as presets for updates and their diff", async () => {
    const email = `tags-${dialect}@example.com`;
    const id = await insertSubmission(db, userId, submitPayload({ name: "Bildmaschine", website_url: "https://bildmaschine.example.com", language: "de", contact_email: email, tags: ["Image Generation", "pixel art"] }));
    const { toolSlug } = await reviewSubmission(db, admin, id, { status: "approved", notes: null });
    const toolId = Number((await db.selectFrom("tools").select("id").where("slug", "=", toolSlug!).executeTakeFirstOrThrow()).id);
    const germanTags = async () => JSON.parse((await db.selectFrom("tool_translations").select("tags").where("tool_id", "=", toolId).where("language", "=", "de").executeTakeFirstOrThrow()).tags);
    expect(await germanTags()).toEqual(["Bildgenerierung", "pixel art"]);

    // The update form shows the preset toggled; sending the same tags in the form's order is no change.
    const editable = (await loadEditableTool(db, toolSlug!, "de"))!;
    expect(editable.values.tags).toEqual(["Image Generation", "pixel art"]);
    const form = { name: "Bildmaschine", website_url: "https://bildmaschine.example.com", description: editable.values.description, category: "", pricing: editable.values.pricing, contact_email: email, tags: ["pixel art", "Image Generation"], features: editable.values.features, use_cases: editable.values.use_cases };
    expect(changedFields(editable.values, form as never)).toEqual({});

    // An update adding a preset: the review diff speaks in presets, the German text gets German labels.
    const changes = changedFields(editable.values, { ...form, tags: ["Image Generation", "Free", "pixel art"] } as never);
    expect(changes).toEqual({ tags: ["Image Generation", "Free", "pixel art"] });
    const update = await insertUpdateSubmission(db, userId, toolId, { tool_slug: toolSlug!, language: "de", contact_email: email, before: { tags: editable.values.tags }, changes });
    const listed = (await listSubmissions(db, { status: "pending", page: 1, pageSize: 50 })).data.find((s) => s.id === update)!;
    expect(listed.diff).toEqual([{ field: "tags", before: ["Image Generation", "pixel art"], after: ["Image Generation", "Free", "pixel art"] }]);
    await reviewSubmission(db, admin, update, { status: "approved", notes: null });
    expect(await germanTags()).toEqual(["Bildgenerierung", "Kostenlos", "pixel art"]);
  });

  it("approves and rejects ad requests with notes and records both", async () => {
    const approved = await insertAdRequest(db, userId, "Banner Co", "banner@example.com");
    const rejected = await insertAdRequest(db, userId, "Shady Ads", "shady@example.com");
    await reviewAdRequest(db, admin, approved, { status: "approved", notes: "Starts Monday" });
    expect((await rejects(reviewAdRequest(db, admin, rejected, { status: "rejected", notes: null }))).status).toBe(400);
    await reviewAdRequest(db, admin, rejected, { status: "rejected", notes: "Gambling is not allowed" });
    const rows = await db.selectFrom("ad_submissions").select(["id", "status", "notes"]).where("id", "in", [approved, rejected]).orderBy("id").execute();
    expect(rows.map((r) => [r.status, r.notes])).toEqual([["approved", "Starts Monday"], ["rejected", "Gambling is not allowed"]]);
    const audit = await listAudit(db, { entityType: "ad_submission", page: 1, pageSize: 20 });
    expect(audit.data.map((a) => a.action).sort()).toEqual(["ad.approve", "ad.reject"]);
    expect(audit.data[0]?.actorEmail).toBe(admin.email);
  });

  it("mails an ad decision in the language the request was made in", async () => {
    const email = `ads-ja-${dialect}@example.com`;
    const id = await insertAdRequest(db, userId, "Sakura Banner", email, "ja");
    await reviewAdRequest(db, admin, id, { status: "rejected", notes: "No gambling" });
    await expect.poll(() => mailTo(email)).toContain("/ja/user/orders");
    expect(subjectTo(email)).toBe("Sakura Banner の広告申し込みは承認されませんでした");
  });

  it("saves pins and a moved order; the home page's featured order follows at once", async () => {
    for (const slug of ["alpha", "bravo", "charlie"]) await addTool(db, `order-${slug}`, `Order ${slug}`, { featured: true });
    await db.updateTable("tools").set({ is_featured: 0 }).where("slug", "not like", "order-%").execute();
    const featuredSlugs = async () => (await homeSections(db, "us-en")).featured.map((t) => t.slug).filter((s) => s.startsWith("order-"));
    const before = await featuredSlugs();
    expect(before).toHaveLength(3);

    const page = await listToolsOrder(db, { page: 1, pageSize: 20, sortDir: "desc" });
    const ordered = page.data.map((row) => row.id);
    const last = page.data.find((row) => row.slug === before[2])!;
    const middle = page.data.find((row) => row.slug === before[1])!;
    // Pin the last featured tool and move the middle one to the top of the page.
    const moved = [middle.id, ...ordered.filter((id) => id !== middle.id)];
    const priorities = pagePriorities(moved.length, 1, 20, page.total);
    const updates = moved.map((id, i) => ({ id, pinned: id === last.id, manual_priority: priorities[i]! }));
    const { updated } = await saveToolsOrder(db, admin, { updates });
    expect(updated).toBeGreaterThan(0);
    expect(await featuredSlugs()).toEqual([before[2], before[1], before[0]]);
    const audit = await listAudit(db, { action: "tools.order", entityId: String(last.id), page: 1, pageSize: 5 });
    expect(audit.data[0]?.changes.pinned).toEqual({ before: false, after: true });

    expect((await rejects(saveToolsOrder(db, admin, { updates: [{ id: 999_999, pinned: false, manual_priority: null }] }))).status).toBe(404);
  });

  it("sorts the tools-order page by any of spec 9's fields", async () => {
    const asc = await listToolsOrder(db, { page: 1, pageSize: 5, sortBy: "id", sortDir: "asc" });
    expect(asc.data.map((r) => r.id)).toEqual([...asc.data.map((r) => r.id)].sort((a, b) => a - b));
    await db.updateTable("tools").set({ manual_priority: null }).where("slug", "=", "inkwell").execute();
    const withNull = (await listToolsOrder(db, { page: 1, pageSize: 50, sortBy: "manual_priority", sortDir: "asc" })).data.map((r) => r.manual_priority);
    const numbers = withNull.filter((p): p is number => p !== null);
    expect(withNull).toEqual([...numbers.sort((a, b) => a - b), ...withNull.filter((p) => p === null)]);
    expect(withNull.at(-1)).toBeNull();
  });
});
