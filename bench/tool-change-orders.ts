// What a change of one tool (an administrator's approval of a new tool) costs the list orders, the tool list's
// filter snapshot and the category counts, in one process (no HTTP load):
//   node --import tsx bench/tool-change-orders.ts PATH_TO_A_COPY_OF_A_SQLITE_DB [--approvals 10] [--batch 200]
// writes tools into the file (use a copy). For each approval: the time of the write, then the time until every
// list order (popular, rating, newest, the name order of every page language) is ready, then the filter
// snapshot, then the category tree, each with the longest stretch without a turn of the event loop. Then the
// same after one change that renames `--batch` tools (a small import, named), and after a change that names no
// tool (a large import), which reads them all again.
import { parseArgs } from "node:util";
import { reviewSubmission } from "../app/.server/admin/submissions";
import { changeCatalog } from "../app/.server/catalog/changes";
import { categoryTree } from "../app/.server/categories/queries";
import { nowIso } from "../app/.server/db/values";
import { toolFacetSnapshot } from "../app/.server/offers/tool-facets";
import { rebuildPolicy } from "../app/.server/search/current";
import { invalidateCatalogScopes } from "../app/.server/tools/cache";
import { sortPositions } from "../app/.server/tools/sort-positions";
import { LANGUAGES } from "../app/i18n/languages";
import { openCopyWithUser, timed } from "./lib/in-process";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { approvals: { type: "string", default: "10" }, batch: { type: "string", default: "200" } } });
const { db, user: admin } = await openCopyWithUser(positionals[0], "node --import tsx bench/tool-change-orders.ts PATH_TO_A_COPY_OF_A_SQLITE_DB [--approvals 10]", "tool-change-bench");
const userId = admin.id;

type Run = Awaited<ReturnType<typeof timed>>;

function summary(label: string, runs: Run[]): void {
  const sorted = (key: keyof Run) => runs.map((run) => run[key]).sort((a, b) => a - b);
  const median = (list: number[]) => list[Math.floor(list.length / 2)]!;
  console.log(
    `${label.padEnd(40)} median ${median(sorted("ms")).toFixed(1)} ms, max ${sorted("ms").at(-1)!.toFixed(1)} ms;` +
      ` longest stall: median ${median(sorted("longestStall")).toFixed(1)} ms, max ${sorted("longestStall").at(-1)!.toFixed(1)} ms`,
  );
}

// Lists wait for the new orders (below the large-catalogue rule), so the time is the time to have them.
rebuildPolicy.answerFromPreviousFromTools = Number.POSITIVE_INFINITY;
const everyOrder = () =>
  Promise.all([sortPositions(db, "popular"), sortPositions(db, "rating"), sortPositions(db, "newest"), ...LANGUAGES.map((lang) => sortPositions(db, "name", lang))]);
const filters = () => toolFacetSnapshot(db);
const categories = () => categoryTree(db, "us-en");

summary("first read of every order", [await timed(everyOrder)]);
summary("first filter snapshot", [await timed(filters)]);
summary("first category tree", [await timed(categories)]);

let counter = 0;
async function pendingSubmission(): Promise<number> {
  const name = `Bench Approval ${Date.now().toString(36)} ${++counter}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  const payload = {
    name,
    slug,
    website_url: `https://${slug}.example.com`,
    description: "Drafts long-form articles from an outline and keeps the author's tone.",
    category: "text-generation-editing",
    pricing: "freemium",
    tags: ["AI Writing"],
    features: ["Outline to draft"],
    use_cases: ["Blog posts"],
    contact_email: "maker@users.invalid",
    image_url: null,
    image_webp_url: null,
    language: "us-en",
    generated: false,
  };
  const at = nowIso();
  const row = await db
    .insertInto("submissions")
    .values({ user_id: userId, type: "submit", slug, payload: JSON.stringify(payload), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const approvals = { write: [] as Run[], orders: [] as Run[], filters: [] as Run[], categories: [] as Run[] };
for (let i = 0; i < Number(values.approvals); i++) {
  const id = await pendingSubmission();
  approvals.write.push(await timed(() => reviewSubmission(db, admin, id, { status: "approved", notes: null })));
  approvals.orders.push(await timed(everyOrder));
  approvals.filters.push(await timed(filters));
  approvals.categories.push(await timed(categories));
}
summary("approval: the write", approvals.write);
summary("approval: every order ready", approvals.orders);
summary("approval: filter snapshot ready", approvals.filters);
summary("approval: category tree ready", approvals.categories);

const batch = Number(values.batch);
const renamed = (await db.selectFrom("tools").select("id").where("status", "=", "published").orderBy("id").limit(batch).execute()).map((row) => Number(row.id));
await changeCatalog(
  db,
  "tools",
  async (trx) => {
    for (const id of renamed) await trx.updateTable("tool_translations").set({ name: `Renamed ${id}` }).where("tool_id", "=", id).where("language", "=", "us-en").execute();
    return renamed;
  },
  { toolsOf: (ids) => ids },
);
summary(`${batch} tools renamed: every order ready`, [await timed(everyOrder)]);
summary(`${batch} tools renamed: filter snapshot ready`, [await timed(filters)]);
summary(`${batch} tools renamed: category tree ready`, [await timed(categories)]);

const unnamed = { orders: [] as Run[], filters: [] as Run[], categories: [] as Run[] };
for (let i = 0; i < 3; i++) {
  invalidateCatalogScopes(["tools"]);
  unnamed.orders.push(await timed(everyOrder));
  unnamed.filters.push(await timed(filters));
  unnamed.categories.push(await timed(categories));
}
summary("unnamed change: every order ready", unnamed.orders);
summary("unnamed change: filter snapshot ready", unnamed.filters);
summary("unnamed change: category tree ready", unnamed.categories);
await db.destroy();
