// Compares what two running builds show: full-page screenshots of the same pages at 1366 and 360 px, with and
// without JavaScript, pixel by pixel. Also reports page errors and hydration warnings of the second build.
//
//   node bench/page-pixels.mjs http://127.0.0.1:4392 http://127.0.0.1:4393 [/us-en/tools /de/tools ...]
//
// Both servers should serve the same catalogue (a fresh seeded start each). Writes the screenshots that differ
// (and a diff image) to OUT (default /tmp/page-pixels).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { PNG } from "pngjs";

const [before, after, ...pages] = process.argv.slice(2);
if (!before || !after) throw new Error("usage: page-pixels.mjs BEFORE_URL AFTER_URL [paths...]");
const PATHS = pages.length > 0 ? pages : ["/us-en/tools", "/de/tools", "/zh-CN/tools"];
const WIDTHS = [1366, 360];
const OUT = process.env.OUT ?? "/tmp/page-pixels";
fs.mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-dev-shm-usage", "--hide-scrollbars"],
});

async function shot(base, pagePath, width, javaScript, problems) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript, reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on("pageerror", (error) => problems.push(`${pagePath}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(`${pagePath}: ${message.text()}`);
  });
  await page.goto(base + pagePath, { waitUntil: "load" });
  if (javaScript) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // Lazy images below the fold: scroll through once (the wheel works without JavaScript too) so both builds
  // show the same ones, then wait for the network to settle.
  const height = 12_000;
  for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600);
  await page.mouse.wheel(0, -height - 1000);
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(300);
  const png = await page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
  await context.close();
  return png;
}

function compare(a, b) {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  if (left.width !== right.width || left.height !== right.height) return { differing: -1, size: `${left.width}x${left.height} vs ${right.width}x${right.height}` };
  const diff = new PNG({ width: left.width, height: left.height });
  let differing = 0;
  for (let i = 0; i < left.data.length; i += 4) {
    const same = left.data[i] === right.data[i] && left.data[i + 1] === right.data[i + 1] && left.data[i + 2] === right.data[i + 2] && left.data[i + 3] === right.data[i + 3];
    if (!same) differing++;
    diff.data[i] = same ? left.data[i] >> 2 : 255;
    diff.data[i + 1] = same ? left.data[i + 1] >> 2 : 0;
    diff.data[i + 2] = same ? left.data[i + 2] >> 2 : 0;
    diff.data[i + 3] = 255;
  }
  return { differing, size: `${left.width}x${left.height}`, diff };
}

const problems = [];
let allSame = true;
for (const pagePath of PATHS) {
  for (const width of WIDTHS) {
    for (const javaScript of [true, false]) {
      const a = await shot(before, pagePath, width, javaScript, []);
      const b = await shot(after, pagePath, width, javaScript, problems);
      const result = compare(a, b);
      const label = `${pagePath} ${width}px ${javaScript ? "js" : "no-js"}`;
      console.log(`${label.padEnd(36)} ${result.size.padEnd(12)} ${result.differing === 0 ? "identical" : `${result.differing} pixels differ`}`);
      if (result.differing !== 0) {
        allSame = false;
        const name = `${pagePath.replace(/\W+/g, "_")}-${width}-${javaScript ? "js" : "nojs"}`;
        fs.writeFileSync(path.join(OUT, `${name}-before.png`), a);
        fs.writeFileSync(path.join(OUT, `${name}-after.png`), b);
        if (result.diff) fs.writeFileSync(path.join(OUT, `${name}-diff.png`), PNG.sync.write(result.diff));
      }
    }
  }
}
await browser.close();
console.log(problems.length ? `problems:\n${problems.join("\n")}` : "no page errors or hydration warnings");
console.log(allSame ? "all identical" : `differences written to ${OUT}`);
