import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { isAPIError } from "better-auth/api";
import { toNodeHandler } from "better-auth/node";
import { safeReturnPath } from "~/lib/return-to";
import { getConfig } from "../config";
import { getLogger } from "../logger";
import { countAttempt, forgetAccountAttempts, mayMailSignInLink, PASSWORD_SIGN_IN } from "./account-limits";
import { getAuth } from "./auth";
import { mailDeliverable } from "./mail";

let handler: ReturnType<typeof toNodeHandler> | undefined;

/**
 * Express mount for /api/auth/*. The edge has already read the body (within its cap), given the path
 * its one spelling, and put the client address Express resolved (TRUST_PROXY) in `x-client-ip`, the
 * header better-auth reads for its per-address limits and `session.ipAddress`. Sign-in, sign-up,
 * e-mail and two-factor requests are also counted per account here (account-limits.ts).
 */
export function authRequestHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  handler ??= toNodeHandler(getAuth());
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
  limited(req, res)
    .then((go) => (go ? handler!(req, res) : undefined))
    .catch(next);
}

function answer(res: ExpressResponse, status: number, body: Record<string, unknown>, retryAfterSeconds?: number): false {
  if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  res.setHeader("Cache-Control", "no-store");
  res.status(status).json(body);
  return false;
}

async function limited(req: ExpressRequest, res: ExpressResponse): Promise<boolean> {
  if (req.method !== "POST") return true;
  const path = req.path.replace(/^\/api\/auth/, "");
  const body = (req as { body?: unknown }).body;
  const verdict = await countAttempt(path, body, req.headers.cookie, String(req.headers["x-client-ip"]), mailDeliverable(getConfig()));
  if (!verdict) return true;
  if (verdict.kind === "limited") {
    getLogger().warn({ path, status: 429, reason: verdict.reason }, "sign-in attempts limited");
    const code = verdict.reason === "account" && path === PASSWORD_SIGN_IN ? "ACCOUNT_SLOWED" : "TOO_MANY_REQUESTS";
    return answer(res, 429, { code, message: "Too many attempts. Try again later.", retryAfterSeconds: verdict.retryAfterSeconds }, verdict.retryAfterSeconds);
  }
  if (verdict.kind === "mail-link") {
    getLogger().warn({ path }, "password sign-in past the account-wide threshold: a right password is answered by mail");
    try {
      await mailLinkIfPasswordRight(req, verdict.email, body);
    } catch (error) {
      // The bounded hashing queue is full: the same 503 + Retry-After a sign-in gets from better-auth.
      if (!isAPIError(error)) throw error;
      const retryAfter = Number(new Headers(error.headers).get("retry-after")) || undefined;
      return answer(res, error.statusCode, { code: error.body?.code ?? "BUSY", message: error.message }, retryAfter);
    }
    return answer(res, 401, {
      code: "SIGN_IN_LINK_SENT",
      message: "Many wrong passwords were tried for this account. If the password is right, a sign-in link has been sent to the address.",
    });
  }
  if (path === PASSWORD_SIGN_IN) {
    const keys = verdict.resetKeys;
    // The right password clears the account's counts, so its owner is never held back by their own typos.
    res.once("finish", () => {
      if (res.statusCode === 200) forgetAccountAttempts(keys).catch(() => undefined);
    });
  }
  return true;
}

/**
 * Past the account-wide threshold the password alone signs no one in: it is checked here, and when
 * it is right a sign-in link goes to the address, which only its owner reads. The answer is the same
 * either way (the mail is not waited for), so guessing learns nothing.
 */
async function mailLinkIfPasswordRight(req: ExpressRequest, email: string, body: unknown): Promise<void> {
  let fields: { password?: unknown; callbackURL?: unknown } = {};
  try {
    fields = JSON.parse(String(body)) as typeof fields;
  } catch {
    return;
  }
  const password = typeof fields.password === "string" ? fields.password.slice(0, 128) : "";
  const auth = getAuth();
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const hash = found?.accounts.find((account) => account.providerId === "credential")?.password;
  // Without an account a hash is still computed, so the answer takes as long as for a wrong password.
  const right = hash ? await ctx.password.verify({ hash, password }) : (await ctx.password.hash(password), false);
  if (!right || !(await mayMailSignInLink(email))) return;
  const callbackURL = safeReturnPath(fields.callbackURL, "/");
  auth.api
    .signInMagicLink({ body: { email, callbackURL, metadata: { lang: req.headers.referer ?? null } }, headers: new Headers({ "x-client-ip": String(req.headers["x-client-ip"]) }) })
    .catch((error: unknown) => getLogger().warn({ err: error }, "sign-in link after a right password not sent"));
}
