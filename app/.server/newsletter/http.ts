import { z } from "zod";
import { isLang, LANGUAGES, type Lang } from "~/i18n/languages";
import { sendMail } from "../auth/mail";
import type { Config } from "../config";
import type { DB } from "../db";
import { jsonError, jsonOk, readJson } from "../http/json-api";
import { getFixedT } from "../i18n";
import { enforceRateLimit } from "../rate-limit";
import { renderConfirmation, subscriberLinks } from "./digest";
import { email, newsletterEnabled, requestSubscription, SOURCES } from "./subscribers";

/**
 * POST /api/newsletter/subscribe {email, lang, source}: records a pending subscription and mails the
 * confirmation link. The answer never says whether an address was subscribed already. A bad address is a
 * 400 whose message is in the page's language; 10 requests an hour per address of the requester.
 */
const input = z.strictObject({ email: z.string().max(320), lang: z.enum(LANGUAGES).default("us-en"), source: z.enum(SOURCES).default("footer") });
const SUBSCRIBE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };

export async function subscribeEndpoint(db: DB, request: Request, config: Config): Promise<Response> {
  if (!newsletterEnabled(config)) return jsonError(404, "not_found", "The newsletter is not available.");
  const body = await readJson(request, input, { maxBytes: 2048 });
  const lang: Lang = isLang(body.lang) ? body.lang : "us-en";
  const address = email.safeParse(body.email.trim());
  if (!address.success) {
    const t = await getFixedT(lang, "common");
    return jsonError(400, "invalid_email", t("newsletter.invalid"));
  }
  await enforceRateLimit(db, `newsletter:address:${request.headers.get("x-client-ip") || "unknown"}`, SUBSCRIBE_LIMIT, (await getFixedT(lang, "common"))("newsletter.error"));
  const subscriber = await requestSubscription(db, address.data, lang, body.source);
  if (subscriber) {
    const mail = await renderConfirmation(lang, subscriberLinks(config.publicUrl, lang, subscriber.token).confirm);
    await sendMail({ to: subscriber.email, ...mail }, config);
  }
  return jsonOk({ status: "check_inbox" });
}
