// CPU a page view's recording costs, measured directly (the A/B run of page-view-overhead.mjs cannot
// resolve a 2% difference on a busy shared machine):
//   npx tsx bench/page-view-cost.ts [--views 20000]
// Runs the request hook of server/page-views.ts on stand-in requests (what it does on each request:
// the checks, a time stamp, a finish listener, noting five fields), then the batch writer on a fresh
// SQLite database (bot check, classification, salt, hash, inserts of 200 rows in one transaction), and prints the
// CPU time per view. Compare it with an uncached page's CPU time (page-view-overhead.mjs, "not recording").
import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { NextFunction, Request, Response } from "express";
import { flushPageViews, pendingPageViews } from "../app/.server/analytics/recorder";
import { createDatabase, migrateToLatest } from "../app/.server/db";
import { pageViews } from "../server/page-views";

const { values } = parseArgs({ options: { views: { type: "string", default: "20000" } } });
const total = Number(values.views);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-view-cost-"));
const db = createDatabase({ database: { kind: "sqlite", path: path.join(dir, "cost.db") } });
await migrateToLatest(db);

const PATHS = ["/tools", "/fr/tools.data", "/tool/chatgpt", "/zh-CN/tool/midjourney.data", "/about", "/"];
const hook = pageViews({ enabled: () => true });
const next: NextFunction = () => undefined;
function request(i: number) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as Response;
  const req = {
    method: "GET",
    path: PATHS[i % PATHS.length]!,
    ip: `198.51.100.${i % 250}`,
    socket: { remoteAddress: "127.0.0.1" },
    headers: {
      "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i % 50}.0 Safari/537.36`,
      accept: "text/html",
      "sec-fetch-dest": PATHS[i % PATHS.length]!.endsWith(".data") ? "empty" : "document",
      referer: i % 3 === 0 ? "https://www.google.com/" : undefined,
      host: "aitools.example",
    },
  } as unknown as Request;
  return { req, res };
}

// Warm-up, then the measured run.
for (let i = 0; i < 2000; i++) {
  const { req, res } = request(i);
  hook(req, res, next);
  (res as unknown as EventEmitter).emit("finish");
}
await flushPageViews(db);

let start = process.cpuUsage();
for (let i = 0; i < total; i++) {
  const { req, res } = request(i);
  hook(req, res, next);
  (res as unknown as EventEmitter).emit("finish");
}
const onRequest = process.cpuUsage(start);
const noted = pendingPageViews();
start = process.cpuUsage();
await flushPageViews(db);
const writing = process.cpuUsage(start);
const perView = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / total;
console.log(`on the request (hook + noting): ${perView(onRequest).toFixed(2)} µs CPU per view`);
console.log(`batch write (classify, hash, insert): ${perView(writing).toFixed(2)} µs CPU per view`);
console.log(`total: ${(perView(onRequest) + perView(writing)).toFixed(2)} µs CPU per recorded view (${noted} views)`);
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
