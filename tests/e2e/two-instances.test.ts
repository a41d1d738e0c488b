import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import { s3Storage } from "~/.server/storage";
import uploadRows from "../role-matrix/uploads";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { startS3, type RunningS3 } from "../support/s3";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";
import { insertSubmission, submitPayload } from "../support/submissions";

/**
 * Two production instances on one PostgreSQL schema and one S3-compatible bucket (s3rver), as behind a
 * load balancer: both have the same public address, and a visitor's requests land on either. What one
 * instance does, the other shows: sessions, uploads, an approval, a rating and a sign-in limit.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("two-instances.test.ts skipped: set TEST_DATABASE_URL=postgres://... to run two instances on one PostgreSQL");

const PASSWORD = "a long password 1";
const MAKER = "twin-maker@example.com";
const ADMIN = "twin-admin@example.com";
const TOOL_NAME = "Twin Harbor Notes";
const TOOL_SLUG = "twin-harbor-notes";
const SEARCH = `/us-en/tools?search=${encodeURIComponent(TOOL_NAME)}`;
/** How soon a change made on one instance must show on the other. */
const SHOWN_WITHIN_MS = 5_000;

describe.skipIf(!pgUrl)("two instances on one PostgreSQL and one bucket", () => {
  let s3: RunningS3;
  let database: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  /** The address visitors use (the load balancer's), so both instances trust the same Origin. */
  let site = "";
  const cookies: Record<string, string> = {};
  let uploadedImage = "";

  beforeAll(async () => {
    [s3, database] = await Promise.all([startS3(), createTestDatabase("postgres")]);
    // A small catalogue with its drawn images in the bucket; the instances then neither seed nor draw.
    await seedCatalog(database.db, { dir: "tests/fixtures/catalog", storage: s3Storage(s3.settings), imageCacheDir: null });
    const [portA, portB] = [await freePort(), await freePort()];
    site = `http://127.0.0.1:${portA}`;
    const env = {
      DATABASE_URL: database.url,
      ...database.env,
      ...s3.env,
      PUBLIC_URL: site,
      ADMIN_EMAILS: ADMIN,
      SEED_ON_START: "false",
      TRENDS_REFRESH: "off",
      // Visitors' addresses come from X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY: "loopback",
    };
    a = await startServer({ ...env, PORT: String(portA) });
    b = await startServer({ ...env, PORT: String(portB) });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.destroy();
    await s3?.stop();
  });

  async function send(server: RunningServer, method: string, path: string, options: { json?: unknown; form?: FormData; cookie?: string; address: string }): Promise<Response> {
    const headers: Record<string, string> = { origin: site, "x-forwarded-for": options.address };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    return fetch(server.url + path, { method, headers, body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)), redirect: "manual" });
  }

  async function signIn(server: RunningServer, email: string, address: string): Promise<string> {
    const response = await send(server, "POST", "/api/auth/sign-in/email", { json: { email, password: PASSWORD }, address });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  }

  async function sessionEmail(server: RunningServer, cookie: string): Promise<string | null> {
    const session = (await (await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } })).json()) as { user?: { email: string } } | null;
    return session?.user?.email ?? null;
  }

  /** Asks `read` until it returns true; resolves with the milliseconds that took. */
  async function shownWithin(read: () => Promise<boolean>, limitMs = SHOWN_WITHIN_MS + 3_000): Promise<number> {
    const started = Date.now();
    while (!(await read())) {
      if (Date.now() - started > limitMs) throw new Error(`not shown after ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Date.now() - started;
  }

  const listOnB = async () => {
    const response = await fetch(b.url + SEARCH);
    return { html: await response.text(), cached: response.headers.get("x-page-cache") === "hit" };
  };

  /** The review count text of the tool's card in a list page, e.g. `(1 review)`. */
  function reviewsShown(html: string): string | null {
    const card = html.indexOf(`href="/us-en/tool/${TOOL_SLUG}"`);
    if (card < 0) return null;
    return /class="tool-card-reviews">([^<]*)</.exec(html.slice(card))?.[1] ?? null;
  }

  it("keeps a session opened on A on B, and a sign-out on B ends it on A", async () => {
    for (const email of [MAKER, ADMIN]) {
      const response = await send(a, "POST", "/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: email.split("@")[0] }, address: "198.51.100.1" });
      expect(response.status).toBe(200);
    }
    const cookie = await signIn(a, MAKER, "198.51.100.2");
    expect(await sessionEmail(a, cookie)).toBe(MAKER);
    expect(await sessionEmail(b, cookie)).toBe(MAKER);
    const dashboard = await fetch(`${b.url}/user/dashboard`, { headers: { cookie } });
    expect([dashboard.status, dashboard.headers.get("cache-control")]).toEqual([200, expect.stringContaining("private")]);
    // The signed-in workbench (its counts), not the visitor's sign-in prompt.
    expect(await dashboard.text()).toContain('data-testid="dashboard-submissions"');

    expect((await send(b, "POST", "/api/auth/sign-out", { json: {}, cookie, address: "198.51.100.2" })).status).toBe(200);
    expect(await sessionEmail(a, cookie)).toBeNull();

    cookies.maker = await signIn(b, MAKER, "198.51.100.2");
    expect(await sessionEmail(a, cookies.maker)).toBe(MAKER);
    // A listed address counts only once verified (the link of its verification mail).
    await markAddressVerified(a.databaseEnv, ADMIN);
    cookies.admin = await signIn(a, ADMIN, "198.51.100.3");
  });

  it("serves an image uploaded through A from B, byte for byte", async () => {
    const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#0f766e" } }).png().toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "logo.png");
    const response = await send(a, "POST", "/api/upload/tool-image", { form, cookie: cookies.maker, address: "198.51.100.2" });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { image_url: string; image_webp_url: string } };
    expect(data.image_url).toMatch(/^\/uploads\/submissions\/img-[0-9a-f]{10}\.png$/);
    uploadedImage = data.image_url;
    // In the bucket, not on A's disk.
    expect(await s3Storage(s3.settings).exists(data.image_url.replace("/uploads/", ""))).toBe(true);

    const [fromA, fromB] = await Promise.all([fetch(a.url + data.image_url), fetch(b.url + data.image_url)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get("content-type")).toBe("image/png");
    expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const [bytesA, bytesB] = [Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer())];
    expect(bytesB.equals(bytesA)).toBe(true);
    expect(await sharp(bytesB).metadata()).toMatchObject({ format: "png", width: 320, height: 200 });
    const webp = await fetch(b.url + data.image_webp_url);
    expect([webp.status, webp.headers.get("content-type")]).toEqual([200, "image/webp"]);
    await webp.arrayBuffer();

    // The role matrix's /uploads rows, answered from the bucket.
    for (const row of uploadRows) {
      const answer = await fetch(b.url + row.path);
      await answer.arrayBuffer();
      expect([row.path, answer.status]).toEqual([row.path, row.visitor]);
    }
  });

  it("shows a submission approved on A in B's search within 5 s, though B had the page cached", async () => {
    const maker = await database.db.selectFrom("user").select("id").where("email", "=", MAKER).executeTakeFirstOrThrow();
    const payload = submitPayload({
      name: TOOL_NAME,
      category: "text-generation-editing",
      contact_email: MAKER,
      description: "Keeps meeting notes in two harbours at once.",
      image_url: uploadedImage,
      image_webp_url: uploadedImage.replace(/\.png$/, ".webp"),
    });
    const id = await insertSubmission(database.db, maker.id, payload);
    await listOnB();
    await listOnB();
    const before = await listOnB();
    expect(before.cached).toBe(true);
    expect(reviewsShown(before.html)).toBeNull();

    const review = await send(a, "PATCH", `/api/admin/submissions/${id}`, { json: { status: "approved", notes: "Welcome" }, cookie: cookies.admin, address: "198.51.100.3" });
    expect(review.status).toBe(200);
    const waited = await shownWithin(async () => reviewsShown((await listOnB()).html) !== null);
    expect(waited).toBeLessThan(SHOWN_WITHIN_MS);

    // The card's picture is the upload, served by B from the bucket.
    const { html } = await listOnB();
    expect(html).toContain(uploadedImage.replace(/\.png$/, ""));
    const tool = await fetch(`${b.url}/us-en/tool/${TOOL_SLUG}`);
    expect(tool.status).toBe(200);
    await tool.text();
  });

  it("shows a rating given on A in B's cached list within 5 s", async () => {
    // Kept from a page's second request on: asked until B answers it from its page cache.
    let before = await listOnB();
    for (let i = 0; i < 3 && !before.cached; i++) before = await listOnB();
    expect(before.cached).toBe(true);
    const shownBefore = reviewsShown(before.html);
    expect(shownBefore).toMatch(/\(0 /);

    const rating = await send(a, "PUT", "/api/ratings", { json: { slug: TOOL_SLUG, rating: 5 }, cookie: cookies.maker, address: "198.51.100.2" });
    expect(rating.status).toBe(200);
    const waited = await shownWithin(async () => reviewsShown((await listOnB()).html) !== shownBefore);
    expect(waited).toBeLessThan(SHOWN_WITHIN_MS);
    expect(reviewsShown((await listOnB()).html)).toMatch(/\(1 /);
  });

  it("counts sign-in attempts sent to A and to B against one limit", async () => {
    const attempt = async (server: RunningServer) => {
      const response = await send(server, "POST", "/api/auth/sign-in/email", { json: { email: "nobody-here@example.com", password: "wrong password 1" }, address: "203.0.113.77" });
      await response.arrayBuffer();
      return response.status;
    };
    // Five per minute and address (SIGN_IN_LIMIT): three on A and two on B use them up together.
    const statuses = [await attempt(a), await attempt(a), await attempt(a), await attempt(b), await attempt(b)];
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await attempt(a)).toBe(429);
    expect(await attempt(b)).toBe(429);
    // Another address is not affected.
    const other = await send(b, "POST", "/api/auth/sign-in/email", { json: { email: "nobody-here@example.com", password: "wrong password 1" }, address: "203.0.113.78" });
    expect(other.status).toBe(401);
  });
});
