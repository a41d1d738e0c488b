// The write mix of the reliability suite (bench/concurrency.mjs, bench/crash.mjs and their slice in
// `npm test`): signed-in users favouriting, rating, submitting tools and asking for advertising, while
// administrators approve and reject what arrives. Every write is logged with its answer, so the
// database can be compared with what the server acknowledged (verify.mjs).
import { request } from "./clients.mjs";
import { latencySummary, sleep } from "./server.mjs";

/** The state a key has when no row holds it (no favourite, no rating, no submission). */
export const ABSENT = "-";

/** Relative weights of each user's next write. */
export const DEFAULT_MIX = { favorite: 36, rating: 34, review: 6, vote: 3, report: 3, submit: 11, ad: 7 };

/** Refusals a write may rightly get: the per-user and per-address daily limits of submissions and ad requests. */
const EXPECTED_REFUSALS = {
  submit: [429],
  ad_request: [429],
  submission_approve: [409],
  submission_reject: [409],
  ad_approve: [409],
  ad_reject: [409],
  // Votes name reviews at random: most do not exist or are still waiting (404), some are the user's own (403).
  review_vote: [403, 404],
  // Reports are limited per address and hour.
  report: [429],
};

/** A few of the submit form's categories (app/lib/submissions.ts SUBMIT_CATEGORIES). */
const CATEGORIES = ["text-generation-editing", "image-generation-editing", "code-programming-assistance", "office-productivity", "others"];

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * outcome: "acked" (2xx: the write must be in the database), "refused" (4xx: it must not be), or
 * "unknown" (no answer, or 5xx: either is allowed, but 5xx and unanswered requests are reported).
 */
const outcomeOf = (status) => (status >= 200 && status < 300 ? "acked" : status === 0 || status >= 500 ? "unknown" : "refused");

export class Workload {
  /**
   * users: signed-in users ({ i, email, cookie, address }); admins: ({ email, token, address });
   * slugs: published tools to favourite and rate (approved submissions join them as they are published);
   * runId: makes submitted websites and ad names unique across runs on one database.
   */
  constructor({ base, users, admins = [], slugs, mix = DEFAULT_MIX, runId = Date.now().toString(36), adminPauseMs = 250 }) {
    Object.assign(this, { base, users, admins, runId, adminPauseMs });
    this.pool = [...slugs];
    this.mix = Object.entries(mix).filter(([, weight]) => weight > 0);
    this.totalWeight = this.mix.reduce((sum, [, weight]) => sum + weight, 0);
    /** Users' writes in the order each user made them: { user, kind, key, value, status, outcome }. */
    this.ops = [];
    /** Administrators' decisions: { target, id, decision, status, outcome, toolSlug }. */
    this.decisions = [];
    this.latencies = {};
    this.statuses = {};
    this.unexpected = [];
    this.unexpectedCount = 0;
    /** The first answers >= 500, to say what failed. */
    this.errors = [];
    this.stopped = false;
    this.deadline = Infinity;
  }

  /** Runs every user's loop and every administrator's loop until `durationMs` passed or stop() was called. */
  async run(durationMs = Infinity) {
    const started = Date.now();
    this.deadline = started + durationMs;
    await Promise.all([...this.users.map((user) => this.userLoop(user)), ...this.admins.map((admin) => this.adminLoop(admin))]);
    this.seconds = (Date.now() - started) / 1000;
  }

  /** Ends the loops after their current request (a killed server ends that request too). */
  stop() {
    this.stopped = true;
  }

  get running() {
    return !this.stopped && Date.now() < this.deadline;
  }

  record(kind, answer) {
    (this.latencies[kind] ??= []).push(answer.ms);
    const statuses = (this.statuses[kind] ??= {});
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const outcome = outcomeOf(answer.status);
    if (answer.status >= 500 && this.errors.length < 10) this.errors.push({ kind, status: answer.status, body: answer.text.slice(0, 300) });
    if (outcome === "refused" && !(EXPECTED_REFUSALS[kind] ?? []).includes(answer.status)) {
      this.unexpectedCount++;
      if (this.unexpected.length < 20) this.unexpected.push({ kind, status: answer.status, body: answer.text.slice(0, 200) });
    }
    return outcome;
  }

  pickKind() {
    let roll = Math.random() * this.totalWeight;
    for (const [kind, weight] of this.mix) if ((roll -= weight) < 0) return kind;
    return this.mix[0][0];
  }

  async userLoop(user) {
    for (let n = 0; this.running; n++) {
      await this[this.pickKind()](user, n);
      // A 503 (the database is away) asks to come back later: a user waits a moment instead of spinning.
      if (user.unavailable) {
        user.unavailable = false;
        await sleep(this.adminPauseMs);
      }
    }
  }

  write(user, kind, key, value, answer) {
    this.ops.push({ user: user.email, kind, key, value, status: answer.status, outcome: this.record(kind, answer) });
    if (answer.status === 503) user.unavailable = true;
  }

  async favorite(user) {
    const slug = pick(this.pool);
    const add = Math.random() < 0.6;
    const answer = await request(this.base, add ? "POST" : "DELETE", "/api/favorites", { cookie: user.cookie, address: user.address, body: { type: "tool", slug } });
    this.write(user, add ? "favorite_add" : "favorite_remove", `fav:${slug}`, add ? "1" : ABSENT, answer);
  }

  async rating(user) {
    const slug = pick(this.pool);
    const set = Math.random() < 0.8;
    const rating = 1 + Math.floor(Math.random() * 5);
    const answer = await request(this.base, set ? "PUT" : "DELETE", "/api/ratings", { cookie: user.cookie, address: user.address, body: set ? { slug, rating } : { slug } });
    this.write(user, set ? "rating_set" : "rating_remove", `rate:${slug}`, set ? String(rating) : ABSENT, answer);
  }

