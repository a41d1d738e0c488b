import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import type { DB } from "~/.server/db";
import { AppError } from "~/.server/errors";
import { removeRating, setRating } from "~/.server/ratings/queries";
import { moderate, setReviewStatus } from "~/.server/reports/moderation";
import { fileReport, listQueue, openReportCounts } from "~/.server/reports/queries";
import { SUBJECT_TABLES, type ReviewSubject } from "~/.server/reviews/figures";
import { deleteReview, listReviews, removeUserReviews, subjectIdOf, voteHelpful, writeReview } from "~/.server/reviews/queries";
import type { ReviewInput } from "~/.server/reviews/rules";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const FIXTURES = "tests/fixtures/catalog";
const ADMIN = { id: "admin", email: "admin@example.com" };
const DAY = 86_400_000;

async function createUsers(db: DB, count: number, prefix: string, ageMs = 3 * DAY): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const at = new Date(Date.now() - ageMs).toISOString();
  await db.insertInto("user").values(ids.map((id) => ({ id, name: `${id} Example`, email: `${id}@example.com`, emailVerified: 0, createdAt: at, updatedAt: at }))).execute();
  return ids;
}

async function shown(db: DB, subject: ReviewSubject, slug: string) {
  const row = await db.selectFrom(SUBJECT_TABLES[subject].table).select(["id", "rating", "review_count", "base_rating", "base_review_count"]).where("slug", "=", slug).executeTakeFirstOrThrow();
  return { id: row.id, rating: Number(row.rating), reviewCount: Number(row.review_count), base: Number(row.base_rating), baseCount: Number(row.base_review_count) };
}

/** The formula over the counted stars themselves, not the stored sums. */
async function expectExact(db: DB, subject: ReviewSubject, slug: string) {
  const figures = await shown(db, subject, slug);
  const stars = await db.selectFrom(SUBJECT_TABLES[subject].ratings).select("rating").where("tool_id", "=", figures.id).where("counted", "=", 1).execute();
  const count = figures.baseCount + stars.length;
  const sum = stars.reduce((total, s) => total + s.rating, 0);
  expect(figures.reviewCount).toBe(count);
  expect(figures.rating).toBe(count === 0 ? figures.base : (figures.base * figures.baseCount + sum) / count);
  return { rating: figures.rating, reviewCount: figures.reviewCount };
}

const review = (subject: ReviewSubject, slug: string, rating: number, extra: Partial<ReviewInput> = {}): ReviewInput => ({
  subject,
  slug,
  rating,
  title: "Works as promised",
  body: "Used it for three months on real projects; it does what it says.",
  language: "de",
  ...extra,
});

