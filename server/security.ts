import type { NextFunction, Request, Response } from "express";
import crypto from "node:crypto";
import { getConfig } from "../app/.server/config";

/**
 * Security headers on every response. Inline scripts React Router emits
 * carry a per-request nonce; nothing else inline may run. Development keeps
 * 'unsafe-inline'/'unsafe-eval' for Vite's HMR client only.
 */
export function securityHeaders({ development }: { development: boolean }) {
  // The policy around the nonce is the same on every request: built once, on the first.
  let policy: ((nonce: string) => string) | undefined;
  // Behind https the browser is told to use nothing else for a year (subdomains are not ours to decide).
  const hsts = getConfig().publicUrl.startsWith("https:") ? "max-age=31536000" : null;
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.receivedAt = performance.now();
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    policy ??= contentSecurityPolicy(development);
    res.setHeader("Content-Security-Policy", policy(nonce));
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()",
    );
    next();
  };
}

/**
 * 16 random bytes per response, cut from a pool filled 256 responses at a time: one call into the
 * system's random source per request was a measurable share of answering a cached page.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;
function nextNonce(): string {
  if (nonceAt === noncePool.length) {
    crypto.randomFillSync(noncePool);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString("base64", nonceAt - NONCE_BYTES, nonceAt);
}

function contentSecurityPolicy(development: boolean): (nonce: string) => string {
  // The WeChat QR is WeChat's own page in an iframe (WECHAT_OPEN_BASE, open.weixin.qq.com by default).
  const wechatQrOrigin = new URL(getConfig().WECHAT_OPEN_BASE).origin;
  // Images served straight from a bucket or CDN (S3_PUBLIC_URL) may be plain http in a test or an intranet.
  const storage = getConfig().storage;
  const imageOrigin = storage.driver === "s3" && storage.publicUrl ? ` ${new URL(storage.publicUrl).origin}` : "";
  const directives = (scriptSrc: string) =>
    [
      "default-src 'self'",
      scriptSrc,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: https:${imageOrigin}`,
      "font-src 'self' data:",
      `connect-src 'self'${development ? " ws: wss:" : ""}`,
      `frame-src 'self' ${wechatQrOrigin}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      // Every form posts to the site itself (providers are reached by links and fetches, not forms).
      "form-action 'self'",
      "object-src 'none'",
    ].join("; ");
  if (development) {
    const fixed = directives("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    return () => fixed;
  }
  const [before, after] = directives("script-src 'self' 'nonce-{nonce}' 'strict-dynamic'").split("{nonce}") as [string, string];
  return (nonce) => before + nonce + after;
}
