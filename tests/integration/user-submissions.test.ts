import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdRequest, getMyAdRequest, listMyAdRequests, notifyAdmins } from "~/.server/ads/requests";
import { countMySubmissions, listMySubmissions } from "~/.server/submissions/queries";
import { readSubmitForm, submitTool, SubmitRefused, type SubmitContext } from "~/.server/submissions/submit";
import { proposeUpdate } from "~/.server/submissions/update";
import { storeToolImage } from "~/.server/uploads/tool-image";
import { submitPayloadSchema, updatePayloadSchema } from "~/lib/submissions";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { captureMailAndUploads } from "../support/smtp";

/** Submitting and proposing updates, the ad requests and their mail, on each database engine. */
const smtp = captureMailAndUploads("user", { ADMIN_EMAILS: "chief@example.com", PUBLIC_URL: "https://dir.example" });

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return readSubmitForm(params);
};

const VALID = {
  name: "Acme Writer 写作",
  website_url: "https://www.acme-writer.ai/?utm_source=newsletter",
  description: "Writes things.",
  category: "text-generation-editing",
  contact_email: "ann@example.com",
  pricing: "paid",
  tags: ["AI Writing", "Custom, Other"],
  features: "Fast\n\n  Friendly  \n",
  use_cases: "Blogs",
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "stored";
  } catch (error) {
    if (error instanceof SubmitRefused) return error.code;
    throw error;
  }
}

