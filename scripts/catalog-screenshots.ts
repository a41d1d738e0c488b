// npm run catalog:screenshots -- [--all] [--slug SLUG ...] [--database URL]
// Captures the website of every published tool without a screenshot (or all of them, or the ones named)
// in headless Chromium and stores it as the tool's preview.
import { parseArgs } from "node:util";
import { imageStorage, openDatabase, progressBar } from "../app/.server/catalog/cli";
import { parseConfig } from "../app/.server/config";
import { captureSettings, closeScreenshotBrowser, screenshotsEnabled } from "../app/.server/screenshots";
import { catalogScreenshots } from "../app/.server/screenshots/catalog";

const { values } = parseArgs({ options: { all: { type: "boolean" }, slug: { type: "string", multiple: true }, database: { type: "string" } } });
const config = parseConfig(process.env);
if (!screenshotsEnabled(config)) {
  console.error(config.SCREENSHOTS === "off" ? "Website screenshots are off (SCREENSHOTS=off)." : `No Chromium at ${config.CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  process.exit(2);
}

const db = await openDatabase(values.database);
const bar = progressBar("screenshots");
try {
  const report = await catalogScreenshots(db, {
    all: values.all,
    slugs: values.slug,
    storage: imageStorage(),
    settings: captureSettings(config),
    onTotal: (total) => bar.start(total),
    onTool: () => bar.tick(),
  });
  bar.stop();
  for (const failure of report.failed) console.error(`${failure.slug}: ${failure.reason}`);
  console.log(`Screenshots taken: ${report.taken}; failed: ${report.failed.length}; already had one: ${report.skipped}.`);
  if (report.failed.length && report.taken === 0) process.exitCode = 1;
} finally {
  bar.stop();
  await closeScreenshotBrowser();
  await db.destroy();
}
