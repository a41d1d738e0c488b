// Checks of the reliability suite, read from the database itself (not through the server under test):
// every acknowledged write is there and no refused one is, administrators' decisions stuck and
// approvals published their tools, aggregates equal the rows they sum, and nothing is half-written.
import { request } from "./clients.mjs";
import { ABSENT } from "./workload.mjs";

const numbers = (row, names) => {
  for (const name of names) if (row[name] !== null && row[name] !== undefined) row[name] = Number(row[name]);
  return row;
};

/** The rows the checks compare (users by e-mail, tools by slug). */
export async function readState(db) {
  const tools = await db.query("select id, slug, status, base_rating, base_review_count, user_rating_sum, user_rating_count, favorite_count, rating, review_count from tools");
  const ratings = await db.query('select u.email, r.tool_id, t.slug, r.rating, r.counted from ratings r left join "user" u on u.id = r.user_id left join tools t on t.id = r.tool_id');
  const favorites = await db.query('select u.email, f.tool_id, t.slug from favorites f left join "user" u on u.id = f.user_id left join tools t on t.id = f.tool_id');
  const submissions = await db.query(
    'select s.id, u.email, s.type, s.status, s.payload, s.tool_id, t.slug as tool_slug, t.status as tool_status from submissions s left join "user" u on u.id = s.user_id left join tools t on t.id = s.tool_id',
  );
  const ads = await db.query('select a.id, u.email, a.tool_name, a.status from ad_submissions a left join "user" u on u.id = a.user_id');
  const audit = await db.query("select entity_type, entity_id from admin_audit_log");
  return {
    tools: tools.map((t) => numbers(t, ["id", "base_rating", "base_review_count", "user_rating_sum", "user_rating_count", "favorite_count", "rating", "review_count"])),
    ratings: ratings.map((r) => numbers(r, ["tool_id", "rating", "counted"])),
    favorites: favorites.map((f) => numbers(f, ["tool_id"])),
    submissions: submissions.map((s) => numbers(s, ["id", "tool_id"])),
    ads: ads.map((a) => numbers(a, ["id"])),
    audit,
  };
}

/**
 * Users' writes against the rows. A user's writes were made one at a time, so per key (a favourite,
 * a rating, a submitted website, an ad request) the allowed final states follow from the log: an
 * acknowledged write fixes the state, an unanswered one (or a 5xx) may or may not have happened, a
 * refused one changed nothing. Only the users in `emails` (default: those in the log) are compared.
 */
export function checkWrites(ops, state, emails = new Set(ops.map((op) => op.user))) {
  const allowed = new Map();
  for (const op of ops) {
    const id = `${op.user} ${op.key}`;
    const entry = allowed.get(id) ?? { values: new Set([ABSENT]), acked: false };
    if (op.outcome === "acked") {
      entry.values = new Set([op.value]);
      entry.acked = true;
    } else if (op.outcome === "unknown") entry.values.add(op.value);
    allowed.set(id, entry);
  }
  const actual = new Map();
  const mine = (row) => emails.has(row.email);
  for (const row of state.favorites.filter(mine)) actual.set(`${row.email} fav:${row.slug}`, "1");
  for (const row of state.ratings.filter(mine)) actual.set(`${row.email} rate:${row.slug}`, String(row.rating));
  for (const row of state.submissions.filter((s) => mine(s) && s.type === "submit")) actual.set(`${row.email} sub:${JSON.parse(row.payload).website_url}`, "1");
  for (const row of state.ads.filter(mine)) actual.set(`${row.email} ad:${row.tool_name}`, "1");
  let lostWrites = 0;
  let phantomWrites = 0;
  const samples = [];
  for (const [id, entry] of allowed) {
    const value = actual.get(id) ?? ABSENT;
    if (entry.values.has(value)) continue;
    if (entry.acked) lostWrites++;
    else phantomWrites++;
    if (samples.length < 10) samples.push(`${id}: database ${value}, log allows ${[...entry.values].join("|")}`);
  }
  for (const [id, value] of actual) {
    if (allowed.has(id)) continue;
    phantomWrites++;
    if (samples.length < 10) samples.push(`${id}: database ${value}, never written`);
  }
  return { keys: allowed.size, lostWrites, phantomWrites, samples };
}

/**
 * Administrators' decisions: each acknowledged one is in the row (and only one per row was
 * acknowledged), approved submissions point at a published tool of the slug the answer named, and
 * no row of the given users was decided without an administrator's request.
 */
