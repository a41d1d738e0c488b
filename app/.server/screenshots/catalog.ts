import type { DB } from "../db";
import type { FileStorage } from "../storage";
import type { CaptureSettings } from "./capture";
import { CaptureFailed, takeSiteScreenshot } from "./index";

export interface CatalogScreenshotReport {
  taken: number;
  failed: Array<{ slug: string; reason: string }>;
  skipped: number;
}

/**
 * Screenshots for the catalogue (`npm run catalog:screenshots`): every published tool without one, or all of
 * them (`all`), or the tools named (`slugs`). One site at a time; a site that cannot be captured is
 * reported and the run goes on.
 */
export async function catalogScreenshots(
  db: DB,
  options: { all?: boolean; slugs?: string[]; storage: FileStorage; settings: CaptureSettings; onTotal?: (total: number) => void; onTool?: () => void },
): Promise<CatalogScreenshotReport> {
  let query = db.selectFrom("tools").select(["slug", "website_url", "screenshot_url"]).where("status", "=", "published").orderBy("id");
  if (options.slugs?.length) query = query.where("slug", "in", options.slugs);
  const tools = await query.execute();
  // Without --all or named tools, only those that have no screenshot yet.
  const toCapture = options.all || options.slugs?.length ? tools : tools.filter((tool) => !tool.screenshot_url);
  const report: CatalogScreenshotReport = { taken: 0, failed: [], skipped: tools.length - toCapture.length };
  // Tools sharing a website get one capture (it is set on all of them).
  const done = new Set<string>();
  options.onTotal?.(toCapture.length);
  for (const tool of toCapture) {
    if (done.has(tool.website_url)) {
      options.onTool?.();
      continue;
    }
    try {
      await takeSiteScreenshot(db, tool.website_url, { storage: options.storage, settings: options.settings });
      done.add(tool.website_url);
      report.taken++;
    } catch (error) {
      report.failed.push({ slug: tool.slug, reason: error instanceof CaptureFailed ? error.message : String(error) });
    }
    options.onTool?.();
  }
  return report;
}
