import fs from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

/**
 * Every address pattern the site answers: the React Router table (app/routes.ts, so pages and
 * resource routes added later are fuzzed too), the endpoints Express mounts itself under /api (read
 * from server/app.ts) and the static folders server.js mounts (`/uploads/*`, `/assets/*`). Patterns
 * keep their parameters (`:lang?`, `:slug`, `*`); the generator fills them.
 */
interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function walk(entries: RouteEntry[], parent: string, out: Set<string>): void {
  for (const entry of entries) {
    const own = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    if (entry.index || entry.path !== undefined) out.add(own || "/");
    if (entry.children) walk(entry.children, own, out);
  }
}

export function routePatterns(root = process.cwd()): string[] {
  const out = new Set<string>();
  walk(routes as RouteEntry[], "", out);
  const serverApp = fs.readFileSync(path.join(root, "server/app.ts"), "utf8");
  for (const match of serverApp.matchAll(/app\.(?:all|get|post|put|patch|delete|use)\(\s*"(\/[^"]+)"/g)) out.add(match[1]!.replace(/\*\w+$/, "*"));
  const entry = fs.readFileSync(path.join(root, "server.js"), "utf8");
  for (const match of entry.matchAll(/app\.use\(\s*"(\/[^"]+)"/g)) out.add(`${match[1]}/*`);
  return [...out].sort();
}

/** better-auth's endpoints under /api/auth that take input (the mount is one splat route). */
export const AUTH_ENDPOINTS = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/magic-link",
  "/api/auth/magic-link/verify",
  "/api/auth/send-verification-email",
  "/api/auth/verify-email",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/change-password",
  "/api/auth/update-user",
  "/api/auth/sign-in/social",
  "/api/auth/sign-in/oauth2",
  "/api/auth/oauth2/callback/github",
  "/api/auth/two-factor/verify-totp",
  "/api/auth/two-factor/enable",
  "/api/auth/get-session",
  "/api/auth/list-sessions",
  "/api/auth/sign-out",
  "/api/auth/wechat/start",
  "/api/auth/douyin/start",
  "/api/auth/douyin/status",
];