  /** A review is its star plus words: writing one sets the star, deleting it removes the star (decision 0031). */
  async review(user, n) {
    const slug = pick(this.pool);
    const set = Math.random() < 0.8;
    const rating = 1 + Math.floor(Math.random() * 5);
    const body = set
      ? { subject: "tool", slug, rating, title: `Bench review ${n}`, body: "Drafts replies quickly and keeps the tone of the thread.", language: "us-en" }
      : { subject: "tool", slug };
    const answer = await request(this.base, set ? "PUT" : "DELETE", "/api/reviews", { cookie: user.cookie, address: user.address, body });
    this.write(user, set ? "review_set" : "review_remove", `rate:${slug}`, set ? String(rating) : ABSENT, answer);
  }

  async vote(user) {
    const answer = await request(this.base, "POST", "/api/reviews/helpful", { cookie: user.cookie, address: user.address, body: { reviewId: 1 + Math.floor(Math.random() * 50), helpful: Math.random() < 0.7 } });
    this.record("review_vote", answer);
    if (answer.status === 503) user.unavailable = true;
  }

  async report(user) {
    const answer = await request(this.base, "POST", "/api/reports", { cookie: user.cookie, address: user.address, body: { subject: "tool", slug: pick(this.pool), reason: "wrong", details: "Pricing changed." } });
    this.record("report", answer);
    if (answer.status === 503) user.unavailable = true;
  }

  /** The submit form as the browser posts it (fetcher to the route's `.data` address); a unique website per write. */
  async submit(user, n) {
    const website = `https://${this.runId}-u${user.i}-n${n}.bench.example`;
    const form = {
      name: `Bench ${this.runId} ${user.i}-${n}`,
      website_url: website,
      description: "Drafts replies to support tickets in the customer's language.",
      category: pick(CATEGORIES),
      contact_email: user.email,
      pricing: "freemium",
      tags: "Productivity,Customer Support",
      features: "Drafts replies\nKeeps the tone",
      use_cases: "Support desks",
    };
    const answer = await request(this.base, "POST", "/user/submit-tool.data", { cookie: user.cookie, address: user.address, form });
    this.write(user, "submit", `sub:${website}`, "1", answer);
  }

  async ad(user, n) {
    const toolName = `Bench ad ${this.runId} ${user.i}-${n}`;
    const form = { tool_name: toolName, website_url: "", description: "Home page banner", budget: "100-500", contact_email: user.email, contact_platform: "telegram", contact_handle: "@bench" };
    const answer = await request(this.base, "POST", "/user/advertise.data", { cookie: user.cookie, address: user.address, form });
    this.write(user, "ad_request", `ad:${toolName}`, "1", answer);
  }

  /** An administrator deciding pending submissions and ad requests as they arrive (three approvals to one rejection). */
  async adminLoop(admin) {
    while (this.running) {
      let decided = 0;
      for (const target of ["submission", "ad"]) {
        const path = target === "submission" ? "/api/admin/submissions" : "/api/admin/ad-submissions";
        const list = await request(this.base, "GET", `${path}?status=pending&pageSize=50`, { token: admin.token, address: admin.address });
        this.record("admin_list", list);
        if (list.status !== 200) continue;
        // Shuffled, so two administrators often reach for the same row: exactly one may win it.
        const ids = list.json.data.map((row) => row.id).sort(() => Math.random() - 0.5);
        for (const id of ids) {
          if (!this.running) break;
          const decision = id % 4 === 0 ? "rejected" : "approved";
          const body = { status: decision, notes: decision === "rejected" ? "Not a fit for the directory (bench)" : null };
          const answer = await request(this.base, "PATCH", `${path}/${id}`, { token: admin.token, address: admin.address, body });
          const kind = `${target}_${decision === "approved" ? "approve" : "reject"}`;
          const toolSlug = answer.json?.data?.toolSlug ?? null;
          this.decisions.push({ target, id, decision, status: answer.status, outcome: this.record(kind, answer), toolSlug });
          if (answer.status === 200 && toolSlug) this.pool.push(toolSlug);
          decided++;
        }
      }
      if (!decided) await sleep(this.adminPauseMs);
    }
  }

  /** Counts and latencies per kind of request. */
  summary() {
    const all = Object.values(this.statuses).flatMap((byStatus) => Object.entries(byStatus));
    const count = (test) => all.filter(([status]) => test(Number(status))).reduce((sum, [, n]) => sum + n, 0);
    const writes = this.ops.length + this.decisions.length;
    return {
      seconds: Math.round((this.seconds ?? 0) * 10) / 10,
      users: this.users.length,
      admins: this.admins.length,
      writes,
      acknowledged: this.ops.filter((op) => op.outcome === "acked").length + this.decisions.filter((d) => d.outcome === "acked").length,
      writesPerSecond: this.seconds ? Math.round(writes / this.seconds) : 0,
      server5xx: count((s) => s >= 500),
      server5xxSamples: this.errors,
      unanswered: count((s) => s === 0),
      refusedAsExpected: Object.entries(this.statuses).reduce((sum, [kind, byStatus]) => sum + (EXPECTED_REFUSALS[kind] ?? []).reduce((n, status) => n + (byStatus[status] ?? 0), 0), 0),
      unexpectedRefusals: this.unexpectedCount,
      unexpectedSamples: this.unexpected,
      statuses: this.statuses,
      latencyMs: Object.fromEntries(Object.entries(this.latencies).map(([kind, list]) => [kind, latencySummary(list)])),
    };
  }
}
