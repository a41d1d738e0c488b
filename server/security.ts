import type { NextFunction, Request, Response } from "express";
import crypto from "node:crypto";
import { getConfig } from "../app/.server/config";

/**
 * Security headers on every response. Inline scripts React Router emits
 * carry a per-request nonce; nothing else inline may run. Development keeps
 * 'unsafe-inline'/'unsafe-eval' for Vite's HMR client only.
 */
export function securityHeaders({ development }: { development: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    // The WeChat QR is WeChat's own page in an iframe (WECHAT_OPEN_BASE, open.weixin.qq.com by default).
    const wechatQrOrigin = new URL(getConfig().WECHAT_OPEN_BASE).origin;
    res.locals.cspNonce = nonce;
    const scriptSrc = development
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        scriptSrc,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        `connect-src 'self'${development ? " ws: wss:" : ""}`,
        `frame-src 'self' ${wechatQrOrigin}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self' https:",
        "object-src 'none'",
      ].join("; "),
    );
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