describe.each(testDialects())("reviews and their figures on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  let users: string[];

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "reviews-uploads-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: FIXTURES, uploadDir, deferImages: true, imageCacheDir: null });
    users = await createUsers(t.db, 30, "r");
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  for (const [subject, slug] of [["tool", "quillbot"], ["ecommerce_tool", "jungle-scout"]] as const) {
    it(`${subject}: write, edit, hide, publish and delete leave exact figures, and hidden means never written`, async () => {
      const before = await expectExact(t.db, subject, slug);
      const written = await writeReview(t.db, users[0]!, review(subject, slug, 1));
      expect(written.status).toBe("published");
      const afterWrite = await expectExact(t.db, subject, slug);
      expect(afterWrite.reviewCount).toBe(before.reviewCount + 1);
      expect(afterWrite.rating).toBeLessThan(before.rating);

      await writeReview(t.db, users[0]!, review(subject, slug, 2, { title: "Better after an update" }));
      expect((await expectExact(t.db, subject, slug)).reviewCount).toBe(before.reviewCount + 1);

      const id = (await t.db.selectFrom("reviews").select("id").where("user_id", "=", users[0]!).where("subject", "=", subject).executeTakeFirstOrThrow()).id;
      await setReviewStatus(t.db, ADMIN, id, "hidden");
      expect(await expectExact(t.db, subject, slug)).toEqual(before);
      const subjectId = (await subjectIdOf(t.db, subject, slug))!;
      expect((await listReviews(t.db, subject, subjectId, { lang: "de", sort: "newest", page: 1, userId: null })).total).toBe(0);
      // Its author editing it does not bring it back.
      await writeReview(t.db, users[0]!, review(subject, slug, 5));
      expect(await expectExact(t.db, subject, slug)).toEqual(before);

      await setReviewStatus(t.db, ADMIN, id, "published");
      expect((await expectExact(t.db, subject, slug)).reviewCount).toBe(before.reviewCount + 1);
      await deleteReview(t.db, users[0]!, subject, slug);
      expect(await expectExact(t.db, subject, slug)).toEqual(before);
      const audit = await t.db.selectFrom("admin_audit_log").select("action").where("entity_type", "=", "review").where("entity_id", "=", String(id)).execute();
      expect(audit.map((a) => a.action).sort()).toEqual(["review.hide", "review.publish"]);
    });

    it(`${subject}: concurrent reviews, edits, hides and deletes keep the figures exact`, async () => {
      const before = await expectExact(t.db, subject, slug);
      const writers = users.slice(1, 21);
      await Promise.all(writers.map((u, i) => writeReview(t.db, u, review(subject, slug, (i % 5) + 1))));
      await expectExact(t.db, subject, slug);
      const hidden = await t.db.selectFrom("reviews").select("id").where("user_id", "in", writers.slice(0, 7)).where("subject", "=", subject).execute();
      await Promise.all([
        ...hidden.map((r) => setReviewStatus(t.db, ADMIN, r.id, "hidden")),
        ...writers.slice(7, 14).map((u) => writeReview(t.db, u, review(subject, slug, 3))),
        ...writers.slice(14).map((u) => deleteReview(t.db, u, subject, slug)),
      ]);
      const mid = await expectExact(t.db, subject, slug);
      expect(mid.reviewCount).toBe(before.reviewCount + 7);
      await Promise.all(writers.map((u) => deleteReview(t.db, u, subject, slug)));
      expect(await expectExact(t.db, subject, slug)).toEqual(before);
    });
  }

  it("keeps a new account's review, or one with a link, out of sight and out of the figures until approved", async () => {
    const [fresh] = await createUsers(t.db, 1, "fresh", 60_000);
    const before = await expectExact(t.db, "tool", "quillbot");
    expect((await writeReview(t.db, fresh!, review("tool", "quillbot", 5))).status).toBe("pending");
    expect(await expectExact(t.db, "tool", "quillbot")).toEqual(before);
    // The plain star endpoint changes the waiting star without counting it.
    await setRating(t.db, fresh!, "quillbot", 4);
    expect(await expectExact(t.db, "tool", "quillbot")).toEqual(before);
    const linked = await writeReview(t.db, users[25]!, review("tool", "quillbot", 5, { body: "Cheaper at www.example-deals.com, see for yourself there." }));
    expect(linked.status).toBe("pending");
    expect(await expectExact(t.db, "tool", "quillbot")).toEqual(before);
    const id = (await t.db.selectFrom("reviews").select("id").where("user_id", "=", fresh!).executeTakeFirstOrThrow()).id;
    await moderate(t.db, ADMIN, { action: "publish_review", subject: "review", subjectId: id });
    expect((await expectExact(t.db, "tool", "quillbot")).reviewCount).toBe(before.reviewCount + 1);
    // Removing the star removes the review with it.
    await removeRating(t.db, fresh!, "quillbot");
    expect(await t.db.selectFrom("reviews").select("id").where("user_id", "=", fresh!).execute()).toHaveLength(0);
    await deleteReview(t.db, users[25]!, "tool", "quillbot");
    expect(await expectExact(t.db, "tool", "quillbot")).toEqual(before);
  });

  it("lists the page language's reviews first and counts helpful votes once per user, never the author's", async () => {
    const slug = "quillbot";
    await writeReview(t.db, users[1]!, review("tool", slug, 4, { language: "fr", title: "En français" }));
    await writeReview(t.db, users[2]!, review("tool", slug, 5, { language: "de", title: "Auf Deutsch" }));
    const id = (await t.db.selectFrom("reviews").select("id").where("user_id", "=", users[1]!).executeTakeFirstOrThrow()).id;
    await expect(voteHelpful(t.db, users[1]!, id, true)).rejects.toThrow(AppError);
    await Promise.all(users.slice(3, 13).flatMap((u) => [voteHelpful(t.db, u, id, true), voteHelpful(t.db, u, id, true)]));
    const toolId = (await subjectIdOf(t.db, "tool", slug))!;
    const german = await listReviews(t.db, "tool", toolId, { lang: "de", sort: "helpful", page: 1, userId: users[3]! });
    expect(german.reviews.map((r) => r.title)).toEqual(["Auf Deutsch", "En français"]);
    expect(german.reviews[1]).toMatchObject({ helpfulCount: 10, votedHelpful: true, authorName: "r-1" });
    const french = await listReviews(t.db, "tool", toolId, { lang: "fr", sort: "rating", page: 1, userId: null });
    expect(french.reviews.map((r) => r.title)).toEqual(["En français", "Auf Deutsch"]);
    expect(french.summary).toEqual({ average: 4.5, count: 2 });
  });

  it("removes a deleted account's reviews, stars and votes and moves the figures back", async () => {
    const slug = "quillbot";
    const [leaving] = await createUsers(t.db, 1, "leaving");
    const before = await expectExact(t.db, "tool", slug);
    await writeReview(t.db, leaving!, review("tool", slug, 1));
    await writeReview(t.db, leaving!, review("ecommerce_tool", "shipbob", 1));
    const target = (await t.db.selectFrom("reviews").select("id").where("user_id", "=", users[2]!).executeTakeFirstOrThrow()).id;
    await voteHelpful(t.db, leaving!, target, true);
    await removeUserReviews(t.db, leaving!);
    expect(await expectExact(t.db, "tool", slug)).toEqual(before);
    await expectExact(t.db, "ecommerce_tool", "shipbob");
    expect(Number((await t.db.selectFrom("reviews").select("helpful_count").where("id", "=", target).executeTakeFirstOrThrow()).helpful_count)).toBe(0);
  });

  it("counts the same reporter once, groups reports per subject and closes them with the action", async () => {
    const toolId = (await subjectIdOf(t.db, "tool", "quillbot"))!;
    const same = { subject: "tool" as const, subjectId: toolId, reason: "dead" as const, details: "", reporter: "address:1.2.3.4" };
    const filed = await Promise.all([fileReport(t.db, same), fileReport(t.db, same), fileReport(t.db, { ...same, reason: "wrong", details: "price" })]);
    expect(filed.filter(Boolean)).toHaveLength(1);
    await fileReport(t.db, { ...same, reporter: "user:r-4" });
    expect((await openReportCounts(t.db)).tool).toBe(1);
    const queue = await listQueue(t.db, "tool", { page: 1, pageSize: 20 });
    expect(queue.items[0]).toMatchObject({ subjectId: toolId, count: 2, slug: "quillbot" });
    await moderate(t.db, ADMIN, { action: "discontinue", subject: "tool", subjectId: toolId });
    expect((await openReportCounts(t.db)).tool).toBe(0);
    expect((await t.db.selectFrom("tools").select("discontinued_at").where("id", "=", toolId).executeTakeFirstOrThrow()).discontinued_at).not.toBeNull();
    await expect(moderate(t.db, ADMIN, { action: "dismiss", subject: "tool", subjectId: toolId })).rejects.toThrow(AppError);
  });
});
