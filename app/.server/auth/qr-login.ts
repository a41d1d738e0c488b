import crypto from "node:crypto";
import type { BetterAuthPlugin, GenericEndpointContext, User } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import QRCode from "qrcode";
import { z } from "zod";
import { safeReturnPath } from "~/lib/return-to";
import type { DB } from "../db";
import { getLogger } from "../logger";
import {
  douyinAuthorizeUrl,
  exchangeDouyinCode,
  exchangeWechatCode,
  wechatQrUrl,
  type DouyinSettings,
  type ProviderProfile,
  type WechatSettings,
} from "./qr-providers";
import { PLACEHOLDER_EMAIL_DOMAIN, upsertProfile } from "./users";
import { keptProfileImage } from "./profile-image";

/**
 * WeChat and Douyin QR sign-in as a better-auth plugin, so sessions, cookies
 * and account rows are better-auth's own. The state is issued by the server
 * (`wechat_login_…` / `douyin_login_…`), stored as a verification row and bound
 * to the browser by a signed httpOnly cookie; the code is exchanged here and no
 * credential ever reaches the browser.
 */
export type QrProvider = "wechat" | "douyin";

export type QrCallbackError =
  | "missing_code"
  | "missing_params"
  | "cancelled"
  | "invalid_state"
  | "exchange_failed"
  | "not_configured";

export type QrCallbackResult =
  | { ok: true; returnTo: string; sameBrowser: boolean }
  | { ok: false; error: QrCallbackError; detail?: string };

export interface QrLoginOptions {
  db: DB;
  publicUrl: string;
  wechat: WechatSettings | null;
  douyin: DouyinSettings | null;
  /** Offer the demo 'simulate scan' (never in production, only when Douyin is unconfigured). */
  douyinDemo: boolean;
}

/** QR codes expire after 30 s (spec 9); the state row lives a little longer for slow phones. */
export const QR_EXPIRY_MS = 30_000;
const STATE_TTL_MS = 10 * 60_000;

interface PendingLogin {
  returnTo: string;
  status: "pending" | "done";
  userId?: string;
}

const cookieName = (provider: QrProvider) => `${provider}_login_state`;
const callbackPath = (provider: QrProvider) => `/auth/${provider}/callback`;

async function issueState(ctx: GenericEndpointContext, provider: QrProvider, returnTo: string): Promise<string> {
  const state = `${provider}_login_${crypto.randomBytes(24).toString("base64url")}`;
  const pending: PendingLogin = { returnTo, status: "pending" };
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: state,
    value: JSON.stringify(pending),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  await ctx.setSignedCookie(cookieName(provider), state, ctx.context.secret, {
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.context.authCookies.sessionToken.attributes.secure,
    path: "/",
    maxAge: STATE_TTL_MS / 1000,
  });
  return state;
}

async function readPending(ctx: GenericEndpointContext, state: string): Promise<PendingLogin | null> {
  const row = await ctx.context.internalAdapter.findVerificationValue(state);
  if (!row || new Date(row.expiresAt).getTime() < Date.now()) return null;
  try {
    return JSON.parse(row.value) as PendingLogin;
  } catch {
    return null;
  }
}

async function cookieState(ctx: GenericEndpointContext, provider: QrProvider): Promise<string | null> {
  const value = await ctx.getSignedCookie(cookieName(provider), ctx.context.secret);
  return typeof value === "string" ? value : null;
}

function clearStateCookie(ctx: GenericEndpointContext, provider: QrProvider) {
  ctx.setCookie(cookieName(provider), "", { path: "/", maxAge: 0 });
}

