import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the next message to an address and returns the first link in it. */
    async linkFor(address: string, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages.find((m) => m.to.includes(address));
        if (mail) {
          const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          const link = /https?:\/\/[^\s"<>]+/.exec(text)?.[0];
          if (link) return link;
        }
        if (Date.now() > deadline) throw new Error(`no mail for ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * For a whole test file: mail goes to a capture server and uploads to a temporary folder (both read once by
 * getConfig(), so set before the file's first use of the app's code), with any other settings in `env`.
 */
export function captureMailAndUploads(name: string, env: Record<string, string> = {}) {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-uploads-`));
  let capture: SmtpCapture | undefined;
  const live = (): SmtpCapture => {
    if (!capture) throw new Error("the mail capture starts in beforeAll");
    return capture;
  };
  beforeAll(async () => {
    capture = await startSmtpCapture();
    Object.assign(process.env, { SMTP_URL: capture.url, UPLOAD_DIR: uploads, ...env });
  });
  afterAll(async () => {
    await capture?.stop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });
  return {
    uploads,
    get messages() {
      return live().messages;
    },
    linkFor: (address: string, timeoutMs?: number) => live().linkFor(address, timeoutMs),
  };
}
