// What a rating costs the list orders, in one process (no HTTP load):
//   node --import tsx bench/rating-moves.ts PATH_TO_A_COPY_OF_A_SQLITE_DB [--ratings 20]
// writes ratings into the file (use a copy). For each rating made here (the tool moves in the kept popular and
// rating orders) and for each figures change noticed from another writer (no tool named: both orders are read
// again), the time until both orders are ready and the longest stretch without a turn of the event loop.
import { parseArgs } from "node:util";
import { setRating } from "../app/.server/ratings/queries";
import { rebuildPolicy } from "../app/.server/search/current";
import { invalidateCatalogScopes } from "../app/.server/tools/cache";
import { sortPositions } from "../app/.server/tools/sort-positions";
import { openCopyWithUser, timed } from "./lib/in-process";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { ratings: { type: "string", default: "20" } } });
const { db, user } = await openCopyWithUser(positionals[0], "node --import tsx bench/rating-moves.ts PATH_TO_A_COPY_OF_A_SQLITE_DB [--ratings 20]", "rating-moves-bench");
const userId = user.id;
const slugs = (await db.selectFrom("tools").select("slug").where("status", "=", "published").orderBy("id").limit(5000).execute()).map((row) => row.slug);


// Lists wait for the new orders (below the large-catalogue rule), so the time is the time to have them.
rebuildPolicy.answerFromPreviousFromTools = Number.POSITIVE_INFINITY;
const bothOrders = () => Promise.all([sortPositions(db, "popular"), sortPositions(db, "rating")]);
console.log(`first read of both orders: ${(await timed(bothOrders)).ms.toFixed(0)} ms`);

const count = Number(values.ratings);
const summary = (label: string, runs: Array<{ ms: number; longestStall: number }>) => {
  const sorted = (key: "ms" | "longestStall") => runs.map((run) => run[key]).sort((a, b) => a - b);
  const median = (list: number[]) => list[Math.floor(list.length / 2)]!;
  console.log(
    `${label.padEnd(44)} until both orders ready: median ${median(sorted("ms")).toFixed(1)} ms, max ${sorted("ms").at(-1)!.toFixed(1)} ms;` +
      ` longest stall: median ${median(sorted("longestStall")).toFixed(1)} ms, max ${sorted("longestStall").at(-1)!.toFixed(1)} ms`,
  );
};

const moved = [];
for (let i = 0; i < count; i++) {
  const slug = slugs[Math.floor(Math.random() * slugs.length)]!;
  moved.push(await timed(async () => {
    await setRating(db, userId, slug, 1 + (i % 5));
    await bothOrders();
  }));
}
summary("a rating made here (the tool moves)", moved);

const reread = [];
for (let i = 0; i < Math.min(count, 10); i++) {
  reread.push(await timed(async () => {
    invalidateCatalogScopes(["tool-figures"]);
    await bothOrders();
  }));
}
summary("another writer's figures change (re-read)", reread);
await db.destroy();
