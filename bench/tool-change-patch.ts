// What an approval or an approved update costs the search, in one process (no HTTP load):
//   node --import tsx bench/tool-change-patch.ts PATH_TO_A_COPY_OF_A_SQLITE_DB [--changes 5] [--rebuild]
// writes submissions, tools and audit rows into the file (use a copy; run with SCREENSHOTS=off). For each approval
// of a new tool and each approved rename of an existing one: how long the approval took, the time from its return
// until the search index finds the tool under its new name, until the suggestions do, and until the list page
// does (which also needs the tool's place in the list order), and the longest stretch without a turn of the event
// loop meanwhile (a 1 ms timer). With --rebuild, every change is rebuilt as before decision 0040 (the previous
// index answers meanwhile).
import { parseArgs } from "node:util";
import { reviewSubmission } from "../app/.server/admin/submissions";
import { nowIso } from "../app/.server/db/values";
import { searchIndex, searchIndexWork } from "../app/.server/search/current";
import { patchPolicy } from "../app/.server/search/overlay";
import { matchQuery } from "../app/.server/search/query";
import { getAutocompleteIndex, queryIndex, suggestionWork } from "../app/.server/tools/autocomplete";
import { listTools } from "../app/.server/tools/queries";
import { openCopyWithUser, stallWatch } from "./lib/in-process";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { changes: { type: "string", default: "5" }, rebuild: { type: "boolean", default: false } } });
if (values.rebuild) Object.assign(patchPolicy, { minTools: 0, maxTools: 0 });
const { db, user: admin } = await openCopyWithUser(positionals[0], "node --import tsx bench/tool-change-patch.ts PATH_TO_A_COPY_OF_A_SQLITE_DB [--changes 5] [--rebuild]", "tool-change-patch-bench");
const userId = admin.id;
const category = (await db.selectFrom("categories").select("slug").where("parent_id", "is", null).orderBy("id").executeTakeFirstOrThrow()).slug;

const started = performance.now();
const first = await searchIndex(db);
await getAutocompleteIndex(db);
console.log(`first builds (search index and suggestions): ${(performance.now() - started).toFixed(0)} ms for ${first.liveTools} tools`);

/** Runs `change`, then searches for `name` until `slug` is found: the change's time, the waits, the longest stall. */
async function measure(change: () => Promise<unknown>, name: string, slug: string) {
  const wait = async (found: () => Promise<boolean>) => {
    while (!(await found())) await new Promise((resolve) => setTimeout(resolve, 5));
    return performance.now();
  };
  const watch = stallWatch();
  const phaseStall = watch.phase;
  const before = performance.now();
  await change();
  const changed = performance.now();
  const stallInChange = phaseStall();
  const id = Number((await db.selectFrom("tools").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
  const indexed = await wait(async () => matchQuery(await searchIndex(db), name).ids.includes(id));
  const stallUntilIndexed = phaseStall();
  const suggested = await wait(async () => queryIndex(await getAutocompleteIndex(db), "us-en", name).items.some((item) => item.slug === slug));
  const stallUntilSuggested = phaseStall();
  const listed = await wait(async () => (await listTools(db, { lang: "us-en", search: name, sort: "rating", page: 1 })).tools.some((tool) => tool.slug === slug));
  const stallUntilListed = watch.stop();
  return { change: changed - before, untilSearchIndex: indexed - changed, untilSuggested: suggested - changed, untilListed: listed - changed, stallInChange, stallUntilIndexed, stallUntilSuggested, stallUntilListed };
}

type Run = Awaited<ReturnType<typeof measure>>;
const summary = (label: string, runs: Run[]) => {
  const median = (key: keyof Run) => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const max = (key: keyof Run) => Math.max(...runs.map((run) => run[key]));
  const both = (key: keyof Run) => `median ${median(key).toFixed(1)} ms, max ${max(key).toFixed(1)} ms`;
  console.log(`${label}:\n  change ${both("change")}; until the search index has it ${both("untilSearchIndex")}; until suggested ${both("untilSuggested")}; until listed ${both("untilListed")}\n  longest stall: during the change ${both("stallInChange")}, until indexed ${both("stallUntilIndexed")}, until suggested ${both("stallUntilSuggested")}, until listed ${both("stallUntilListed")}`);
};

const count = Number(values.changes);
const stamp = Date.now().toString(36);
const approvals: Run[] = [];
for (let i = 0; i < count; i++) {
  const name = `Benchpatch${stamp}${"abcdefghij"[i % 10]}${i}`;
  const slug = name.toLowerCase();
  const payload = { name, slug, website_url: `https://${slug}.example.com`, description: "Drafts release notes from a changelog.", category, pricing: "freemium", tags: ["Writing"], features: [], use_cases: [], contact_email: "", image_url: null, image_webp_url: null, language: "us-en", generated: false };
  const at = nowIso();
  const row = await db.insertInto("submissions").values({ user_id: userId, type: "submit", slug, payload: JSON.stringify(payload), created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
  approvals.push(await measure(() => reviewSubmission(db, admin, Number(row.id), { status: "approved", notes: null }), name, slug));
}
summary("approval of a new tool", approvals);

const updates: Run[] = [];
const existing = await db.selectFrom("tools").select(["id", "slug"]).where("status", "=", "published").orderBy("id").limit(count).execute();
for (const [i, tool] of existing.entries()) {
  const name = `Renamedpatch${stamp}${"abcdefghij"[i % 10]}${i}`;
  const payload = { tool_slug: tool.slug, language: "us-en", contact_email: "", before: {}, changes: { name } };
  const at = nowIso();
  const row = await db.insertInto("submissions").values({ user_id: userId, type: "update", slug: tool.slug, tool_id: tool.id, payload: JSON.stringify(payload), created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
  updates.push(await measure(() => reviewSubmission(db, admin, Number(row.id), { status: "approved", notes: null }), name, tool.slug));
}
summary("approved rename", updates);
console.log("search index:", searchIndexWork(), "suggestions:", suggestionWork());
await db.destroy();