describe.each(testDialects())("user submissions on %s", (dialect) => {
  let t: TestDatabase;
  let userId: string;
  let ctx: SubmitContext;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    userId = `user-${dialect}`;
    const now = new Date().toISOString();
    await t.db.insertInto("user").values({ id: userId, name: "Ann", email: "ann@example.com", emailVerified: 1, createdAt: now, updatedAt: now, lastLoginMethod: "email" }).execute();
    const tool = await t.db
      .insertInto("tools")
      .values({ slug: "listed-tool", website_url: "http://listed.example.com/", pricing: "freeTrial", updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("tool_translations")
      .values({ tool_id: tool.id, language: "us-en", name: "Listed Tool", description: "Lists.", features: '["One"]', use_cases: "[]", faq: "[]", tags: '["SEO"]', updated_at: now })
      .execute();
    ctx = { userId, submitter: "Ann <ann@example.com>", clientAddress: "203.0.113.9", language: "zh-CN" };
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("rate_limits").execute();
    smtp.messages.length = 0;
  });

  it("checks the rules in spec order on the server and stores nothing for bad input", async () => {
    const steps: Array<[Record<string, string>, string]> = [
      [{ name: "" }, "nameRequired"],
      [{ name: "x".repeat(101) }, "nameTooLong"],
      [{ website_url: "" }, "websiteRequired"],
      [{ website_url: "javascript:alert(1)" }, "websiteInvalid"],
      [{ description: " " }, "descriptionRequired"],
      [{ description: "d".repeat(501) }, "descriptionTooLong"],
      [{ category: "weapons" }, "categoryRequired"],
      [{ contact_email: "" }, "emailRequired"],
      [{ contact_email: "ann@" }, "emailInvalid"],
      [{ features: Array.from({ length: 21 }, (_, i) => `f${i}`).join("\n") }, "featuresInvalid"],
      [{ image_url: "/uploads/tools/x/logo-0123456789.png", image_webp_url: "/uploads/tools/x/logo-0123456789.webp" }, "imageInvalid"],
    ];
    const codes = [];
    for (const [change] of steps) codes.push(await codeOf(submitTool(t.db, ctx, form({ ...VALID, ...change }))));
    expect(codes).toEqual(steps.map(([, code]) => code));
    expect(await listMySubmissions(t.db, userId)).toEqual([]);
  });

  it("stores a pending submit row in the review queue's payload shape and mails the submitter and the administrators", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } }).png().toBuffer();
    const image = await storeToolImage(png);
    const outcome = await submitTool(t.db, ctx, form({ ...VALID, image_url: image.image_url, image_webp_url: image.image_webp_url, generated: "true" }));
    expect(outcome).toMatchObject({ kind: "stored", slug: "acme-writer-写作" });
    const row = await t.db.selectFrom("submissions").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect([row.type, row.status, row.slug]).toEqual(["submit", "pending", "acme-writer-写作"]);
    const payload = submitPayloadSchema.parse(JSON.parse(row.payload));
    expect(payload).toMatchObject({
      website_url: VALID.website_url,
      pricing: "paid",
      tags: ["AI Writing", "Custom", "Other"],
      features: ["Fast", "Friendly"],
      use_cases: ["Blogs"],
      language: "zh-CN",
      generated: true,
      image_url: image.image_url,
    });
    expect(await countMySubmissions(t.db, userId)).toEqual({ pending: 1, approved: 0, rejected: 0 });
    await expect.poll(() => smtp.messages.length).toBe(2);
    const toUser = smtp.messages.find((m) => m.to.includes("ann@example.com"))!;
    expect(toUser.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(await smtp.linkFor("ann@example.com")).toBe("https://dir.example/zh-CN/user/my-tools");
    expect(smtp.messages.find((m) => m.to.includes("chief@example.com"))?.raw).toContain("New tool to review");
  });

  it("refuses a website already listed or pending, whatever its scheme, www, slash or tracking parameters", async () => {
    const variants = ["http://acme-writer.ai", "https://ACME-writer.ai/", "https://www.acme-writer.ai/?fbclid=1&utm_medium=x"];
    for (const website_url of variants) expect(await codeOf(submitTool(t.db, ctx, form({ ...VALID, website_url })))).toBe("duplicatePendingOwn");
    const other = await codeOf(submitTool(t.db, { ...ctx, userId: "someone-else" }, form({ ...VALID, website_url: "https://acme-writer.ai" })));
    expect(other).toBe("duplicatePending");
    await expect(submitTool(t.db, ctx, form({ ...VALID, website_url: "https://www.listed.example.com" }))).rejects.toMatchObject({
      status: 409,
      code: "duplicateTool",
      details: { slug: "listed-tool" },
    });
    expect(await codeOf(submitTool(t.db, ctx, form({ ...VALID, website_url: "https://acme-writer.ai/pricing" })))).toBe("stored");
  });

  it("keeps nothing from a filled honeypot and limits submissions per user and address", async () => {
    const before = (await listMySubmissions(t.db, userId)).length;
    expect(await submitTool(t.db, ctx, form({ ...VALID, website_url: "https://bot.example.com", company_website: "http://spam" }))).toEqual({ kind: "honeypot" });
    expect((await listMySubmissions(t.db, userId)).length).toBe(before);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await codeOf(submitTool(t.db, ctx, form({ ...VALID, website_url: `https://tool-${i}.example.com` }))));
    expect(codes).toEqual(["stored", "stored", "stored", "stored", "stored", "rateLimited"]);
  });

  it("stores an update proposal with only the changed fields and their old values", async () => {
    const listed = { name: "Listed Tool", website_url: "http://listed.example.com/", description: "Lists.", category: "", contact_email: "ann@example.com", pricing: "trial", tags: "SEO", features: "One", use_cases: "" };
    expect(await codeOf(proposeUpdate(t.db, ctx, "listed-tool", form(listed)))).toBe("noChanges");
    expect(await codeOf(proposeUpdate(t.db, ctx, "no-such-tool", form(listed)))).toBe("toolNotFound");
    await proposeUpdate(t.db, ctx, "listed-tool", form({ ...listed, description: "Lists every tool.", pricing: "paid" }));
    const [latest] = await listMySubmissions(t.db, userId);
    expect(latest).toMatchObject({ type: "update", status: "pending", name: "Listed Tool", toolSlug: "listed-tool", changedFields: ["description", "pricing"] });
    const row = await t.db.selectFrom("submissions").select(["payload", "tool_id"]).where("id", "=", latest!.id).executeTakeFirstOrThrow();
    expect(updatePayloadSchema.parse(JSON.parse(row.payload))).toMatchObject({
      tool_slug: "listed-tool",
      before: { description: "Lists.", pricing: "trial" },
      changes: { description: "Lists every tool.", pricing: "paid" },
    });
    expect(row.tool_id).not.toBeNull();
  });

  it("stores what the tool offers with a submission and names the offer field that is wrong", async () => {
    const before = (await listMySubmissions(t.db, userId)).length;
    const refusal = async (fields: Record<string, string | string[]>) => {
      const error = await submitTool(t.db, ctx, form({ ...VALID, website_url: "https://offers.example.com", ...fields })).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(SubmitRefused);
      const { status, code, field } = error as SubmitRefused;
      return { status, code, field };
    };
    expect(await refusal({ offer_platforms: ["web", "toaster"] })).toEqual({ status: 400, code: "offerPlatformsInvalid", field: "offer_platforms" });
    expect(await refusal({ offer_price_from: "-5", offer_price_currency: "USD" })).toEqual({ status: 400, code: "offerPriceInvalid", field: "offer_price_from" });
    expect(await refusal({ offer_price_from: "20" })).toEqual({ status: 400, code: "offerCurrencyRequired", field: "offer_price_currency" });
    expect(await refusal({ offer_interface_languages: ["klingon"] })).toEqual({ status: 400, code: "offerLanguagesInvalid", field: "offer_interface_languages" });
    expect(await refusal({ offer_free_plan: "maybe" })).toEqual({ status: 400, code: "offerFlagInvalid", field: "offer_free_plan" });
    expect(await listMySubmissions(t.db, userId)).toHaveLength(before);

    await submitTool(t.db, ctx, form({
      ...VALID,
      website_url: "https://offers.example.com",
      offer_free_plan: "yes",
      offer_open_source: "no",
      offer_free_trial: "",
      offer_price_from: "19,99",
      offer_price_currency: "EUR",
      offer_platforms: ["macos", "web", "web"],
      offer_interface_languages: ["de", "en"],
    }));
    const row = await t.db.selectFrom("submissions").select("payload").where("user_id", "=", userId).where("type", "=", "submit").orderBy("id", "desc").executeTakeFirstOrThrow();
    // Empty fields stay "not stated"; lists keep one entry each, in the order of their codes.
    expect(submitPayloadSchema.parse(JSON.parse(row.payload)).offers).toEqual({
      free_plan: true,
      free_trial: null,
      price_from: 19.99,
      price_currency: "EUR",
      open_source: false,
      api: null,
      platforms: ["web", "macos"],
      interface_languages: ["en", "de"],
    });
  });

  it("stores changed offers of an update proposal with the tool's current ones", async () => {
    const listed = { name: "Listed Tool", website_url: "http://listed.example.com/", description: "Lists.", category: "", contact_email: "ann@example.com", pricing: "trial", tags: "SEO", features: "One", use_cases: "" };
    await t.db.deleteFrom("submissions").where("user_id", "=", userId).execute();
    await proposeUpdate(t.db, ctx, "listed-tool", form({ ...listed, offer_api: "yes", offer_platforms: ["web"] }));
    const [latest] = await listMySubmissions(t.db, userId);
    expect(latest?.changedFields).toEqual(["offers"]);
    const row = await t.db.selectFrom("submissions").select("payload").where("id", "=", latest!.id).executeTakeFirstOrThrow();
    const payload = updatePayloadSchema.parse(JSON.parse(row.payload));
    expect(payload.before.offers).toMatchObject({ api: null, platforms: null });
    expect(payload.changes.offers).toMatchObject({ api: true, platforms: ["web"], free_plan: null });
    expect(await codeOf(proposeUpdate(t.db, ctx, "listed-tool", form({ ...listed, offer_price_from: "abc", offer_price_currency: "USD" })))).toBe("offerPriceInvalid");
  });

  it("stores an ad request for its owner only and tells the administrators once", async () => {
    const id = await createAdRequest(t.db, userId, { tool_name: "Acme", website_url: null, description: "Top of category", budget: "100-500", contact_email: "ann@example.com", contact_platform: "wechat", contact_handle: "ann_wx" }, "ja");
    const stored = (await getMyAdRequest(t.db, userId, id))!;
    expect(stored).toMatchObject({ status: "pending", budget: "100-500", contact_platform: "wechat" });
    expect(await getMyAdRequest(t.db, "someone-else", id)).toBeNull();
    expect(await notifyAdmins(t.db, stored, "Ann")).toBe(true);
    expect(await notifyAdmins(t.db, stored, "Ann")).toBe(false);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes("chief@example.com")).length).toBe(1);
    expect((await listMyAdRequests(t.db, userId)).map((r) => r.tool_name)).toEqual(["Acme"]);
  });
});