/** Finds the user behind a provider account, or creates user + account + profile. */
async function userForProfile(db: DB, ctx: GenericEndpointContext, provider: QrProvider, profile: ProviderProfile): Promise<User> {
  const adapter = ctx.context.internalAdapter;
  const owner = await adapter.findAccountOwnerByKey({ providerId: provider, accountId: profile.openId });
  const fallbackName = provider === "wechat" ? "微信用户" : "抖音用户";
  // WeChat often hands out http:// pictures: only https (or own uploads) is kept, the sign-in goes on without one.
  const avatar = keptProfileImage(profile.avatar, String(ctx.context.options.baseURL));
  if (owner?.kind === "owned") {
    await adapter.updateAccount(owner.account.id, { accessToken: profile.accessToken });
    await upsertProfile(db, owner.user.id, { displayName: profile.nickname, avatarUrl: avatar });
    return owner.user as User;
  }
  // Open ids are case-sensitive; the stand-in address must stay unique after lower-casing.
  const digest = crypto.createHash("sha256").update(`${provider}:${profile.openId}`).digest("hex").slice(0, 32);
  const { user } = await adapter.createOAuthUser(
    {
      name: profile.nickname ?? fallbackName,
      email: `${provider}-${digest}@${PLACEHOLDER_EMAIL_DOMAIN}`,
      emailVerified: false,
      image: avatar,
    },
    { providerId: provider, accountId: profile.openId, accessToken: profile.accessToken },
  );
  await upsertProfile(db, user.id, { displayName: profile.nickname ?? fallbackName, avatarUrl: avatar });
  return user as User;
}

async function startSession(ctx: GenericEndpointContext, provider: QrProvider, user: User): Promise<void> {
  const session = await ctx.context.internalAdapter.createSession(user.id);
  await ctx.context.internalAdapter.updateUser(user.id, { lastLoginMethod: provider });
  await setSessionCookie(ctx, { session, user });
}

