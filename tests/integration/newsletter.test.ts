import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig, type Config } from "~/.server/config";
import { getFixedT } from "~/.server/i18n";
import { subscribeEndpoint } from "~/.server/newsletter/http";
import { newsletterAction, newsletterPage } from "~/.server/newsletter/pages";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { startSmtpCapture } from "../support/smtp";

/**
 * Subscribing as a visitor does: a bad address is refused in the page's language, a good one gets a
 * confirmation mail whose link confirms (and says so when opened again), and the digest's one-click
 * unsubscribe (RFC 8058) works. Without SMTP the endpoint is off.
 */
describe.each(testDialects())("newsletter subscription on %s", (dialect) => {
  let t: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let config: Config;
  let address = 0;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    smtp = await startSmtpCapture();
    config = { ...getConfig(), SMTP_URL: smtp.url, publicUrl: "https://directory.example" };
  });
  afterAll(async () => {
    await smtp?.stop();
    await t?.destroy();
  });

  const subscribe = (body: unknown, settings = config) =>
    subscribeEndpoint(t.db, new Request("https://directory.example/api/newsletter/subscribe", { method: "POST", headers: { "content-type": "application/json", "x-client-ip": `10.9.0.${address++}` }, body: JSON.stringify(body) }), settings);

  it("refuses a bad address in the page's language", async () => {
    const res = await subscribe({ email: "not-an-address", lang: "de" });
    expect(res.status).toBe(400);
    const german = await getFixedT("de", "common");
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(german("newsletter.invalid"));
    const japanese = await subscribe({ email: "a@b", lang: "ja" });
    expect(((await japanese.json()) as { error: { message: string } }).error.message).toBe((await getFixedT("ja", "common"))("newsletter.invalid"));
  });

  it("confirms by the mailed link once, says so when opened twice, and unsubscribes by one click", async () => {
    const email = `reader-${dialect}@example.com`;
    expect((await subscribe({ email: ` ${email.toUpperCase()} `, lang: "de", source: "submission" })).status).toBe(200);
    const link = await smtp.linkFor(email);
    expect(link).toMatch(/^https:\/\/directory\.example\/de\/newsletter\/confirm\?token=/);
    const pending = await t.db.selectFrom("newsletter_subscribers").select(["status", "language", "source"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(pending).toEqual({ status: "pending", language: "de", source: "submission" });

    expect(await newsletterPage(t.db, new Request(link))).toEqual({ kind: "confirm", result: "confirmed" });
    expect(await newsletterPage(t.db, new Request(link))).toEqual({ kind: "confirm", result: "already" });
    expect((await t.db.selectFrom("newsletter_subscribers").select("status").where("email", "=", email).executeTakeFirstOrThrow()).status).toBe("active");

    // Subscribing again once confirmed sends nothing new (and says the same to the visitor).
    const mailsBefore = smtp.messages.length;
    expect((await subscribe({ email, lang: "de" })).status).toBe(200);
    expect(smtp.messages.length).toBe(mailsBefore);

    const unsubscribeUrl = link.replace("/confirm?", "/unsubscribe?");
    const ask = await newsletterPage(t.db, new Request(unsubscribeUrl));
    expect(ask).toMatchObject({ kind: "unsubscribe", state: "ask", email: "r***@example.com" });
    const oneClick = await newsletterAction(t.db, new Request(unsubscribeUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
    expect(oneClick).toMatchObject({ kind: "unsubscribe", state: "done" });
    expect((await t.db.selectFrom("newsletter_subscribers").select("status").where("email", "=", email).executeTakeFirstOrThrow()).status).toBe("unsubscribed");

    const preferencesUrl = link.replace("/confirm?", "/preferences?");
    const saved = await newsletterAction(t.db, new Request(preferencesUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "language=fr&subscribed=on" }));
    expect(saved).toMatchObject({ kind: "preferences", state: "saved", language: "fr", subscribed: true });
  });

  it("answers a link that names no one as invalid", async () => {
    expect(await newsletterPage(t.db, new Request("https://directory.example/newsletter/confirm?token=nobody-has-this-token-at-all"))).toEqual({ kind: "confirm", result: "invalid" });
  });

  it("is off without an SMTP server", async () => {
    expect((await subscribe({ email: "x@example.com" }, { ...config, SMTP_URL: undefined })).status).toBe(404);
  });
});
