import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSubmissions } from "~/.server/admin/submissions";
import { parseConfig } from "~/.server/config";
import { toolBadge } from "~/.server/makers/badge";
import { claimStateFor, hasVerifiedMaker } from "~/.server/makers/claim-state";
import { checkClaim, confirmMailedClaim, decideClaim, isMakerOf, startClaim } from "~/.server/makers/claims";
import { listingStats } from "~/.server/makers/stats";
import { countVisit } from "~/.server/makers/visits";
import { CLAIM_FILE_PATH, CLAIM_META_NAME } from "~/lib/makers";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertTool } from "../support/detail-fixtures";
import { startSmtpCapture } from "../support/smtp";

/**
 * Claims against fake websites on loopback (reached only because the test allows their host, as
 * FETCH_ALLOW_HOSTS does): a meta tag on the home page, a token file, a mailed link; a tool someone
 * already holds goes to the administrators; administrators decide and revoke; every step is audited.
 * Then the maker's figures and the badge.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

// One mail server for the file: the mail module reads its address from the process configuration once.
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.stop();
});

describe.each(testDialects())("claims, listing figures and badges on %s", (dialect) => {
  let t: TestDatabase;
  let site: http.Server;
  let host: string;
  /** What the fake site serves: its home page and its token file. */
  const served = { home: "<!doctype html><html><head><title>Acme</title></head><body>Acme</body></html>", file: "" };
  const alice = { id: "alice", email: "alice@example.com" };
  const bob = { id: "bob", email: "bob@example.com" };
  const admin = { id: "admin-1", email: "admin@example.com" };
  let toolId: number;

  const config = () => parseConfig({ FETCH_ALLOW_HOSTS: host, SMTP_URL: smtp.url, PUBLIC_URL: "https://directory.example" });

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.url === "/") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(served.home);
      } else if (req.url === CLAIM_FILE_PATH && served.file) {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.end(served.file);
      } else {
        res.writeHead(404, { "Content-Type": "text/plain" });
        res.end("not found");
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await createTestDatabase(dialect);
    const now = new Date().toISOString();
    await t.db
      .insertInto("user")
      .values(["alice", "bob", "stranger"].map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: 0, createdAt: now, updatedAt: now })))
      .execute();
    toolId = await insertTool(t.db, { slug: "acme", rating: 4.5, translations: { en: { name: "Acme" }, de: { name: "Acme DE" } } });
    await t.db.updateTable("tools").set({ website_url: `http://${host}/` }).where("id", "=", toolId).execute();
  });
  afterAll(async () => {
    await t?.destroy();
    await new Promise((resolve) => site?.close(resolve));
  });

  it("verifies a claim once the home page carries the token in its meta tag, and audits each step", async () => {
    const claim = await startClaim(t.db, alice, { slug: "acme", method: "meta" }, "us-en", config());
    expect(claim.token).toMatch(/^[\w-]{20,}$/);
    expect(claim.domain).toBe("127.0.0.1");
    // Asking again hands back the same pending token.
    expect((await startClaim(t.db, alice, { slug: "acme", method: "meta" }, "us-en", config())).token).toBe(claim.token);

    expect(await checkClaim(t.db, alice, claim.id, config())).toEqual({ ok: false, reason: "not_found" });
    // The token of another claim, or in another tag, is not proof.
    served.home = `<html><head><meta name="description" content="${claim.token}"></head></html>`;
    expect(await checkClaim(t.db, alice, claim.id, config())).toEqual({ ok: false, reason: "not_found" });
    // Without the host allowed, the fetcher refuses a loopback address: nothing on our own network is fetched.
    served.home = `<html><head><meta name="${CLAIM_META_NAME}" content="${claim.token}"></head><body>Acme</body></html>`;
    expect(await checkClaim(t.db, alice, claim.id, parseConfig({}))).toEqual({ ok: false, reason: "unreachable" });
    expect(await hasVerifiedMaker(t.db, toolId)).toBe(false);

    expect(await checkClaim(t.db, alice, claim.id, config())).toEqual({ ok: true, status: "verified" });
    expect(await isMakerOf(t.db, alice.id, toolId)).toBe(true);
    expect(await hasVerifiedMaker(t.db, toolId)).toBe(true);
    expect((await claimStateFor(t.db, alice.id, "acme"))?.maker).toBe(true);
    await expect(startClaim(t.db, alice, { slug: "acme", method: "file" }, "us-en", config())).rejects.toMatchObject({ code: "conflict" });

    const audit = await t.db.selectFrom("admin_audit_log").select(["action", "actor_id", "entity_id"]).where("entity_type", "=", "tool_claim").orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["claim.start", "claim.verify"]);
    expect(audit.every((a) => a.actor_id === alice.id && a.entity_id === String(claim.id))).toBe(true);
  });

  it("sends a proven claim of a tool someone holds to the administrators, who decide and can revoke", async () => {
    const mailsBefore = smtp.messages.length;
    const claim = await startClaim(t.db, bob, { slug: "acme", method: "file" }, "de", config());
    expect((await claimStateFor(t.db, bob.id, "acme"))?.heldByOther).toBe(true);
    served.file = `${claim.token}\n`;
    expect(await checkClaim(t.db, bob, claim.id, config())).toEqual({ ok: true, status: "disputed" });
    expect(await isMakerOf(t.db, bob.id, toolId)).toBe(false);
    // The administrators hear of it.
    await expect.poll(() => smtp.messages.slice(mailsBefore).some((m) => /acme/.test(m.raw) && /claim/i.test(m.raw)), { timeout: 5000 }).toBe(true);

    await expect(decideClaim(t.db, admin, claim.id, "revoke")).rejects.toMatchObject({ code: "conflict" });
    expect(await decideClaim(t.db, admin, claim.id, "approve")).toBe("verified");
    expect(await isMakerOf(t.db, bob.id, toolId)).toBe(true);
    expect(await decideClaim(t.db, admin, claim.id, "revoke")).toBe("revoked");
    expect(await isMakerOf(t.db, bob.id, toolId)).toBe(false);
    const actions = await t.db.selectFrom("admin_audit_log").select(["action", "actor_id"]).where("entity_id", "=", String(claim.id)).where("entity_type", "=", "tool_claim").orderBy("id").execute();
    expect(actions).toEqual([
      { action: "claim.start", actor_id: bob.id },
      { action: "claim.dispute", actor_id: bob.id },
      { action: "claim.approve", actor_id: admin.id },
      { action: "claim.revoke", actor_id: admin.id },
    ]);
  });

  it("lets a token expire after seven days", async () => {
    const carol = { id: "carol", email: null };
    const claim = await startClaim(t.db, carol, { slug: "acme", method: "meta" }, "us-en", config());
    const days = (Date.parse(claim.expiresAt) - Date.parse(claim.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    await t.db.updateTable("tool_claims").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", claim.id).execute();
    served.home = `<meta name="${CLAIM_META_NAME}" content="${claim.token}">`;
    expect(await checkClaim(t.db, carol, claim.id, config())).toEqual({ ok: false, reason: "expired" });
    expect(await isMakerOf(t.db, carol.id, toolId)).toBe(false);
    // An expired claim is no longer offered; a new one gets a new token.
    expect((await claimStateFor(t.db, carol.id, "acme"))?.open).toEqual([]);
    expect((await startClaim(t.db, carol, { slug: "acme", method: "meta" }, "us-en", config())).token).not.toBe(claim.token);
  });

  it("verifies through a link mailed to an address at the tool's domain only", async () => {
    const dave = { id: "dave", email: "dave@example.com" };
    const other = await insertTool(t.db, { slug: "mailtool", translations: { en: { name: "Mail Tool" } } });
    await expect(startClaim(t.db, dave, { slug: "mailtool", method: "email", email: "dave@gmail.com" }, "us-en", config())).rejects.toMatchObject({ details: { reason: "email_domain" } });
    await startClaim(t.db, dave, { slug: "mailtool", method: "email", email: `owner-${dialect}@mailtool.example.com` }, "fr", config());
    const link = await smtp.linkFor(`owner-${dialect}@mailtool.example.com`);
    expect(link).toMatch(/^https:\/\/directory\.example\/fr\/claim\//);
    const token = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
    expect(await confirmMailedClaim(t.db, "not-a-token")).toBeNull();
    expect(await confirmMailedClaim(t.db, token)).toEqual({ status: "verified", slug: "mailtool" });
    expect(await isMakerOf(t.db, dave.id, other)).toBe(true);
  });

  it("marks update proposals from a verified maker in the review queue", async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto("submissions")
      .values([
        { user_id: alice.id, type: "update", slug: "acme", status: "pending", payload: "{}", tool_id: toolId, created_at: now, updated_at: now },
        { user_id: "stranger", type: "update", slug: "acme", status: "pending", payload: "{}", tool_id: toolId, created_at: now, updated_at: now },
      ])
      .execute();
    const { data } = await listSubmissions(t.db, { page: 1, pageSize: 20 });
    const byUser = Object.fromEntries(data.map((s) => [s.submitter.id, s.fromMaker]));
    expect(byUser).toEqual({ [alice.id]: true, stranger: false });
  });

  it("counts visits sent to the website and through the badge without bots, in the maker's figures", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await countVisit(t.db, toolId, "website", BROWSER)).toBe(true);
    expect(await countVisit(t.db, toolId, "website", BROWSER)).toBe(true);
    expect(await countVisit(t.db, toolId, "website", "Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe(false);
    expect(await countVisit(t.db, toolId, "badge", BROWSER)).toBe(true);
    await t.db.insertInto("page_view_daily").values({ day: today, dimension: "tool", value: "acme", views: 17, visitors: 9 }).execute();
    await t.db.insertInto("favorites").values({ user_id: alice.id, tool_id: toolId, created_at: new Date().toISOString() }).execute();
    await t.db.insertInto("ratings").values({ user_id: alice.id, tool_id: toolId, rating: 5, updated_at: new Date().toISOString() }).execute();
    const stats = await listingStats(t.db, { id: toolId, slug: "acme" }, 7);
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toBe(today);
    expect(stats.totals).toEqual({ views: 17, websiteVisits: 2, badgeVisits: 1, favorites: 1, ratings: 1 });
    expect(stats.series.views.at(-1)).toBe(17);
    // Written reviews per day: a published one counts, one waiting for approval does not.
    const now = new Date().toISOString();
    const review = { user_id: alice.id, subject: "tool", subject_id: toolId, title: "Solid", body: "Does what it says on the tin, every day.", language: "us-en", created_at: now, updated_at: now };
    await t.db.insertInto("reviews").values([{ ...review, status: "published" }, { ...review, user_id: bob.id, status: "pending" }]).execute();
    const withReviews = await listingStats(t.db, { id: toolId, slug: "acme" }, 7);
    expect(withReviews.reviews).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it("draws the badge with the live rating in the page's language, and none for an unknown tool", async () => {
    const en = await toolBadge(t.db, "acme", "light", "us-en");
    expect(en?.svg).toContain("Featured on AI Tools Directory");
    expect(en?.svg).toContain("4.5");
    const de = await toolBadge(t.db, "acme", "dark", "de");
    expect(de?.svg).toContain("4,5");
    expect(de?.etag).not.toBe(en?.etag);
    await t.db.updateTable("tools").set({ rating: 3.9 }).where("id", "=", toolId).execute();
    const changed = await toolBadge(t.db, "acme", "light", "us-en");
    expect(changed?.svg).toContain("3.9");
    expect(changed?.etag).not.toBe(en?.etag);
    expect(await toolBadge(t.db, "no-such-tool", "light", "us-en")).toBeNull();
  });
});
