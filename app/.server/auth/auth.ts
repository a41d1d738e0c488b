import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { bearer, genericOAuth, lastLoginMethod, magicLink, twoFactor } from "better-auth/plugins";
import { getConfig, type Config } from "../config";
import { getDb, type DB } from "../db";
import { getLogger } from "../logger";
import { betterAuthDatabase } from "../db/better-auth";
import { githubProvider, googleProvider } from "./oauth-providers";
import { magicLinkMail, resetPasswordMail, verificationMail } from "./mail-templates";
import { mailDeliverable, sendMail } from "./mail";
import { qrLogin } from "./qr-login";
import { assertDisplayNameAllowed, assertPasswordAllowed, boundedPasswordHashing } from "./password-policy";
import { takeOverUnverifiedAccount } from "./account-takeover";
import { isAllowedProfileImage, keptProfileImage } from "./profile-image";
import { ensureProfile, upsertProfile } from "./users";
import { forgetSession } from "./session-ids";
import { acceptedOrigins, signInAddress } from "./site-origins";

/** Endpoints that only work by sending mail: without a way to deliver it they answer one clear 400 for every address. */
const MAIL_ONLY_PATHS = new Set(["/sign-in/magic-link", "/send-verification-email", "/request-password-reset"]);

/**
 * better-auth's own messages go to the app's log. A refused origin or callback URL is someone else's
 * page posting here (expected traffic): one warn line, not an error (the request line says 403 too).
 */
const REFUSED_ORIGIN = /^Invalid (?:origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL):/;

function logThroughPino(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]): void {
  const logger = getLogger();
  if (REFUSED_ORIGIN.test(message)) return logger.warn({ reason: message.slice(0, 300) }, "cross-origin write refused");
  const err = args.find((arg) => arg instanceof Error);
  // Its info lines are hints for developers (e.g. which trustedOrigins to add), not events of the site.
  logger[level === "info" ? "debug" : level]({ source: "better-auth", ...(err ? { err } : {}) }, message.slice(0, 1000));
}

/** Whose password a reset link sets (their address and name count against a new password), or nobody. */
async function resettingUser(
  adapter: { findVerificationValue(id: string): Promise<{ value: string } | null>; findUserById(id: string): Promise<{ email: string; name: string } | null> },
  token: unknown,
): Promise<{ email?: string; name?: string }> {
  if (typeof token !== "string" || token.length > 200) return {};
  const verification = await adapter.findVerificationValue(`reset-password:${token}`);
  const user = verification ? await adapter.findUserById(verification.value) : null;
  return user ? { email: user.email, name: user.name } : {};
}

/** Sign-in, sign-up and magic-link requests allowed per client address and minute. */
export const SIGN_IN_LIMIT = { window: 60, max: 5 };

/**
 * The one better-auth instance: sessions in the app database (shared by all
 * instances), httpOnly SameSite=Lax cookies (Secure on https), mounted at /api/auth.
 */
