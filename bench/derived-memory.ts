// Memory and build time of each structure derived from the catalogue, one after another in one process:
//   node --expose-gc --import tsx bench/derived-memory.ts data/bench-catalogue.db
// Per structure: the heap (JS objects) and external memory (typed arrays) it added after a full collection,
// the process's resident memory after it, and its build time. How these grow with the catalogue
// (bench/README.md, "How cost grows") says which structure to make compact first.
import { createDatabase } from "../app/.server/db";
import { alternativesIndex } from "../app/.server/offers/alternatives-index";
import { toolFacetSnapshot } from "../app/.server/offers/tool-facets";
import { searchIndex } from "../app/.server/search/current";
import { getAutocompleteIndex } from "../app/.server/tools/autocomplete";
import { sortPositions } from "../app/.server/tools/sort-positions";

const file = process.argv[2];
const collect = (globalThis as { gc?: () => void }).gc;
if (!file || !collect) {
  console.error("usage: node --expose-gc --import tsx bench/derived-memory.ts PATH_TO_SQLITE_DB");
  process.exit(2);
}
const db = createDatabase({ database: { kind: "sqlite", path: file.replace(/^file:/, "") } });
const MB = 1024 * 1024;
const kept: unknown[] = [];
const measure = () => {
  collect();
  collect();
  return process.memoryUsage();
};
let last = measure();
console.log(`start: heap ${(last.heapUsed / MB).toFixed(0)} MB, resident ${(last.rss / MB).toFixed(0)} MB`);

async function step(name: string, build: () => Promise<unknown>) {
  const started = performance.now();
  kept.push(await build());
  const seconds = (performance.now() - started) / 1000;
  const now = measure();
  const heap = (now.heapUsed - last.heapUsed) / MB;
  // `external` already includes `arrayBuffers` (typed arrays); adding both counted typed arrays twice.
  const external = (now.external - last.external) / MB;
  console.log(`${name.padEnd(20)} heap +${heap.toFixed(0).padStart(5)} MB  typed arrays +${external.toFixed(0).padStart(4)} MB  resident ${(now.rss / MB).toFixed(0).padStart(5)} MB  ${seconds.toFixed(1)} s`);
  last = now;
}

await step("list orders (4)", () => Promise.all([sortPositions(db, "popular"), sortPositions(db, "rating"), sortPositions(db, "newest"), sortPositions(db, "name", "us-en")]));
await step("search index", () => searchIndex(db));
await step("autocomplete", () => getAutocompleteIndex(db));
await step("alternatives index", () => alternativesIndex(db, "tool"));
await step("tool facets", () => toolFacetSnapshot(db));
console.log(`end: heap ${(last.heapUsed / MB).toFixed(0)} MB, resident ${(last.rss / MB).toFixed(0)} MB (${kept.length} structures)`);
await db.destroy();
