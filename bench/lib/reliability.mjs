// The concurrency run and the crash cycle of the reliability suite, shared by bench/concurrency.mjs,
// bench/crash.mjs and tests/e2e/reliability-slice.test.ts, so the slice runs the code the bench runs.
import { request, signUp, signUpUsers, addressOf } from "./clients.mjs";
import { markAddressesVerified, sleep } from "./server.mjs";
import { integrityCheck, readState, verifyRun } from "./verify.mjs";
import { Workload } from "./workload.mjs";

/** Administrators of the runs (ADMIN_EMAILS of the server under test). */
export const ADMIN_EMAILS = ["bench-admin-0@example.com", "bench-admin-1@example.com"];

/**
 * The server under test: users behind a trusted proxy (each from its own address, so sign-in and
 * submission limits count per user), the per-user favourite/rating limit out of the way (the run
 * measures writes, not that limit), no outbound trend fetches.
 */
export function reliabilityEnv(base) {
  return {
    PUBLIC_URL: base,
    TRUST_PROXY: "loopback",
    ADMIN_EMAILS: ADMIN_EMAILS.join(","),
    USER_WRITES_PER_MINUTE: "100000000",
    TRENDS_REFRESH: "off",
  };
}

/** Signs up the run's users and administrators and lists the published tools they will write to. */
export async function prepareRun({ base, db, users, admins = 2, prefix = "bench", firstAddress = 1 }) {
  const slugs = (await db.query("select slug from tools where status = 'published' order by id")).map((row) => row.slug);
  if (slugs.length === 0) throw new Error("the catalogue is empty: seed it first");
  const signedUp = await signUpUsers(base, users, { prefix, firstAddress });
  const adminUsers = [];
  for (let i = 0; i < admins; i++) {
    const email = ADMIN_EMAILS[i % ADMIN_EMAILS.length];
    const address = addressOf(0xfe0000 + firstAddress + i);
    // The same administrator may sign up in an earlier cycle: sign-up answers alike for a taken address.
    adminUsers.push({ email, address, ...(await signUp(base, email, { address })) });
  }
  // A listed address grants admin rights only once verified (the server under test sends no mail).
  await markAddressesVerified(db.env, ADMIN_EMAILS);
  return { users: signedUp, admins: adminUsers, slugs };
}

/** The server's error log lines (pino level 50 and up), which say why a request failed. */
const serverErrors = (server) =>
  server
    .output()
    .split("\n")
    // Without SMTP_URL every mail is logged as an error; those say nothing about the failure.
    .filter((line) => /"level":(50|60)/.test(line) && !line.includes('"msg":"mail not sent"'))
    .slice(-5)
    .map((line) => line.slice(0, 1500));

/** What the run itself saw go wrong: 5xx, unanswered requests, refusals a valid write should not get. */
function runFailures(summary, server) {
  const failures = [];
  if (summary.server5xx) failures.push(`${summary.server5xx} answers >= 500: ${JSON.stringify(summary.server5xxSamples.slice(0, 3))}; server log: ${serverErrors(server).join("\n")}`);
  if (summary.unanswered) failures.push(`${summary.unanswered} requests got no answer`);
  if (summary.unexpectedRefusals) failures.push(`${summary.unexpectedRefusals} unexpected refusals, e.g. ${JSON.stringify(summary.unexpectedSamples.slice(0, 3))}`);
  return failures;
}

/**
 * N signed-in users and the administrators writing for `durationMs`, then every check of verify.mjs.
 * `server` must have been started with reliabilityEnv on `db`.
 */
export async function runConcurrency({ server, db, users = 200, admins = 2, durationMs = 60_000, mix, prefix = "conc" }) {
  const signUpStarted = Date.now();
  const run = await prepareRun({ base: server.base, db, users, admins, prefix });
  const signUpSeconds = (Date.now() - signUpStarted) / 1000;
  const workload = new Workload({ base: server.base, ...run, mix });
  await workload.run(durationMs);
  const summary = workload.summary();
  const verification = await verifyRun({ db, base: server.base, workload });
  const failures = [...runFailures(summary, server), ...verification.failures];
  if (!server.alive()) failures.push(`the server process died:\n${server.output().slice(-3000)}`);
  return { engine: db.engine, signUpSeconds, ...summary, verification, failures };
}

/**
 * One crash: users write (favourites, ratings, submissions, ad requests, administrators deciding)
 * until the server is killed with SIGKILL after `killAfterMs`; for SQLite the file is checked as the
 * kill left it; then `restart()` starts the server again on the same database and the checks run:
 * every write answered 2xx before the kill is there, nothing refused is, the database is consistent,
 * and the users' sessions still work. Returns the restarted server with the report.
 */
