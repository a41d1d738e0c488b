import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The weekly digest to 1,000 subscribers, with the sender process killed in the middle of a batch (while the
 * SMTP server holds a message it has not yet acknowledged) and started again: every subscriber gets exactly
 * one mail, each with its one-click unsubscribe headers.
 */
const SUBSCRIBERS = 1000;
const KILL_AT = 437;
const LANGS = ["us-en", "de", "ja", "zh-CN"] as const;

describe.each(testDialects())("newsletter sender killed mid-batch on %s", (dialect) => {
  let t: TestDatabase;
  let smtp: SMTPServer;
  let smtpUrl = "";
  const received: Array<{ to: string; raw: string }> = [];
  let onReceived: (count: number) => void = () => undefined;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const now = new Date().toISOString();
    const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
      email: `reader${i}@example.com`,
      language: LANGS[i % LANGS.length]!,
      status: "active",
      token: `token-${dialect}-${String(i).padStart(6, "0")}-abcdefghijklmnop`,
      source: "footer",
      created_at: now,
      confirmed_at: now,
      unsubscribed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insertInto("newsletter_subscribers").values(rows.slice(i, i + 200)).execute();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      disableReverseLookup: true,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo[0]!.address, raw });
          // The test's hook runs before the acknowledgement: the sender dies with this message in flight.
          onReceived(received.length);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await t?.destroy();
  });

  function startSender() {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/newsletter-sender.ts"], {
      env: { ...process.env, ...t.env, DATABASE_URL: t.url, SMTP_URL: smtpUrl, PUBLIC_URL: "https://directory.example", LOG_LEVEL: "silent", NEWSLETTER_BATCH_SIZE: "50", SENDER_LEASE_MS: "1500", NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, output })));
    return { child, exited };
  }

  it("sends each of 1,000 subscribers exactly one digest across a crash and a restart", { timeout: 180_000 }, async () => {
    const first = startSender();
    onReceived = (count) => {
      if (count === KILL_AT) first.child.kill("SIGKILL");
    };
    const killed = await first.exited;
    expect(killed.signal, killed.output).toBe("SIGKILL");
    onReceived = () => undefined;
    const beforeRestart = received.length;
    expect(beforeRestart).toBe(KILL_AT);
    const claimedOnly = await t.db.selectFrom("newsletter_sends").select(["subscriber_id"]).where("status", "=", "claimed").execute();
    expect(claimedOnly.length).toBeLessThanOrEqual(1);

    // The dead sender's lease runs out; the next one takes over where it stopped.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const second = startSender();
    const done = await second.exited;
    expect(done.code, done.output).toBe(0);

    const perRecipient = new Map<string, number>();
    for (const mail of received) perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
    expect(perRecipient.size).toBe(SUBSCRIBERS);
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
    expect(received.length).toBe(SUBSCRIBERS);
    for (const mail of received.slice(0, 5)) {
      expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/directory\.example\/[^>]+\/newsletter\/unsubscribe\?token=/m);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    const sends = await t.db.selectFrom("newsletter_sends").select(["status"]).execute();
    expect(sends.length).toBe(SUBSCRIBERS);
    const issues = await t.db.selectFrom("newsletter_issues").select(["language", "finished_at"]).execute();
    expect(issues.map((i) => i.language).sort()).toEqual([...LANGS].sort());
    expect(issues.every((i) => i.finished_at)).toBe(true);
  });
});
