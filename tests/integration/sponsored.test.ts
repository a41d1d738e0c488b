import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewAdRequest } from "~/.server/admin/ads";
import { listMyPlacements, placementState } from "~/.server/sponsored/orders";
import { countPlacement, createPlacement, placementFor, updatePlacement } from "~/.server/sponsored/placements";
import { listSponsoredEntry, sponsoredEntry } from "~/.server/sponsored/view";
import { addDays } from "~/.server/analytics/salts";
import { catalogGeneration } from "~/.server/tools/cache";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertTool } from "../support/detail-fixtures";

/**
 * Sponsored places: an approved advertising request becomes a placement of one tool in one slot on given
 * days and languages; placements of a slot never overlap; pages get at most one per slot; impressions and
 * clicks are counted without bots; the buyer sees them among their orders; an administrator marks it paid.
 */
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const today = new Date().toISOString().slice(0, 10);

describe.each(testDialects())("sponsored placements on %s", (dialect) => {
  let t: TestDatabase;
  const admin = { id: "admin-1", email: "admin@example.com" };
  let requestId: number;
  let pendingId: number;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const now = new Date().toISOString();
    await t.db
      .insertInto("user")
      .values(["buyer", admin.id].map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
      .execute();
    await insertTool(t.db, { slug: "acme", category: "writing", translations: { en: { name: "Acme" }, de: { name: "Acme DE" } } });
    await insertTool(t.db, { slug: "other", category: "writing", translations: { en: { name: "Other" } } });
    const insert = () =>
      t.db
        .insertInto("ad_submissions")
        .values({ user_id: "buyer", tool_name: "Acme", contact_email: "buyer@example.com", status: "pending", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
    requestId = Number((await insert()).id);
    pendingId = Number((await insert()).id);
    await reviewAdRequest(t.db, admin, requestId, { status: "approved", notes: null });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const base = { toolSlug: "acme", slot: "home" as const, startsOn: today, endsOn: addDays(today, 6), languages: ["de" as const, "zh-CN" as const] };

  it("turns only an approved request into a placement, and never two in one slot on the same day", async () => {
    await expect(createPlacement(t.db, admin, { ...base, adSubmissionId: pendingId })).rejects.toMatchObject({ details: { reason: "not_approved" } });
    await expect(createPlacement(t.db, admin, { ...base, adSubmissionId: requestId, toolSlug: "nope" })).rejects.toMatchObject({ details: { reason: "unknown_tool" } });
    const generation = catalogGeneration(["sponsored"]);
    const id = await createPlacement(t.db, admin, { ...base, adSubmissionId: requestId });
    // The page cache and the placement reads are dropped: the new placement shows at once.
    expect(catalogGeneration(["sponsored"])).toBeGreaterThan(generation);
    await expect(createPlacement(t.db, admin, { ...base, adSubmissionId: requestId, startsOn: addDays(today, 6), endsOn: addDays(today, 9) })).rejects.toMatchObject({
      details: { reason: "overlap", placementId: id },
    });
    // The day after it ends is free, and so is another slot.
    await createPlacement(t.db, admin, { ...base, adSubmissionId: requestId, startsOn: addDays(today, 7), endsOn: addDays(today, 8) });
    await createPlacement(t.db, admin, { ...base, adSubmissionId: requestId, slot: "search", toolSlug: "other", languages: ["us-en"] });
    await expect(createPlacement(t.db, admin, { ...base, adSubmissionId: requestId, slot: "category", categorySlug: "no-such" })).rejects.toMatchObject({ details: { reason: "unknown_category" } });
    await createPlacement(t.db, admin, { ...base, adSubmissionId: requestId, slot: "category", categorySlug: "writing" });
    const audit = await t.db.selectFrom("admin_audit_log").select("action").where("entity_type", "=", "placement").execute();
    expect(audit.map((a) => a.action)).toEqual(Array(4).fill("placement.create"));
  });

  it("shows a placement in its slot, languages, category and days only", async () => {
    expect((await sponsoredEntry(t.db, "home", "de"))?.tool).toMatchObject({ slug: "acme", name: "Acme DE" });
    expect((await sponsoredEntry(t.db, "home", "zh-CN"))?.tool.slug).toBe("acme");
    expect(await sponsoredEntry(t.db, "home", "us-en")).toBeNull();
    expect((await listSponsoredEntry(t.db, "us-en", { search: "chat", categorySlug: null, page: 1 }))?.tool.slug).toBe("other");
    expect(await listSponsoredEntry(t.db, "us-en", { search: "chat", categorySlug: null, page: 2 })).toBeNull();
    expect((await listSponsoredEntry(t.db, "de", { search: "", categorySlug: "writing", page: 1 }))?.tool.slug).toBe("acme");
    expect(await listSponsoredEntry(t.db, "de", { search: "", categorySlug: "design", page: 1 })).toBeNull();
    expect(await placementFor(t.db, "home", "de", null, addDays(today, 10))).toBeNull();
    expect(await placementFor(t.db, "home", "de", null, addDays(today, -1))).toBeNull();
    expect(await placementFor(t.db, "home", "de", null, addDays(today, 7))).not.toBeNull();
  });

  it("counts impressions and clicks of people, not bots, and shows them among the buyer's orders", async () => {
    const entry = (await sponsoredEntry(t.db, "home", "de"))!;
    expect(await countPlacement(t.db, entry.placementId, "impressions", BROWSER)).toBe(true);
    expect(await countPlacement(t.db, entry.placementId, "impressions", BROWSER)).toBe(true);
    expect(await countPlacement(t.db, entry.placementId, "impressions", "curl/8.5.0")).toBe(false);
    expect(await countPlacement(t.db, entry.placementId, "clicks", BROWSER)).toBe(true);
    expect(await countPlacement(t.db, 999_999, "clicks", BROWSER)).toBe(false);
    const orders = await listMyPlacements(t.db, "buyer", "de");
    expect(orders).toHaveLength(4);
    const shown = orders.find((o) => o.id === entry.placementId)!;
    expect(shown).toMatchObject({ toolName: "Acme DE", state: "running", impressions: 2, clicks: 1, paidAt: null, languages: ["de", "zh-CN"] });
    expect(orders.filter((o) => o.state === "upcoming")).toHaveLength(1);
    expect(await listMyPlacements(t.db, "someone-else", "de")).toEqual([]);
  });

  it("records payment and cancellation by an administrator; a canceled placement disappears", async () => {
    const entry = (await sponsoredEntry(t.db, "home", "de"))!;
    await updatePlacement(t.db, admin, entry.placementId, "paid");
    await expect(updatePlacement(t.db, admin, entry.placementId, "paid")).rejects.toMatchObject({ code: "conflict" });
    expect((await listMyPlacements(t.db, "buyer", "us-en")).find((o) => o.id === entry.placementId)?.paidAt).toBeTruthy();
    await updatePlacement(t.db, admin, entry.placementId, "cancel");
    expect(await sponsoredEntry(t.db, "home", "de")).toBeNull();
    expect(placementState("cancelled", today, today)).toBe("cancelled");
    expect(placementState("scheduled", addDays(today, -3), addDays(today, -1))).toBe("ended");
  });
});
