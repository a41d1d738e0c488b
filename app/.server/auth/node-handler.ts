import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { toNodeHandler } from "better-auth/node";
import { getLogger } from "../logger";
import { countAttempt, forgetAccountAttempts } from "./account-limits";
import { getAuth } from "./auth";

let handler: ReturnType<typeof toNodeHandler> | undefined;

/**
 * Express mount for /api/auth/*. The edge has already read the body (within its cap) and put the
 * client address Express resolved (TRUST_PROXY) in `x-client-ip`, the header better-auth reads for
 * its per-address limits and `session.ipAddress`. Sign-in, sign-up, e-mail and two-factor requests
 * are also counted per account here.
 */
export function authRequestHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  handler ??= toNodeHandler(getAuth());
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
  limited(req, res)
    .then((go) => (go ? handler!(req, res) : undefined))
    .catch(next);
}

async function limited(req: ExpressRequest, res: ExpressResponse): Promise<boolean> {
  if (req.method !== "POST") return true;
  const path = req.path.replace(/^\/api\/auth/, "");
  const attempt = await countAttempt(path, (req as { body?: unknown }).body, req.headers.cookie);
  if (!attempt) return true;
  if (!attempt.allowed) {
    getLogger().warn({ path, status: 429 }, "sign-in attempts limited");
    res.setHeader("Retry-After", String(attempt.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    res.status(429).json({ code: "TOO_MANY_REQUESTS", message: "Too many attempts. Try again later." });
    return false;
  }
  if (path === "/sign-in/email") {
    const key = attempt.accountKey;
    // The right password clears the account's count, so its owner is never locked out by their own typos.
    res.once("finish", () => {
      if (res.statusCode === 200) forgetAccountAttempts(key).catch(() => undefined);
    });
  }
  return true;
}
