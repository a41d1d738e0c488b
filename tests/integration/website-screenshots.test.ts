import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureWebsite, closeScreenshotBrowser, type CaptureSettings } from "~/.server/screenshots/capture";
import { BROWSER_NICENESS } from "~/.server/screenshots/browser-process";
import { startCountingServer, startFakeWebsite, type CountingServer } from "../support/fake-websites";

/**
 * The screenshotter captures a website on loopback (allowed through the allow list, as FETCH_ALLOW_HOSTS
 * does), and a page that asks for other loopback ports, IPv6 loopback and the cloud metadata address causes
 * no request there: the servers behind those addresses count what reaches them.
 */
let site: CountingServer;
let otherPort: CountingServer;
let ipv6: CountingServer | null;
let settings: CaptureSettings;
const METADATA = "http://169.254.169.254/";

beforeAll(async () => {
  otherPort = await startCountingServer();
  ipv6 = await startCountingServer("::1").catch(() => null);
  const forbidden = [`${otherPort.url}/`, ...(ipv6 ? [`${ipv6.url}/`] : []), METADATA];
  site = await startFakeWebsite({ title: "Quillmate", forbidden });
  settings = { chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", allowHosts: [`127.0.0.1:${site.port}`], timeoutMs: 20_000, maxBytes: 5_000_000 };
});
afterAll(async () => {
  await closeScreenshotBrowser();
  await Promise.all([site?.stop(), otherPort?.stop(), ipv6?.stop()]);
});

/** The processes whose parent is `pid`, with their program and niceness (Linux's /proc). */
function childProcesses(pid: number): { pid: number; program: string; nice: number }[] {
  const children: { pid: number; program: string; nice: number }[] = [];
  for (const entry of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command's name: state, parent, ...; niceness is the 19th field of the line, the 17th after it.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== pid) continue;
      children.push({ pid: Number(entry), program: fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0")[0]!, nice: Number(fields[16]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}
const childPrograms = (pid: number) => childProcesses(pid).map((child) => child.program);

describe("website screenshots", () => {
  it("captures an allowed site at 1280x800 as PNG and WebP, its own files included", { timeout: 60_000 }, async () => {
    const capture = await captureWebsite(`${site.url}/moved`, settings);
    expect(capture.finalUrl).toBe(`${site.url}/`);
    for (const image of [capture.png, capture.webp]) {
      const meta = await sharp(image).metadata();
      expect([meta.width, meta.height]).toEqual([1280, 800]);
    }
    expect((await sharp(capture.png).metadata()).format).toBe("png");
    expect((await sharp(capture.webp).metadata()).format).toBe("webp");
    // The stylesheet came through the guard: the page's background is its colour (#fde68a), not white.
    const { data } = await sharp(capture.png).extract({ left: 1200, top: 700, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xfd, 0xe6, 0x8a]);
    expect(site.hits).toEqual(expect.arrayContaining(["GET /moved", "GET /", "GET /style.css"]));
    // Chromium is no child of the server's process: it runs under a process of its own, whose launch and
    // clean-up cannot hold up the server's requests.
    const children = childPrograms(process.pid);
    expect(children.filter((program) => /chrom/i.test(program))).toEqual([]);
    expect(children).toContain(process.execPath);
    // Captures are background work: the browser's process and the browser under it yield the cores to requests.
    const helper = childProcesses(process.pid).find((child) => child.program === process.execPath && child.nice === BROWSER_NICENESS);
    expect(helper, "the browser's process runs at a lower priority").toBeDefined();
    const browsers = childProcesses(helper!.pid).filter((child) => /chrom/i.test(child.program));
    expect(browsers.length).toBeGreaterThan(0);
    // The browser inherits it; as root it may raise its own threads' priority again (an unprivileged user, as in
    // the Docker image, cannot), so the check is for other users.
    if (process.getuid?.() !== 0) for (const browser of browsers) expect(browser.nice).toBe(BROWSER_NICENESS);
  });

  it("sends nothing to other loopback ports, IPv6 loopback or the metadata address a page asks for", { timeout: 60_000 }, async () => {
    site.hits.length = 0;
    const capture = await captureWebsite(`${site.url}/hostile`, settings);
    expect((await sharp(capture.png).metadata()).width).toBe(1280);
    // Give late requests (the service worker, the WebSocket, fetches) time to arrive if they were going to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(otherPort.hits).toEqual([]);
    expect(ipv6?.hits ?? []).toEqual([]);
    // No server stands behind 169.254.169.254 here: the guard's log says it refused it instead.
    expect(capture.refused).toEqual(expect.arrayContaining([`${METADATA}pixel.png`, `${METADATA}api`, `${otherPort.url}/pixel.png`, `${otherPort.url}/api`]));
    if (ipv6) expect(capture.refused).toContain(`${ipv6.url}/pixel.png`);
    // The redirect to a forbidden address was refused at its hop; the WebSocket and the POST never left.
    expect(site.hits).toContain("GET /away");
    expect(capture.refused).toContain(`${otherPort.url}/socket`.replace(/^http/, "ws"));
    expect(capture.refused.some((entry) => entry.startsWith("POST "))).toBe(true);
    // Service workers are blocked: the page's registration never even fetched the script.
    expect(site.hits).not.toContain("GET /sw.js");
  });

  it("refuses a site outside the allow list on loopback without a request", { timeout: 30_000 }, async () => {
    await expect(captureWebsite(`${otherPort.url}/`, settings)).rejects.toMatchObject({ reason: "refused" });
    await expect(captureWebsite(`${METADATA}latest/meta-data/`, settings)).rejects.toMatchObject({ reason: "refused" });
    expect(otherPort.hits).toEqual([]);
  });
});
