import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastPageRedirect } from "~/.server/admin/page-queries";
import { listSubmissions } from "~/.server/admin/submissions";
import { readDashboard } from "~/.server/analytics/queries";
import { categoryNamesBySlug } from "~/.server/categories/queries";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertCaseStudy, insertTool } from "../support/detail-fixtures";
import { insertUpdateSubmission, insertUser } from "../support/submissions";

/**
 * What the admin console names, on each engine: an update proposal by its tool's current name and image,
 * categories by their names in the admin's language, the analytics' top tools as tools only (named) and
 * case studies in a list of their own (titled).
 */
describe.each(testDialects())("the admin console's names on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("titles an update proposal with the tool's current name in the admin's language, and its current image", async () => {
    const toolId = await insertTool(t.db, {
      slug: "inkwell",
      image_url: "/uploads/tools/inkwell-3f9a0c1b2d.png",
      translations: { "us-en": { name: "Inkwell" }, "zh-CN": { name: "墨水瓶" } },
    });
    const userId = await insertUser(t.db, dialect, "maker@example.com");
    const id = await insertUpdateSubmission(t.db, userId, toolId, {
      tool_slug: "inkwell",
      language: "us-en",
      contact_email: "maker@example.com",
      before: { pricing: "freemium" },
      changes: { pricing: "paid" },
    });
    const listed = async (lang: string) => (await listSubmissions(t.db, { status: "pending", page: 1, pageSize: 20, lang })).data.find((s) => s.id === id)!;
    expect((await listed("zh-CN")).tool).toEqual({ name: "墨水瓶", imageUrl: "/uploads/tools/inkwell-3f9a0c1b2d.png" });
    // German has no name of its own: English, as the site shows it.
    expect((await listed("de")).tool?.name).toBe("Inkwell");
  });

  it("names categories by slug in the admin's language", async () => {
    expect((await categoryNamesBySlug(t.db, "zh-CN")).get("chatbot-virtual-companions")).toBe("聊天机器人与虚拟伴侣");
    expect((await categoryNamesBySlug(t.db, "us-en")).get("chatbot-virtual-companions")).toBe("Chatbots & Virtual Companions");
  });

  it("ranks tools with their names and case studies apart, with their titles", async () => {
    await insertCaseStudy(t.db, "support-team-automation", { "us-en": { title: "How a support team automated replies" }, fr: { title: "Comment une équipe support a automatisé ses réponses" } });
    const day = new Date().toISOString().slice(0, 10);
    await t.db
      .insertInto("page_view_daily")
      .values([
        { day, dimension: "total", value: "", views: 20, visitors: 9 },
        { day, dimension: "tool", value: "inkwell", views: 7, visitors: 4 },
        // Recorded as a "tool" before case studies had their own list, and a slug that is no tool at all.
        { day, dimension: "tool", value: "support-team-automation", views: 9, visitors: 5 },
        { day, dimension: "tool", value: "gone-tool", views: 3, visitors: 1 },
        { day, dimension: "path", value: "/case-study/support-team-automation", views: 9, visitors: 5 },
        { day, dimension: "path", value: "/tool/inkwell", views: 7, visitors: 4 },
      ])
      .execute();
    const dashboard = await readDashboard(t.db, 30, new Date(), "fr");
    expect(dashboard.top.tool).toEqual([{ value: "inkwell", label: "Inkwell", views: 7, visitors: 4 }]);
    expect(dashboard.top.caseStudy).toEqual([{ value: "support-team-automation", label: "Comment une équipe support a automatisé ses réponses", views: 9, visitors: 5 }]);
    expect((await readDashboard(t.db, 30, new Date(), "zh-CN")).top.tool[0]?.label).toBe("墨水瓶");
  });
});

describe("a page past the end of an admin list", () => {
  const request = new Request("http://127.0.0.1/admin/submissions?tab=ads&status=all&page=99");

  it("goes to the last page, keeping the list's other parameters", () => {
    let thrown: unknown;
    try {
      lastPageRedirect(request, 99, 170, 20);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/admin/submissions?tab=ads&status=all&page=9");
  });

  it("leaves pages inside the list, and the first page of an empty one, alone", () => {
    expect(() => lastPageRedirect(request, 9, 170, 20)).not.toThrow();
    expect(() => lastPageRedirect(request, 1, 0, 20)).not.toThrow();
  });
});