export function createAuth(db: DB, config: Config) {
  const secureCookies = config.publicUrl.startsWith("https:");
  const deliverable = mailDeliverable(config);
  // Mail that cannot be sent is logged, never an error the caller sees: the answer must not depend on the address.
  const sendQuietly = async (mail: Parameters<typeof sendMail>[0]) => {
    await sendMail(mail, config).catch((error: unknown) => getLogger().error({ err: error }, "sending sign-in mail failed"));
  };
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
    // "info": at "warn" better-auth also prints every refused request's message through its own console logger.
    logger: { level: "info", log: logThroughPino },
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: betterAuthDatabase(db),
    // PUBLIC_URL's origin, or on a local start every loopback name of the port (read per request: PORT may be 0
    // until the server listens).
    trustedOrigins: () => acceptedOrigins(config),
    // Every instance reads the session row on each request: no cookie cache (a copy of the session in a
    // signed cookie would outlive a sign-out or revocation made through another instance), and no
    // secondaryStorage (an in-memory one would exist in one process only).
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, cookieCache: { enabled: false } },
    user: { deleteUser: { enabled: false } },
    account: {
      // A provider links to an existing account only when it vouches for the address (emailVerified); an
      // account whose address was never verified is then taken over (see account-takeover.ts).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same whether or not the address is taken (no session either way, so nothing
      // tells them apart); the dialog then signs in with the same password, as for any account.
      autoSignIn: false,
      requireEmailVerification: false,
      // The stand-in user answered for a taken address carries every field a new one has, with the same values.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        twoFactorEnabled: false,
        lastLoginMethod: "email",
        ...additionalFields,
        id,
      }),
      password: boundedPasswordHashing,
      ...(deliverable
        ? {
            sendResetPassword: async ({ user, url }: { user: { email: string }; url: string }, request?: Request) => {
              await sendQuietly({ to: user.email, ...(await resetPasswordMail(url, request?.headers.get("referer") ?? null)) });
            },
          }
        : {}),
    },
    emailVerification: {
      // Without a way to deliver mail a password account is simply signed in (autoSignIn), not sent a link.
      sendOnSignUp: deliverable,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        await sendQuietly({ to: user.email, ...(await verificationMail(url, request?.headers.get("referer") ?? null)) });
      },
    },
    rateLimit: {
      enabled: true,
      // Counted in the `rateLimit` table, so a limit holds across every instance on one database
      // (better-auth's default, memory, would give each instance its own count).
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/*": SIGN_IN_LIMIT,
        "/sign-up/*": SIGN_IN_LIMIT,
        "/two-factor/*": SIGN_IN_LIMIT,
        "/send-verification-email": SIGN_IN_LIMIT,
        "/request-password-reset": SIGN_IN_LIMIT,
        "/reset-password/*": SIGN_IN_LIMIT,
        "/wechat/start": { window: 60, max: 20 },
        "/douyin/start": { window: 60, max: 20 },
        "/douyin/status": { window: 60, max: 60 },
        "/get-session": false,
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (MAIL_ONLY_PATHS.has(ctx.path) && !deliverable) {
          throw new APIError("BAD_REQUEST", { code: "EMAIL_UNAVAILABLE", message: "This site cannot send e-mail. Sign in with a password or a provider." });
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-up/email") assertPasswordAllowed(body.password, { email: body.email, name: body.name });
        if (ctx.path === "/change-password" || ctx.path === "/set-password") {
          const session = await getSessionFromCtx(ctx).catch(() => null);
          assertPasswordAllowed(body.newPassword, { email: session?.user.email, name: session?.user.name });
        }
        if (ctx.path === "/reset-password") assertPasswordAllowed(body.newPassword, await resettingUser(ctx.context.internalAdapter, body.token ?? ctx.query?.token));
        if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") {
          assertDisplayNameAllowed(body.name);
          if (body.image !== undefined && body.image !== null && !isAllowedProfileImage(body.image, config.publicUrl)) {
            throw new APIError("BAD_REQUEST", { code: "IMAGE_URL_NOT_ALLOWED", message: "The picture must be an https address or an image uploaded to this site." });
          }
        }
      }),
    },
    advanced: {
      // On https every cookie is __Host- (Secure, Path=/, no Domain: no subdomain can set or shadow it).
      // better-auth would prefix __Secure- itself, so the prefix is named here and the flag set below.
      useSecureCookies: false,
      ...(secureCookies ? { cookiePrefix: "__Host-better-auth" } : {}),
      // Always on: better-auth would otherwise skip origin checks whenever TEST is set in the environment.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies },
      // The Express mount puts the address Express resolved (trust proxy) in this header.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    databaseHooks: {
      user: {
        // Pictures from providers (Google, GitHub, WeChat, Douyin) are kept only as https or own uploads:
        // another one is dropped, so the sign-in still succeeds.
        create: {
          before: async (user) => ({ data: { ...user, image: keptProfileImage(user.image, config.publicUrl) } }),
          after: async (user) => {
            await upsertProfile(db, user.id, { displayName: user.name || null, avatarUrl: user.image ?? null });
          },
        },
        update: {
          before: async (user) => ("image" in user && user.image ? { data: { ...user, image: keptProfileImage(user.image, config.publicUrl) } } : { data: user }),
        },
      },
      account: {
        create: { after: takeOverUnverifiedAccount },
      },
      // A process stopped between creating a user and its profile left users without one: every
      // sign-in repairs that (one insert that does nothing when the row exists).
      session: {
        create: {
          after: async (session) => {
            await ensureProfile(db, session.userId);
          },
        },
        // Sign-out and revocations: the remembered session ids of the favourite endpoints forget it at once.
        delete: {
          after: async (session) => {
            forgetSession(session.token);
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: 15 * 60,
        sendMagicLink: async ({ email, url, metadata }) => {
          await sendQuietly({ to: email, ...(await magicLinkMail(url, metadata?.lang)) });
        },
      }),
      ...(oauthProviders.length > 0 ? [genericOAuth({ config: oauthProviders })] : []),
      twoFactor({ issuer: "AI Tools Directory" }),
      lastLoginMethod({
        storeInDatabase: true,
        // Named like the other cookies (__Host- on https); the plugin does not take the prefix by itself.
        cookieName: `${secureCookies ? "__Host-" : ""}better-auth.last_used_login_method`,
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
    /** Where sign-in works, so a page opened at another address can say which one to open. */
    address: signInAddress(config),
  };
}

export type EnabledMethods = ReturnType<typeof enabledMethods>;
