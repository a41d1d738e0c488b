// Website captures and the server's event loop: the longest stretch without a turn of the loop while a capture
// runs, the first one (driver loaded, browser launched) and the next ones (browser kept warm), then while the
// kept browser is closed. A fake website on loopback is captured (allowed as FETCH_ALLOW_HOSTS would).
//   node --import tsx bench/screenshot-stall.ts [--captures 5] [--chromium /usr/bin/chromium]
import { parseArgs } from "node:util";
import { captureWebsite, closeScreenshotBrowser } from "../app/.server/screenshots/capture";
import { startFakeWebsite } from "../tests/support/fake-websites";
import { timed } from "./lib/in-process";

const { values } = parseArgs({ options: { captures: { type: "string", default: "5" }, chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" } } });
const site = await startFakeWebsite({ title: "Stall bench" });
const settings = { chromiumPath: values.chromium, allowHosts: [`127.0.0.1:${site.port}`], timeoutMs: 20_000, maxBytes: 5_000_000 };

const rows: Array<{ run: string; ms: number; longestStall: number }> = [];
for (let i = 0; i < Number(values.captures); i++) {
  rows.push({ run: i === 0 ? "first capture" : `capture ${i + 1}`, ...(await timed(() => captureWebsite(`${site.url}/`, settings))) });
}
rows.push({ run: "close", ...(await timed(() => closeScreenshotBrowser())) });
await site.stop();
console.log("| Run | Time | Longest event-loop stall |\n|---|---|---|");
for (const row of rows) console.log(`| ${row.run} | ${Math.round(row.ms)} ms | ${Math.round(row.longestStall)} ms |`);
