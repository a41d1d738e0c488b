import crypto from "node:crypto";
import { getConfig, type Config } from "../config";
import type { DB } from "../db";
import { changeCatalog } from "../catalog/changes";
import { getLogger } from "../logger";
import { getStorage, type FileStorage } from "../storage";
import { websiteKey } from "../submissions/url-key";
import { captureWebsite, CaptureFailed, chromiumAvailable, type CaptureSettings } from "./capture";

export { CaptureFailed, closeScreenshotBrowser } from "./capture";

/**
 * Website screenshots as the catalogue keeps them: captured (`capture.ts`), stored as PNG and WebP in the
 * configured storage under `screenshots/<site>/`, recorded per website in `site_screenshots`, and set on
 * every tool with that website (the detail page shows it as the preview; cards keep the mark).
 */
export interface StoredScreenshot {
  websiteUrl: string;
  png: string;
  webp: string;
  takenAt: string;
  /** Tools whose row now shows this capture. */
  tools: number;
}

export function captureSettings(config: Config = getConfig()): CaptureSettings {
  return { chromiumPath: config.CHROMIUM_PATH, allowHosts: config.fetchAllowHosts, timeoutMs: config.SCREENSHOT_TIMEOUT_MS, maxBytes: config.SCREENSHOT_MAX_BYTES };
}

/** Whether this instance takes screenshots: switched on and a Chromium found. */
export function screenshotsEnabled(config: Config = getConfig()): boolean {
  return config.SCREENSHOTS === "on" && chromiumAvailable(config.CHROMIUM_PATH);
}

/** Said once at start, so an operator knows whether previews will appear. */
export function announceScreenshots(config: Config = getConfig()): void {
  const logger = getLogger();
  if (config.SCREENSHOTS === "off") logger.info("website screenshots are off (SCREENSHOTS=off)");
  else if (!chromiumAvailable(config.CHROMIUM_PATH)) logger.warn({ chromiumPath: config.CHROMIUM_PATH }, "website screenshots are off: no Chromium at CHROMIUM_PATH");
  else logger.info({ chromiumPath: config.CHROMIUM_PATH }, "website screenshots are on");
}

/** `https://www.acme.ai/x` -> `acme.ai-x-3f9a0c1b`: a storage folder per website. */
function siteFolder(key: string): string {
  const readable = key.replace(/[^a-z0-9]+/gi, "-").replace(/^-+|-+$/g, "").toLowerCase().slice(0, 60) || "site";
  return `screenshots/${readable}-${crypto.createHash("sha1").update(key).digest("hex").slice(0, 8)}`;
}

/**
 * Captures `websiteUrl`, stores it, records it for the website and shows it on every tool with that
 * website. Throws CaptureFailed when the site cannot be captured (refused, unreachable, an error page).
 */
export async function takeSiteScreenshot(db: DB, websiteUrl: string, options: { storage?: FileStorage; settings?: CaptureSettings } = {}): Promise<StoredScreenshot> {
  const key = websiteKey(websiteUrl);
  if (!key) throw new CaptureFailed("refused", "not a website address");
  const capture = await captureWebsite(websiteUrl, options.settings ?? captureSettings());
  const storage = options.storage ?? getStorage();
  const folder = siteFolder(key);
  const base = `site-${crypto.createHash("sha1").update(capture.png).digest("hex").slice(0, 10)}`;
  const png = await storage.put(`${folder}/${base}.png`, capture.png, "image/png");
  const webp = await storage.put(`${folder}/${base}.webp`, capture.webp, "image/webp");
  const takenAt = new Date().toISOString();
  await db
    .insertInto("site_screenshots")
    .values({ url_key: key, website_url: websiteUrl, png_url: png, webp_url: webp, taken_at: takenAt })
    .onConflict((oc) => oc.column("url_key").doUpdateSet({ website_url: websiteUrl, png_url: png, webp_url: webp, taken_at: takenAt }))
    .execute();
  const tools = await showOnTools(db, key, { png, webp, takenAt });
  for (const name of await storage.list(folder)) {
    if (!name.startsWith(`${base}.`)) await storage.remove(`${folder}/${name}`);
  }
  if (capture.refused.length) getLogger().info({ websiteUrl, refused: capture.refused.slice(0, 20) }, "screenshot: the guard refused requests of the page");
  return { websiteUrl, png, webp, takenAt, tools };
}

/** Sets the capture on the tools whose website has `key`; how many. */
async function showOnTools(db: DB, key: string, shot: { png: string; webp: string; takenAt: string }): Promise<number> {
  const host = key.split(/[/:?]/)[0]!;
  // The tools on that host from the index on `website_host` (migration 0027; '': not filled yet), then the whole key.
  const candidates = await db.selectFrom("tools").select(["id", "website_url"]).where("website_host", "in", [host, ""]).execute();
  const ids = candidates.filter((tool) => websiteKey(tool.website_url) === key).map((tool) => tool.id);
  if (ids.length === 0) return 0;
  await changeCatalog(
    db,
    "tools",
    (trx) => trx.updateTable("tools").set({ screenshot_url: shot.png, screenshot_webp_url: shot.webp, screenshot_taken_at: shot.takenAt }).where("id", "in", ids).execute(),
    { toolsOf: () => ids },
  );
  return ids.length;
}

/**
 * Adds the capture of each submission's website (a new tool's, or the one an update proposes) to the review
 * list, so a reviewer sees the site without opening it. One query for the page.
 */
export async function withSiteScreenshots<T extends { submit: { website_url: string } | null; update: { changes: { website_url?: string } } | null }>(
  db: DB,
  items: T[],
): Promise<Array<T & { siteScreenshot: string | null }>> {
  const keyOf = (item: T) => websiteKey(item.submit?.website_url ?? item.update?.changes.website_url ?? "");
  const keys = [...new Set(items.map(keyOf).filter((key): key is string => key !== null))];
  const rows = keys.length ? await db.selectFrom("site_screenshots").select(["url_key", "webp_url"]).where("url_key", "in", keys).execute() : [];
  const byKey = new Map(rows.map((row) => [row.url_key, row.webp_url]));
  return items.map((item) => ({ ...item, siteScreenshot: byKey.get(keyOf(item) ?? "") ?? null }));
}

/**
 * Takes a screenshot in the background (a submission, an update proposal, an approval): the request that
 * caused it does not wait, and a site that cannot be captured is logged, not reported to the user.
 */
export function queueSiteScreenshot(db: DB, websiteUrl: string | null | undefined, reason: string): void {
  if (!websiteUrl || !screenshotsEnabled()) return;
  takeSiteScreenshot(db, websiteUrl).then(
    (shot) => getLogger().info({ websiteUrl, reason, tools: shot.tools }, "website screenshot taken"),
    (error: unknown) => getLogger().warn({ websiteUrl, reason, err: error instanceof Error ? error.message : error }, "website screenshot failed"),
  );
}

/** The website of a tool by id, for the hooks that know only the tool. */
export async function queueToolScreenshot(db: DB, toolId: number, reason: string): Promise<void> {
  const tool = await db.selectFrom("tools").select("website_url").where("id", "=", toolId).executeTakeFirst();
  queueSiteScreenshot(db, tool?.website_url, reason);
}
