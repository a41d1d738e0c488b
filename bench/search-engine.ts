// In-process timings of the search engine on a large catalogue, without HTTP:
//   npx tsx bench/search-engine.ts data/bench-catalogue.db
// Times are wall-clock, with the process's CPU time beside them ("cpu"): on a shared, busy machine the CPU
// time is what the code costs, the wall time also counts waiting for a core.
// Prints the autocomplete index build time and memory, per-query autocomplete times (p50/p95 of
// 50 runs, including 1-2 character Chinese, Japanese and Korean queries), uncached list queries and the
// cases `bench/run.mjs` times over HTTP ("list search (uncached)"): each of its 30 words once at page
// 41-45 sorted by rating (a search nothing has ranked yet), and 30 pages of 助手.
import { createDatabase } from "../app/.server/db";
import { getAutocompleteIndex, queryIndex } from "../app/.server/tools/autocomplete";
import { searchIndex } from "../app/.server/search/current";
import { matchQuery } from "../app/.server/search/query";
import { listToolsUncached } from "../app/.server/tools/queries";
import { sortPositions } from "../app/.server/tools/sort-positions";
const file = process.argv[2];
if (!file) {
  console.error("usage: npx tsx bench/search-engine.ts PATH_TO_SQLITE_DB");
  process.exit(2);
}
const db = createDatabase({ database: { kind: "sqlite", path: file.replace(/^file:/, "") } });
let t = performance.now();
const heapBefore = process.memoryUsage().heapUsed;
const cpuBefore = process.cpuUsage();
const search = await searchIndex(db);
const cpu = process.cpuUsage(cpuBefore);
globalThis.gc?.();
console.log("search index build ms", (performance.now() - t).toFixed(0), "cpu ms", ((cpu.user + cpu.system) / 1000).toFixed(0), "terms", search.terms.length, "grams", search.base.grams.size, "postings", search.base.termPostings.length, "heap +MB", Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6));
for (const q of ["writing", "chatgtp", "stable difusion", "AI coding assistant", "编程助手", "Programmierassistent", "gerador de imagens", "助手", "a", "deepl", "Bilderzeugung"]) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let found = 0;
  for (let i = 0; i < 20; i++) {
    t = performance.now();
    const cpu = process.cpuUsage();
    found = matchQuery(search, q).ids.length;
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - t);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  console.log("match", JSON.stringify(q), "p50", times[10]!.toFixed(2), "p95", times[18]!.toFixed(2), "cpu p50", cpuTimes[10]!.toFixed(2), "matches", found);
}
t = performance.now();
const index = await getAutocompleteIndex(db);
console.log("build ms", (performance.now() - t).toFixed(0), "size", index.size, "heapMB", Math.round(process.memoryUsage().heapUsed / 1e6));
for (const q of ["cha", "a", "ap", "助手", "聊天", "チャ", "アシ", "스", "데이", "zzz", "xq", "swfit", "brigth wri", "quantun"]) {
  const times: number[] = [];
  let r;
  const cpu = process.cpuUsage();
  for (let i = 0; i < 50; i++) { t = performance.now(); r = queryIndex(index, "zh-CN", q); times.push(performance.now() - t); }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  console.log(q, "p50", times[25]!.toFixed(3), "p95", times[47]!.toFixed(3), "cpu mean", ((used.user + used.system) / 1000 / 50).toFixed(3), r!.items.length, r!.more);
}
const SEARCH_WORDS = ["writing", "image", "video", "voice", "chat", "seo", "resume", "music", "legal", "code", "data", "email", "logo", "avatar", "study", "finance", "travel", "recipe", "health", "design", "sales", "research", "meeting", "podcast", "translate", "summary", "analytics", "story", "presentation", "marketing"];
/** Wall and CPU milliseconds of one call. */
async function timed(run: () => Promise<unknown>): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return [performance.now() - started, (used.user + used.system) / 1000];
}
const percentiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1);
  return `p50 ${at(50)} p95 ${at(95)} max ${at(100)}`;
};
// Each order's positions are read once per catalogue change; built here first so the cases below time searches only.
for (const sort of ["popular", "rating", "newest", "name"] as const) {
  t = performance.now();
  await sortPositions(db, sort);
  console.log("sort positions", sort, (performance.now() - t).toFixed(1), "ms");
}
// The name order is the page language's (its names, its collation): built once per language and catalogue change.
for (const lang of ["de", "zh-CN", "ja"]) {
  t = performance.now();
  const cpu = process.cpuUsage();
  await sortPositions(db, "name", lang);
  const used = process.cpuUsage(cpu);
  console.log("sort positions name", lang, (performance.now() - t).toFixed(1), "ms, cpu", ((used.user + used.system) / 1000).toFixed(1), "ms");
}
const deep: number[] = [];
const assistant: number[] = [];
const deepCpu: number[] = [];
const assistantCpu: number[] = [];
for (const word of SEARCH_WORDS) {
  let [wall, cpu] = await timed(() => listToolsUncached(db, { lang: "us-en", search: word, sort: "rating", page: 41 + (word.length % 5) }));
  deep.push(wall);
  deepCpu.push(cpu);
  [wall, cpu] = await timed(() => listToolsUncached(db, { lang: "zh-CN", search: "助手", sort: "popular", page: word.length + 50 }));
  assistant.push(wall);
  assistantCpu.push(cpu);
}
console.log("deep rating pages, each word new:", percentiles(deep), "| cpu", percentiles(deepCpu));
console.log("助手 pages:", percentiles(assistant), "| cpu", percentiles(assistantCpu));
console.log("both (as run.mjs):", percentiles([...deep, ...assistant]), "| cpu", percentiles([...deepCpu, ...assistantCpu]));
const multi = ["AI coding assistant", "stable difusion", "music generator", "编程助手", "gerador de imagens", "Programmierassistent", "chatgtp", "swift writer pro", "nova canvas", "deep analyst"];
const multiWall: number[] = [];
const multiCpu: number[] = [];
for (const search of multi) {
  const [wall, cpu] = await timed(() => listToolsUncached(db, { lang: "us-en", search, sort: "popular", page: 1 }));
  multiWall.push(wall);
  multiCpu.push(cpu);
}
console.log("typos, several words, CJK, each new:", percentiles(multiWall), "| cpu", percentiles(multiCpu));
const categoryIds = (await db.selectFrom("categories").select("id").where("slug", "in", ["chatbot-virtual-companions", "ai-chatbot", "virtual-companion", "customer-support-bot", "chat-interface", "character-chat"]).execute()).map((c) => c.id);
for (const [sort, page] of [["popular", 1], ["rating", 2], ["newest", 3]] as const) {
  t = performance.now();
  const r = await listToolsUncached(db, { lang: "us-en", categoryIds, sort, page });
  console.log("category list", sort, page, (performance.now() - t).toFixed(1), "ms total", r.total);
}
for (const [search, sort, page] of [["writing", "popular", 1], ["writing", "popular", 40], ["chat", "rating", 3], ["助手", "popular", 1], ["ap", "popular", 1], ["", "name", 5], ["", "popular", 300]] as const) {
  t = performance.now();
  const r = await listToolsUncached(db, { lang: "us-en", search: search || undefined, sort, page });
  console.log("list", JSON.stringify(search), sort, page, (performance.now() - t).toFixed(1), "ms total", r.total);
}
await db.destroy();
