import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRaw, type RawResponse } from "../../bench/fuzz/raw-http";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpCapture } from "../support/smtp";

/**
 * Issue 29, as an attacker would try it against the production build, on each engine: the per-account
 * sign-in count under other spellings of the path, strangers guessing at an owner's account, the log
 * of refused cross-origin writes, and a body that never arrives. Mail works here (a loopback SMTP
 * server), so past the account-wide threshold a right password is answered with a mailed link.
 */
describe.each(testDialects())("sign-in abuse on %s", (dialect) => {
  let server: RunningServer;
  let database: TestDatabase | null = null;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let port: number;
  let nextAddress = 1;
  /** A new client address for each request (the server trusts the loopback "proxy"). */
  const stranger = () => `198.51.100.${nextAddress++ % 250}`;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    database = dialect === "postgres" ? await createTestDatabase(dialect) : null;
    port = await freePort();
    server = await startServer(
      {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: smtp.url,
        TRUST_PROXY: "loopback",
        TRENDS_REFRESH: "off",
        HTTP_BODY_IDLE_TIMEOUT_MS: "1500",
        ...(database ? { DATABASE_URL: database.url, ...database.env } : {}),
      },
      { startTimeoutMs: 180_000 },
    );
  }, 200_000);
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    await smtp?.stop();
  });

  const origin = () => `http://127.0.0.1:${port}`;

  /** A POST written byte for byte: fetch would tidy `..` and `//` away before sending. */
  function rawPost(target: string, body: unknown, address: string, cookie = ""): Promise<RawResponse> {
    const headers: Array<[string, string]> = [
      ["Content-Type", "application/json"],
      ["Origin", origin()],
      ["X-Forwarded-For", address],
    ];
    if (cookie) headers.push(["Cookie", cookie]);
    return sendRaw(port, { method: "POST", target, headers, body: JSON.stringify(body) });
  }

  async function register(email: string, password: string) {
    expect((await rawPost("/api/auth/sign-up/email", { email, password, name: "" }, stranger())).status).toBe(200);
  }

  // Bodies may arrive chunked (the raw client does not decode): the code is read from the text.
  const codeOf = (response: RawResponse) => /"code":"([A-Z_]+)"/.exec(response.body)?.[1];
  const sessionSet = (response: RawResponse) => /session_token=[^;]/.test(response.headers["set-cookie"] ?? "");
  const magicLinksTo = (email: string) =>
    smtp.messages.filter((m) => m.to.includes(email)).map((m) => /https?:\/\/\S*magic-link\/verify\S*/.exec(m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[0]).filter(Boolean);

  it("counts every spelling of the sign-in path against the same account", async () => {
    const email = "spelled@example.com";
    await register(email, "Quiet-Lantern-Orbit-4");
    const spellings = [
      "/api/auth/x/../sign-in/email",
      "/api/auth/x/%2e%2e/sign-in/email",
      "/api/auth/x/%2E%2E/sign-in/email",
      "/api/auth//sign-in/email",
      "/api/auth/sign-in//email",
      "/api/auth/sign-in/email/",
      "/API/AUTH/SIGN-IN/EMAIL",
      "/api/Auth/./Sign-In/Email",
      "/x/../api/auth/sign-in/email",
      "/api/auth/sign-in/%65mail",
    ];
    // Ten wrong guesses, each spelled another way and from another address: each one counts.
    for (const target of spellings) {
      const guess = await rawPost(target, { email, password: "Wrong-Guess-Orbit-9" }, stranger());
      expect([target, guess.status]).toEqual([target, 401]);
    }
    // The account is past its threshold: the right password, however spelled, signs no one in by itself.
    for (const target of [...spellings, "/api/auth/sign-in/email"]) {
      const right = await rawPost(target, { email, password: "Quiet-Lantern-Orbit-4" }, stranger());
      expect([target, right.status, codeOf(right), sessionSet(right)]).toEqual([target, 401, "SIGN_IN_LINK_SENT", false]);
    }
  });

  it("passes a password reset link's token through the edge as it was sent (its case matters)", async () => {
    const email = "forgetful@example.com";
    await register(email, "Quiet-Lantern-Orbit-4");
    expect((await rawPost("/api/auth/request-password-reset", { email, redirectTo: "/de/about" }, stranger())).status).toBe(200);
    const deadline = Date.now() + 15_000;
    const resetLink = () => smtp.messages.filter((m) => m.to.includes(email)).map((m) => /https?:\/\/\S*reset-password\/\S*/.exec(m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[0]).find(Boolean);
    while (!resetLink() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const link = new URL(resetLink()!);
    const token = link.pathname.split("/").pop()!;
    expect(token).toMatch(/[A-Z]/); // a mixed-case token: folding it would break the link
    const opened = await sendRaw(port, { method: "GET", target: `/API/Auth//reset-password/${token}/${link.search}`, headers: [] });
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.location!, origin()).searchParams.get("token")).toBe(token);
  });

  it("lets the owner in with a mailed link while strangers guess at the account, and tells guessers nothing", async () => {
    const email = "owner@example.com";
    await register(email, "Quiet-Lantern-Orbit-4");
    const statuses: Array<[number, string | undefined]> = [];
    for (let i = 0; i < 14; i++) {
      const guess = await rawPost("/api/auth/sign-in/email", { email, password: `Wrong-Guess-${i}-Orbit` }, stranger());
      statuses.push([guess.status, codeOf(guess)]);
    }
    expect(statuses.slice(0, 10).every(([status]) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual(Array.from({ length: 4 }, () => [401, "SIGN_IN_LINK_SENT"]));
    // No 429 for anyone, and no link mailed for a wrong password.
    expect(magicLinksTo(email)).toEqual([]);

    // The owner, from home: the same answer, and a link in their mailbox that signs them in.
    const owner = await rawPost("/api/auth/sign-in/email", { email, password: "Quiet-Lantern-Orbit-4", callbackURL: "/de/about" }, "203.0.113.50");
    expect([owner.status, codeOf(owner), sessionSet(owner)]).toEqual([401, "SIGN_IN_LINK_SENT", false]);
    const deadline = Date.now() + 15_000;
    while (magicLinksTo(email).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const [link] = magicLinksTo(email);
    expect(link).toBeTruthy();
    const opened = await fetch(link!, { redirect: "manual", headers: { "x-forwarded-for": "203.0.113.50" } });
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get("location")!, origin()).pathname).toBe("/de/about");
    const cookie = opened.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const session = (await (await fetch(`${origin()}/api/auth/get-session`, { headers: { cookie } })).json()) as { user: { email: string } } | null;
    expect(session?.user.email).toBe(email);
  });

  it("logs a refused cross-origin write as one warn line, without an error or a stack", async () => {
    const before = server.output().length;
    const form = await sendRaw(port, {
      method: "POST",
      target: "/user/submit-tool",
      headers: [["Content-Type", "application/x-www-form-urlencoded"], ["Origin", "https://evil.example"]],
      body: "name=x",
    });
    const auth = await sendRaw(port, {
      method: "POST",
      target: "/api/auth/sign-in/email",
      headers: [["Content-Type", "application/json"], ["Origin", "https://evil.example"], ["Cookie", "theme=light"]],
      body: JSON.stringify({ email: "someone@example.com", password: "Quiet-Lantern-Orbit-4" }),
    });
    expect([form.status, auth.status]).toEqual([400, 403]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = server.output().slice(before).split("\n").filter(Boolean);
    expect(lines.filter((line) => /"level":(50|60)|ERROR|"stack"/.test(line))).toEqual([]);
    expect(lines.filter((line) => line.includes('"level":40') && line.includes("cross-origin write refused"))).toHaveLength(2);
  });

  it("frees a request whose declared body never arrives: 408 and the connection closed within seconds", async () => {
    const started = Date.now();
    const { head, closed } = await new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ head: received, closed: false });
      }, 10_000);
      socket.on("data", (chunk) => (received += chunk.toString("latin1")));
      socket.on("close", () => {
        clearTimeout(timer);
        resolve({ head: received, closed: true });
      });
      socket.on("error", reject);
      socket.write(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nOrigin: ${origin()}\r\nContent-Length: 400\r\n\r\n{"email":"slow@example.com",`,
      );
    });
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