const startBody = z.object({ returnTo: z.string().optional() });
const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export function qrLogin(options: QrLoginOptions) {
  const redirectUri = (provider: QrProvider) => `${options.publicUrl}${callbackPath(provider)}`;

  /** Checks state, exchanges the code and either signs this browser in or completes a phone scan. */
  async function finish(
    ctx: GenericEndpointContext,
    provider: QrProvider,
    query: z.infer<typeof callbackQuery>,
    exchange: ((code: string) => Promise<ProviderProfile>) | null,
  ): Promise<QrCallbackResult> {
    const prefix = `${provider}_login_`;
    if (provider === "douyin" && query.error) return { ok: false, error: "cancelled" };
    if (provider === "wechat" && !query.code) return { ok: false, error: "missing_code" };
    if (!query.code || !query.state) return { ok: false, error: "missing_params" };
    if (!query.state.startsWith(prefix)) return { ok: false, error: "invalid_state" };
    const bound = await cookieState(ctx, provider);
    const sameBrowser = bound === query.state;
    const pending = await readPending(ctx, query.state);
    // WeChat's QR lives in this browser's dialog, so its state must come back to the same browser.
    // A Douyin QR is scanned on a phone: there the state row alone proves the request, and the
    // computer that showed the code picks the session up by polling with its cookie.
    if (!pending || pending.status !== "pending" || (provider === "wechat" && !sameBrowser)) {
      return { ok: false, error: "invalid_state" };
    }
    // Checked after the state so a forged or stale callback reads as one whether or not the provider is set up.
    if (!exchange) return { ok: false, error: "not_configured" };
    let profile: ProviderProfile;
    try {
      profile = await exchange(query.code);
    } catch (error) {
      getLogger().warn({ err: error, provider }, "QR sign-in exchange failed");
      await ctx.context.internalAdapter.deleteVerificationByIdentifier(query.state);
      return { ok: false, error: "exchange_failed", detail: error instanceof Error ? error.message : undefined };
    }
    const user = await userForProfile(options.db, ctx, provider, profile);
    if (sameBrowser) {
      await ctx.context.internalAdapter.deleteVerificationByIdentifier(query.state);
      clearStateCookie(ctx, provider);
      await startSession(ctx, provider, user);
    } else {
      const done: PendingLogin = { ...pending, status: "done", userId: user.id };
      await ctx.context.internalAdapter.updateVerificationByIdentifier(query.state, { value: JSON.stringify(done) });
    }
    return { ok: true, returnTo: pending.returnTo, sameBrowser };
  }

  return {
    id: "qr-login",
    endpoints: {
      wechatStart: createAuthEndpoint("/wechat/start", { method: "POST", body: startBody }, async (ctx) => {
        if (!options.wechat) throw new APIError("NOT_FOUND", { message: "WeChat sign-in is not configured" });
        const state = await issueState(ctx, "wechat", safeReturnPath(ctx.body.returnTo));
        return ctx.json({ state, qrUrl: wechatQrUrl(options.wechat, redirectUri("wechat"), state) });
      }),
      wechatCallback: createAuthEndpoint("/wechat/callback", { method: "GET", query: callbackQuery }, async (ctx) => {
        const wechat = options.wechat;
        return ctx.json(await finish(ctx, "wechat", ctx.query, wechat ? (code) => exchangeWechatCode(wechat, code) : null));
      }),
      douyinStart: createAuthEndpoint("/douyin/start", { method: "POST", body: startBody }, async (ctx) => {
        if (!options.douyin && !options.douyinDemo) throw new APIError("NOT_FOUND", { message: "Douyin sign-in is not configured" });
        const state = await issueState(ctx, "douyin", safeReturnPath(ctx.body.returnTo));
        const authorizeUrl = options.douyin
          ? douyinAuthorizeUrl(options.douyin, redirectUri("douyin"), state)
          : `${options.publicUrl}/`; // demo: nothing to authorize, the code just opens the site
        const qrDataUrl = await QRCode.toDataURL(authorizeUrl, { margin: 1, width: 220, errorCorrectionLevel: "M" });
        return ctx.json({
          state,
          authorizeUrl,
          qrDataUrl,
          expiresAt: new Date(Date.now() + QR_EXPIRY_MS).toISOString(),
          demo: !options.douyin,
        });
      }),
      douyinCallback: createAuthEndpoint("/douyin/callback", { method: "GET", query: callbackQuery }, async (ctx) => {
        const douyin = options.douyin;
        return ctx.json(await finish(ctx, "douyin", ctx.query, douyin ? (code) => exchangeDouyinCode(douyin, code) : null));
      }),
      /** Polled every 2 s by the dialog that shows the Douyin QR (spec 9). */
      douyinStatus: createAuthEndpoint("/douyin/status", { method: "POST" }, async (ctx) => {
        const state = await cookieState(ctx, "douyin");
        if (!state) return ctx.json({ status: "expired" as const });
        const pending = await readPending(ctx, state);
        if (!pending) return ctx.json({ status: "expired" as const });
        if (pending.status !== "done" || !pending.userId) return ctx.json({ status: "pending" as const });
        const user = await ctx.context.internalAdapter.findUserById(pending.userId);
        await ctx.context.internalAdapter.deleteVerificationByIdentifier(state);
        clearStateCookie(ctx, "douyin");
        if (!user) return ctx.json({ status: "expired" as const });
        await startSession(ctx, "douyin", user);
        return ctx.json({ status: "done" as const, returnTo: pending.returnTo });
      }),
      /** Demo only: stands in for a phone scan when Douyin has no credentials (never in production). */
      douyinSimulate: createAuthEndpoint("/douyin/simulate", { method: "POST" }, async (ctx) => {
        if (!options.douyinDemo) throw new APIError("NOT_FOUND", { message: "Not available" });
        const state = await cookieState(ctx, "douyin");
        const pending = state ? await readPending(ctx, state) : null;
        if (!state || !pending) throw new APIError("BAD_REQUEST", { message: "invalid_state" });
        const demoId = crypto.randomBytes(8).toString("hex");
        const user = await userForProfile(options.db, ctx, "douyin", {
          openId: `demo_${demoId}`,
          unionId: null,
          nickname: `抖音演示用户 ${demoId.slice(0, 4)}`,
          avatar: null,
          accessToken: "demo",
        });
        await ctx.context.internalAdapter.deleteVerificationByIdentifier(state);
        clearStateCookie(ctx, "douyin");
        await startSession(ctx, "douyin", user);
        return ctx.json({ status: "done" as const, returnTo: pending.returnTo });
      }),
    },
  } satisfies BetterAuthPlugin;
}
