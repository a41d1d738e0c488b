// HTTP clients of the site under test: one request with its timing, and signed-in users.
// Each user comes from an address of its own through X-Forwarded-For (the server runs with
// TRUST_PROXY=loopback), as visitors behind a proxy do, so per-address limits count per user.
import http from "node:http";

const PASSWORD = "bench password 123";

/**
 * node:http with kept-alive sockets, not fetch: with 100 requests in flight, Node 20's fetch
 * (undici) held some of them back for seconds before sending (p95 2 s, p99 3.9 s on a ratings
 * read the server answered in 0.1-0.3 s, against p95 0.27 s through node:http), so latencies
 * measured the client.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function send(url, { method, headers, body, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const received = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) received.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve({ status: res.statusCode, headers: received, text: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

/** 10.a.b.c from a number, so every user has an address of its own. */
export const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * One request; never throws. `status` is 0 when no answer came (refused, reset, timed out).
 * `body` is sent as JSON, `form` as application/x-www-form-urlencoded.
 */
export async function request(base, method, path, { cookie, token, body, form, address, headers = {}, timeoutMs = 120_000 } = {}) {
  const sent = { origin: base, accept: "application/json", ...headers };
  if (cookie) sent.cookie = cookie;
  if (token) sent.authorization = `Bearer ${token}`;
  if (address) sent["x-forwarded-for"] = address;
  let payload;
  if (body !== undefined) {
    sent["content-type"] = "application/json";
    payload = JSON.stringify(body);
  } else if (form !== undefined) {
    sent["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(form).toString();
  }
  if (payload !== undefined) sent["content-length"] = String(Buffer.byteLength(payload));
  const started = performance.now();
  try {
    const response = await send(base + path, { method, headers: sent, body: payload, timeoutMs });
    let json = null;
    if ((response.headers.get("content-type") ?? "").includes("json") && response.text) {
      try {
        json = JSON.parse(response.text);
      } catch {
        json = null;
      }
    }
    return { ...response, ms: performance.now() - started, json };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, text: "", json: null, headers: new Headers(), error: String(error?.code ?? error?.message ?? error) };
  }
}

const cookieOf = (response) => (response.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");

/** Signs in with e-mail and password: the session cookie and the bearer token the admin API takes. */
export async function signIn(base, email, { address, password = PASSWORD } = {}) {
  const answer = await request(base, "POST", "/api/auth/sign-in/email", { address, body: { email, password } });
  const cookie = cookieOf(answer);
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in of ${email} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  return { cookie, token: answer.headers.get("set-auth-token") };
}

/** Registers an account and signs it in (sign-up itself opens no session). */
export async function signUp(base, email, { address, password = PASSWORD, name } = {}) {
  const answer = await request(base, "POST", "/api/auth/sign-up/email", { address, body: { email, password, name: name ?? email.split("@")[0] } });
  if (answer.status !== 200) throw new Error(`sign-up of ${email} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  return signIn(base, email, { address, password });
}

/**
 * `count` users `${prefix}-${i}@example.com`, signed up `concurrency` at a time (password hashing is
 * the cost). `firstAddress` offsets their addresses, so a second batch never shares one with the first.
 */
export async function signUpUsers(base, count, { prefix = "bench", concurrency = 8, firstAddress = 1 } = {}) {
  const users = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        const email = `${prefix}-${i}@example.com`;
        const address = addressOf(firstAddress + i);
        users[i] = { i, email, address, ...(await signUp(base, email, { address })) };
      }
    }),
  );
  return users;
}
