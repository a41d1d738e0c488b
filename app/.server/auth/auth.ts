import { betterAuth } from "better-auth";
import { bearer, genericOAuth, lastLoginMethod, magicLink, twoFactor } from "better-auth/plugins";
import { getConfig, type Config } from "../config";
import { getDb, type DB } from "../db";
import { getLogger } from "../logger";
import { betterAuthDatabase } from "../db/better-auth";
import { githubProvider, googleProvider } from "./oauth-providers";
import { magicLinkMail, verificationMail } from "./mail-templates";
import { mailDeliverable, sendMail } from "./mail";
import { qrLogin } from "./qr-login";
import { upsertProfile } from "./users";

/** Sign-in, sign-up and magic-link requests allowed per client address and minute. */
export const SIGN_IN_LIMIT = { window: 60, max: 5 };

/**
 * The one better-auth instance: sessions in the app database (shared by all
 * instances), httpOnly SameSite=Lax cookies (Secure on https), mounted at /api/auth.
 */
export function createAuth(db: DB, config: Config) {
  const secureCookies = config.publicUrl.startsWith("https:");
  if (config.isProduction && !secureCookies) {
    getLogger().warn({ publicUrl: config.publicUrl }, "PUBLIC_URL is not https: session cookies are sent without the Secure flag");
  }
  const wechat =
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? { appId: config.WECHAT_APP_ID, appSecret: config.WECHAT_APP_SECRET, apiBase: config.WECHAT_API_BASE, openBase: config.WECHAT_OPEN_BASE }
      : null;
  const douyin =
    config.DOUYIN_CLIENT_KEY && config.DOUYIN_CLIENT_SECRET
      ? { clientKey: config.DOUYIN_CLIENT_KEY, clientSecret: config.DOUYIN_CLIENT_SECRET, apiBase: config.DOUYIN_API_BASE }
      : null;
  const oauthProviders = [googleProvider(config), githubProvider(config)].filter((p) => p !== null);

  return betterAuth({
    appName: "AI Tools Directory",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: betterAuthDatabase(db),
    trustedOrigins: [config.publicUrl],
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    user: { deleteUser: { enabled: false } },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google", "github"] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    emailVerification: {
      // Without a way to deliver mail a password account is simply signed in (autoSignIn), not sent a link.
      sendOnSignUp: mailDeliverable(config),
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        await sendMail({ to: user.email, ...(await verificationMail(url, request?.headers.get("referer") ?? null)) }, config);
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/*": SIGN_IN_LIMIT,
        "/sign-up/*": SIGN_IN_LIMIT,
        "/two-factor/*": SIGN_IN_LIMIT,
        "/wechat/start": { window: 60, max: 20 },
        "/douyin/start": { window: 60, max: 20 },
        "/douyin/status": { window: 60, max: 60 },
        "/get-session": false,
      },
    },
    advanced: {
      useSecureCookies: secureCookies,
      // Always on: better-auth would otherwise skip origin checks whenever TEST is set in the environment.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies },
      // The Express mount puts the address Express resolved (trust proxy) in this header.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await upsertProfile(db, user.id, { displayName: user.name || null, avatarUrl: user.image ?? null });
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: 15 * 60,
        sendMagicLink: async ({ email, url, metadata }) => {
          await sendMail({ to: email, ...(await magicLinkMail(url, metadata?.lang)) }, config);
        },
      }),
      ...(oauthProviders.length > 0 ? [genericOAuth({ config: oauthProviders })] : []),
      twoFactor({ issuer: "AI Tools Directory" }),
      lastLoginMethod({
        storeInDatabase: true,
        customResolveMethod: (ctx) => {
          if (ctx.path.startsWith("/magic-link/verify") || ctx.path === "/verify-email") return "email";
          return null;
        },
      }),
      // The admin API accepts `Authorization: Bearer <session token>`; only signed tokens (as sign-in returns them).
      bearer({ requireSignature: true }),
      qrLogin({
        db,
        publicUrl: config.publicUrl,
        wechat,
        douyin,
        douyinDemo: !config.isProduction && !douyin,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

export function getAuth(): Auth {
  instance ??= createAuth(getDb(), getConfig());
  return instance;
}

/** Which sign-in methods the login dialog offers (providers without credentials are hidden). */
export function enabledMethods(config: Config = getConfig()) {
  return {
    google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    github: Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
    wechat: Boolean(config.WECHAT_APP_ID && config.WECHAT_APP_SECRET),
    douyin: Boolean(config.DOUYIN_CLIENT_KEY && config.DOUYIN_CLIENT_SECRET) || !config.isProduction,
    douyinDemo: !config.isProduction && !(config.DOUYIN_CLIENT_KEY && config.DOUYIN_CLIENT_SECRET),
    /** Magic links and verification mail need a way to deliver mail: SMTP, or the local outbox outside production. */
    emailLinks: mailDeliverable(config),
  };
}

export type EnabledMethods = ReturnType<typeof enabledMethods>;