export function checkDecisions(decisions, state, emails) {
  const rows = { submission: new Map(state.submissions.map((r) => [r.id, r])), ad: new Map(state.ads.map((r) => [r.id, r])) };
  const byRow = new Map();
  for (const d of decisions) {
    if (d.outcome === "refused") continue;
    const entry = byRow.get(`${d.target}:${d.id}`) ?? { target: d.target, id: d.id, acked: [], unknown: [] };
    entry[d.outcome === "acked" ? "acked" : "unknown"].push(d);
    byRow.set(`${d.target}:${d.id}`, entry);
  }
  const result = { acknowledged: 0, approvedPublished: 0, lostDecisions: 0, doubleDecisions: 0, unpublishedApprovals: 0, phantomDecisions: 0, samples: [] };
  const flag = (name, text) => {
    result[name]++;
    if (result.samples.length < 10) result.samples.push(text);
  };
  for (const entry of byRow.values()) {
    const row = rows[entry.target].get(entry.id);
    if (entry.acked.length > 1) flag("doubleDecisions", `${entry.target} ${entry.id} decided ${entry.acked.length} times`);
    const [acked] = entry.acked;
    if (acked) {
      result.acknowledged++;
      if (!row || row.status !== acked.decision) flag("lostDecisions", `${entry.target} ${entry.id}: ${row?.status ?? "missing"}, acknowledged ${acked.decision}`);
      else if (entry.target === "submission" && acked.decision === "approved") {
        if (row.tool_status === "published" && row.tool_slug === acked.toolSlug) result.approvedPublished++;
        else flag("unpublishedApprovals", `submission ${entry.id}: tool ${row.tool_slug ?? "missing"} ${row.tool_status ?? ""}, answer named ${acked.toolSlug}`);
      }
    } else if (row && row.status !== "pending" && !entry.unknown.some((d) => d.decision === row.status)) {
      flag("phantomDecisions", `${entry.target} ${entry.id}: ${row.status} without an answered decision`);
    }
  }
  for (const [target, list] of [["submission", state.submissions], ["ad", state.ads]]) {
    for (const row of list) {
      if (!emails.has(row.email) || row.status === "pending" || byRow.has(`${target}:${row.id}`)) continue;
      flag("phantomDecisions", `${target} ${row.id}: ${row.status}, never decided by the run's administrators`);
    }
  }
  return result;
}

/**
 * Every tool's user sums, shown rating and review count, and favourite count equal the rating and
 * favourite rows: rating = (base_rating * base_review_count + sum) / (base_review_count + count),
 * compared exactly (the server computes it with the same floating-point operations).
 */
export function checkAggregates(state) {
  const sums = new Map();
  const counts = new Map();
  const favorites = new Map();
  // Only counted stars are in the figures: a waiting or hidden review's star is not (decision 0031).
  for (const r of state.ratings) {
    if (r.counted === 0) continue;
    sums.set(r.tool_id, (sums.get(r.tool_id) ?? 0) + r.rating);
    counts.set(r.tool_id, (counts.get(r.tool_id) ?? 0) + 1);
  }
  for (const f of state.favorites) favorites.set(f.tool_id, (favorites.get(f.tool_id) ?? 0) + 1);
  const result = { tools: state.tools.length, ratedTools: counts.size, ratings: state.ratings.length, favorites: state.favorites.length, wrongRatingSums: 0, inexactAggregates: 0, wrongFavoriteCounts: 0, samples: [] };
  for (const t of state.tools) {
    const sum = sums.get(t.id) ?? 0;
    const count = counts.get(t.id) ?? 0;
    const total = t.base_review_count + count;
    const expected = total === 0 ? t.base_rating : (t.base_rating * t.base_review_count + sum) / total;
    const problems = [];
    const flag = (name, text) => {
      result[name]++;
      problems.push(text);
    };
    if (t.user_rating_sum !== sum || t.user_rating_count !== count) flag("wrongRatingSums", `sums ${t.user_rating_sum}/${t.user_rating_count}, rows ${sum}/${count}`);
    // A tool no user ever rated still shows the imported figure as it was imported.
    if (t.review_count !== total || !(t.rating === expected || (count === 0 && t.rating === t.base_rating))) flag("inexactAggregates", `shows ${t.rating} (${t.review_count}), expected ${expected} (${total})`);
    if (t.favorite_count !== (favorites.get(t.id) ?? 0)) flag("wrongFavoriteCounts", `favorite_count ${t.favorite_count}, rows ${favorites.get(t.id) ?? 0}`);
    if (problems.length && result.samples.length < 10) result.samples.push(`${t.slug}: ${problems.join("; ")}`);
  }
  return result;
}

/** Rows that point nowhere or were half-written (portable SQL: both engines). */
const DANGLING = `select
  (select count(*) from ratings r where not exists (select 1 from tools t where t.id = r.tool_id) or not exists (select 1 from "user" u where u.id = r.user_id)) as orphan_ratings,
  (select count(*) from favorites f where not exists (select 1 from tools t where t.id = f.tool_id) or not exists (select 1 from "user" u where u.id = f.user_id)) as orphan_favorites,
  (select count(*) from submissions s where not exists (select 1 from "user" u where u.id = s.user_id)) as orphan_submissions,
  (select count(*) from ad_submissions a where not exists (select 1 from "user" u where u.id = a.user_id)) as orphan_ad_requests,
  (select count(*) from session s where not exists (select 1 from "user" u where u.id = s."userId")) as orphan_sessions,
  (select count(*) from submissions s where s.status = 'approved' and s.type = 'submit'
     and not exists (select 1 from tools t where t.id = s.tool_id and t.status = 'published')) as approvals_without_tool,
  (select count(*) from tools t where not exists (select 1 from tool_translations tt where tt.tool_id = t.id)) as tools_without_translation`;

