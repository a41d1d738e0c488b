import { z } from "zod";
import { actorOf, requireAdminApi } from "../admin/api-auth";
import { recordAudit } from "../admin/audit";
import { getDb } from "../db";
import { jsonEndpoint, jsonError, jsonOk, parseOr400, readJson } from "../http/json-api";
import { CaptureFailed, screenshotsEnabled, takeSiteScreenshot } from "./index";

const slugParam = z.string().trim().min(1).max(200).regex(/^[a-z0-9][a-z0-9-]*$/, "not a tool slug");

/**
 * POST /api/admin/tools/{slug}/screenshot with `{}`: captures the tool's website now and answers with the
 * stored files (the administrator waits the few seconds a capture takes). 404 for an unknown tool, 503 when
 * screenshots are off on this instance, 422 when the site cannot be captured (with the reason).
 */
export const toolScreenshotApi = (request: Request, slug: string | undefined) =>
  jsonEndpoint(request, async () => {
    if (request.method !== "POST") throw jsonError(405, "method_not_allowed", "Use POST.");
    const user = await requireAdminApi(request);
    await readJson(request, z.object({}).strict(), { maxBytes: 1024 });
    const db = getDb();
    const tool = await db.selectFrom("tools").select(["id", "website_url"]).where("slug", "=", parseOr400(slugParam, slug)).executeTakeFirst();
    if (!tool) throw jsonError(404, "not_found", "No tool has this slug.");
    if (!screenshotsEnabled()) throw jsonError(503, "screenshots_off", "Website screenshots are off on this server (no Chromium, or SCREENSHOTS=off).");
    try {
      const shot = await takeSiteScreenshot(db, tool.website_url);
      await recordAudit(db, actorOf(user), [{ action: "tool.screenshot", entityType: "tool", entityId: Number(tool.id), changes: { screenshot: { before: null, after: shot.png } } }]);
      return jsonOk({ data: shot, error: null });
    } catch (error) {
      if (error instanceof CaptureFailed) throw jsonError(422, "capture_failed", error.message, { reason: error.reason });
      throw error;
    }
  });