export async function crashCycle({ server, db, restart, users = 50, admins = 2, killAfterMs = 5000, cycle = 1 }) {
  const run = await prepareRun({ base: server.base, db, users, admins, prefix: `crash${cycle}`, firstAddress: cycle * 4096 });
  const workload = new Workload({ base: server.base, ...run, runId: `c${cycle}-${Date.now().toString(36)}` });
  const running = workload.run();
  await sleep(killAfterMs);
  const ackedBeforeKill = workload.ops.filter((op) => op.outcome === "acked").length + workload.decisions.filter((d) => d.outcome === "acked").length;
  // Stopped first so no request starts after the kill: those in flight now are the ones it cuts off.
  workload.stop();
  await server.kill();
  await running;
  const summary = workload.summary();
  const failures = [];
  // Before the restart: the database as the kill left it (SQLite's own checks need no server).
  let atKill = null;
  if (db.engine === "sqlite") {
    atKill = await integrityCheck(db, await readState(db));
    for (const problem of atKill.problems) failures.push(`as the kill left it: ${problem}`);
  }
  const restarted = await restart();
  let sessionsKept = 0;
  for (const user of run.users) if ((await request(restarted.base, "GET", "/api/me/state", { cookie: user.cookie, address: user.address })).status === 200) sessionsKept++;
  if (sessionsKept !== run.users.length) failures.push(`${run.users.length - sessionsKept} of ${run.users.length} sessions lost`);
  const verification = await verifyRun({ db, base: restarted.base, workload });
  // Requests in flight at the kill end unanswered; before it, nothing may fail.
  if (summary.server5xx) failures.push(`${summary.server5xx} answers >= 500 before the kill: ${JSON.stringify(summary.server5xxSamples.slice(0, 3))}`);
  if (summary.unexpectedRefusals) failures.push(`${summary.unexpectedRefusals} unexpected refusals, e.g. ${JSON.stringify(summary.unexpectedSamples.slice(0, 3))}`);
  failures.push(...verification.failures);
  if (!restarted.alive()) failures.push("the restarted server died");
  const report = {
    engine: db.engine,
    cycle,
    killAfterMs,
    writes: summary.writes,
    ackedBeforeKill,
    acknowledged: summary.acknowledged,
    inFlightAtKill: summary.unanswered,
    sessionsKept,
    integrityAtKill: atKill ? { ok: atKill.ok, problems: atKill.problems } : null,
    verification,
    failures,
  };
  return { server: restarted, report };
}

/**
 * One database outage under load (decision 0021): users and administrators write while `outage()` runs
 * (it terminates the server's connections, or cuts the network to the database and restores it, and
 * resolves when the database is reachable again), and for `afterMs` after it. Then every check of
 * verify.mjs: each write answered 2xx is in the database, nothing refused is. While the database is away
 * writes may be answered 503 (with Retry-After) or not at all; any other 5xx, and a dead server, fail.
 */
export async function outageCycle({ server, db, outage, users = 10, admins = 2, beforeMs = 2000, afterMs = 3000, prefix = "outage" }) {
  const run = await prepareRun({ base: server.base, db, users, admins, prefix, firstAddress: 8192 + Math.floor(Math.random() * 4096) });
  const workload = new Workload({ base: server.base, ...run, runId: `${prefix}-${Date.now().toString(36)}` });
  const running = workload.run();
  await sleep(beforeMs);
  const ackedBefore = workload.ops.filter((op) => op.outcome === "acked").length;
  const outageStarted = Date.now();
  const during = await outage();
  const outageMs = Date.now() - outageStarted;
  const ackedAtRecovery = workload.ops.filter((op) => op.outcome === "acked").length;
  await sleep(afterMs);
  workload.stop();
  await running;
  const summary = workload.summary();
  const byStatus = {};
  for (const statuses of Object.values(summary.statuses)) for (const [status, n] of Object.entries(statuses)) byStatus[status] = (byStatus[status] ?? 0) + n;
  const verification = await verifyRun({ db, base: server.base, workload });
  const failures = [];
  const other5xx = Object.entries(byStatus).filter(([status]) => Number(status) >= 500 && Number(status) !== 503);
  if (other5xx.length) failures.push(`answers >= 500 other than 503: ${JSON.stringify(other5xx)}, e.g. ${JSON.stringify(summary.server5xxSamples.slice(0, 3))}; server log: ${serverErrors(server).join("\n")}`);
  if (summary.unexpectedRefusals) failures.push(`${summary.unexpectedRefusals} unexpected refusals, e.g. ${JSON.stringify(summary.unexpectedSamples.slice(0, 3))}`);
  failures.push(...verification.failures);
  if (!server.alive()) failures.push(`the server process died:\n${server.output().slice(-3000)}`);
  const ackedAfter = summary.acknowledged - ackedAtRecovery;
  return { engine: db.engine, outageMs, during, writes: summary.writes, acknowledged: summary.acknowledged, ackedBefore, ackedAfter, byStatus, unanswered: summary.unanswered, verification, failures };
}