/**
 * The database as a whole: SQLite's own integrity and foreign-key checks, no dangling or half-written
 * rows, every decision in the audit log, aggregates equal to their rows.
 */
export async function integrityCheck(db, state) {
  const problems = [];
  if (db.engine === "sqlite") {
    const integrity = (await db.query("pragma integrity_check")).map((row) => Object.values(row)[0]);
    if (integrity.join() !== "ok") problems.push(`integrity_check: ${integrity.slice(0, 5).join("; ")}`);
    const foreign = await db.query("pragma foreign_key_check");
    if (foreign.length) problems.push(`foreign_key_check: ${foreign.length} rows, e.g. ${JSON.stringify(foreign[0])}`);
  }
  const [dangling] = await db.query(DANGLING);
  for (const [name, n] of Object.entries(dangling)) if (Number(n)) problems.push(`${name}: ${n}`);
  const audited = new Set(state.audit.map((a) => `${a.entity_type}:${a.entity_id}`));
  const unaudited = [...state.submissions.map((s) => ["submission", s]), ...state.ads.map((a) => ["ad_submission", a])].filter(([type, row]) => row.status !== "pending" && !audited.has(`${type}:${row.id}`));
  if (unaudited.length) problems.push(`decisions without an audit row: ${unaudited.length}`);
  const aggregates = checkAggregates(state);
  for (const name of ["wrongRatingSums", "inexactAggregates", "wrongFavoriteCounts"]) if (aggregates[name]) problems.push(`${name}: ${aggregates[name]} (${aggregates.samples.slice(0, 3).join(" | ")})`);
  return { ok: problems.length === 0, problems, aggregates };
}

/**
 * What visitors are shown: each rated tool's rating and review count from the API equal the rows,
 * and each acknowledged approval's tool answers as published (at most `limit` of each).
 */
export async function checkServed(base, state, decisions, { limit = 400 } = {}) {
  const rated = new Set(state.ratings.map((r) => r.tool_id));
  const result = { compared: 0, differentFromDatabase: 0, approvalsServed: 0, approvalsNotServed: 0, samples: [] };
  for (const tool of state.tools.filter((t) => rated.has(t.id)).slice(0, limit)) {
    const shown = await request(base, "GET", `/api/ratings?slug=${encodeURIComponent(tool.slug)}`);
    result.compared++;
    if (shown.status !== 200 || shown.json?.rating !== tool.rating || shown.json?.reviewCount !== tool.review_count) {
      result.differentFromDatabase++;
      if (result.samples.length < 5) result.samples.push(`${tool.slug}: ${shown.status} ${shown.text.slice(0, 120)}, database ${tool.rating} (${tool.review_count})`);
    }
  }
  const approved = decisions.filter((d) => d.outcome === "acked" && d.target === "submission" && d.decision === "approved" && d.toolSlug);
  for (const d of approved.slice(0, limit)) {
    const shown = await request(base, "GET", `/api/ratings?slug=${encodeURIComponent(d.toolSlug)}`);
    if (shown.status === 200) result.approvalsServed++;
    else {
      result.approvalsNotServed++;
      if (result.samples.length < 5) result.samples.push(`approved ${d.toolSlug}: ${shown.status}`);
    }
  }
  return result;
}

/** Everything at once, with one line per failed check (empty when all passed). */
export async function verifyRun({ db, base, workload, emails = new Set(workload.users.map((u) => u.email)) }) {
  const state = await readState(db);
  const writes = checkWrites(workload.ops, state, emails);
  const decisions = checkDecisions(workload.decisions, state, emails);
  const integrity = await integrityCheck(db, state);
  const served = await checkServed(base, state, workload.decisions);
  const failures = [];
  if (writes.lostWrites || writes.phantomWrites) failures.push(`writes: ${writes.lostWrites} lost, ${writes.phantomWrites} phantom: ${writes.samples.join(" | ")}`);
  const badDecisions = decisions.lostDecisions + decisions.doubleDecisions + decisions.unpublishedApprovals + decisions.phantomDecisions;
  if (badDecisions) failures.push(`decisions: ${JSON.stringify({ ...decisions, samples: undefined })}: ${decisions.samples.join(" | ")}`);
  for (const problem of integrity.problems) failures.push(`integrity: ${problem}`);
  if (served.differentFromDatabase || served.approvalsNotServed) failures.push(`served: ${served.differentFromDatabase} ratings differ from the database, ${served.approvalsNotServed} approvals not served: ${served.samples.join(" | ")}`);
  return { writes, decisions, integrity: { ok: integrity.ok, problems: integrity.problems }, aggregates: { ...integrity.aggregates, samples: undefined }, served, failures };
}
