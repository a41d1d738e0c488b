import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSubmissions } from "~/.server/admin/submissions";
import { getToolDetail } from "~/.server/tools/detail";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { insertTool } from "../support/detail-fixtures";
import { startCountingServer, startFakeWebsite, type CountingServer } from "../support/fake-websites";
import { insertSubmission, insertUser, submitPayload } from "../support/submissions";

/**
 * `npm run catalog:screenshots` against fake websites: every published tool without a screenshot gets one
 * (PNG and WebP at 1280x800 in the storage), shown as the detail page's preview; a tool whose site is
 * refused is reported and the run goes on; a second run leaves the ones that have one alone. A reviewer sees
 * the capture of a submitted website.
 */
function runScreenshots(env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const loader = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", loader, path.resolve("scripts/catalog-screenshots.ts"), ...args], { env: { ...process.env, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

for (const dialect of testDialects()) {
  describe(`catalog:screenshots (${dialect})`, () => {
    let t: TestDatabase;
    let sites: CountingServer[];
    let forbidden: CountingServer;
    let uploads: string;

    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      uploads = fs.mkdtempSync(path.join(os.tmpdir(), "screenshots-"));
      forbidden = await startCountingServer();
      sites = await Promise.all([startFakeWebsite({ title: "Alpha Writer", colour: "#bfdbfe" }), startFakeWebsite({ title: "Beta Painter", colour: "#bbf7d0" })]);
      for (const [slug, url] of [
        ["alpha-writer", `${sites[0]!.url}/`],
        ["beta-painter", `${sites[1]!.url}/moved`],
        ["gamma-refused", `${forbidden.url}/`],
      ] as const) {
        const id = await insertTool(t.db, { slug, translations: { "us-en": { name: slug, description: `${slug} helps.` } } });
        await t.db.updateTable("tools").set({ website_url: url }).where("id", "=", id).execute();
      }
    });
    afterAll(async () => {
      await Promise.all([...(sites ?? []).map((s) => s.stop()), forbidden?.stop()]);
      await t?.destroy();
      fs.rmSync(uploads, { recursive: true, force: true });
    });

    it("captures each tool's site into the storage and shows it as the detail page's preview", { timeout: 180_000 }, async () => {
      const env = {
        DATABASE_URL: t.url,
        ...t.env,
        UPLOAD_DIR: uploads,
        SCREENSHOTS: "on",
        STORAGE_URL: "",
        LOG_LEVEL: "warn",
        // Only the two tools' sites; the third tool's server (another loopback port) stays off limits.
        FETCH_ALLOW_HOSTS: sites.map((s) => `127.0.0.1:${s.port}`).join(","),
      };
      const first = await runScreenshots(env);
      expect(first.stdout).toContain("Screenshots taken: 2; failed: 1; already had one: 0.");
      expect(first.stderr).toContain("gamma-refused: screenshot failed: refused");
      expect(forbidden.hits).toEqual([]);

      const rows = await t.db.selectFrom("tools").select(["slug", "screenshot_url", "screenshot_webp_url", "screenshot_taken_at"]).orderBy("slug").execute();
      expect(rows.map((r) => [r.slug, Boolean(r.screenshot_url), Boolean(r.screenshot_webp_url)])).toEqual([
        ["alpha-writer", true, true],
        ["beta-painter", true, true],
        ["gamma-refused", false, false],
      ]);
      // The files are in UPLOAD_DIR, 1280x800, showing each site (its page colour).
      const alpha = rows[0]!;
      const file = path.join(uploads, alpha.screenshot_url!.replace(/^\/uploads\//, ""));
      expect(await sharp(file).metadata()).toMatchObject({ width: 1280, height: 800, format: "png" });
      expect((await sharp(path.join(uploads, alpha.screenshot_webp_url!.replace(/^\/uploads\//, ""))).metadata()).format).toBe("webp");
      const { data } = await sharp(file).extract({ left: 1270, top: 790, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)]).toEqual([0xbf, 0xdb, 0xfe]);

      const detail = await getToolDetail(t.db, "alpha-writer", "us-en");
      expect(detail?.images[0]).toEqual({ url: alpha.screenshot_url, webpUrl: alpha.screenshot_webp_url });

      // A submission of a captured website shows the capture to the reviewer.
      const userId = await insertUser(t.db, dialect, "maker@example.com");
      await insertSubmission(t.db, userId, submitPayload({ name: "Alpha again", website_url: `${sites[0]!.url}/` }));
      const review = await listSubmissions(t.db, { page: 1, pageSize: 20 });
      expect(review.data.map((item) => item.siteScreenshot)).toEqual([alpha.screenshot_webp_url]);

      // A second run takes only what is missing (the refused one, refused again).
      const second = await runScreenshots(env);
      expect(second.stdout).toContain("Screenshots taken: 0; failed: 1; already had one: 2.");
      expect(sites[0]!.hits.filter((hit) => hit === "GET /")).toHaveLength(1);
    });
  });
}
