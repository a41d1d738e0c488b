import type { GenericOAuthConfig } from "better-auth/plugins";
import { z } from "zod";
import type { Config } from "../config";

/**
 * Google and GitHub through better-auth's generic OAuth provider, whose
 * endpoints are configurable: production uses the real hosts, tests point
 * GOOGLE_ISSUER / GITHUB_OAUTH_BASE / GITHUB_API_BASE at fake servers on loopback.
 * Started with POST /api/auth/sign-in/social; callback /api/auth/callback/{google|github}.
 */
export function googleProvider(config: Config): GenericOAuthConfig | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  const issuer = config.GOOGLE_ISSUER.replace(/\/+$/, "");
  return {
    providerId: "google",
    name: "Google",
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    prompt: "select_account",
    mapProfileToUser: (profile) => ({
      name: typeof profile.name === "string" ? profile.name : undefined,
      image: typeof profile.picture === "string" ? profile.picture : undefined,
      emailVerified: profile.email_verified === true || profile.email_verified === "true",
    }),
  };
}

const githubUser = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

export function githubProvider(config: Config): GenericOAuthConfig | null {
  if (!config.GITHUB_CLIENT_ID || !config.GITHUB_CLIENT_SECRET) return null;
  const oauthBase = config.GITHUB_OAUTH_BASE.replace(/\/+$/, "");
  const apiBase = config.GITHUB_API_BASE.replace(/\/+$/, "");
  return {
    providerId: "github",
    name: "GitHub",
    clientId: config.GITHUB_CLIENT_ID,
    clientSecret: config.GITHUB_CLIENT_SECRET,
    authorizationUrl: `${oauthBase}/login/oauth/authorize`,
    tokenUrl: `${oauthBase}/login/oauth/access_token`,
    scopes: ["read:user", "user:email"],
    // GitHub hides private addresses from /user; the verified primary one comes from /user/emails.
    getUserInfo: async (tokens) => {
      const headers = { authorization: `Bearer ${tokens.accessToken}`, accept: "application/vnd.github+json", "user-agent": "ai-tools-directory" };
      const userResponse = await fetch(`${apiBase}/user`, { headers, signal: AbortSignal.timeout(10_000) });
      if (!userResponse.ok) return null;
      const profile = githubUser.safeParse(await userResponse.json());
      if (!profile.success) return null;
      const emailsResponse = await fetch(`${apiBase}/user/emails`, { headers, signal: AbortSignal.timeout(10_000) });
      const emails = emailsResponse.ok ? githubEmails.safeParse(await emailsResponse.json()) : null;
      const list = emails?.success ? emails.data : [];
      const chosen = list.find((e) => e.primary && e.verified) ?? list.find((e) => e.email === profile.data.email);
      const email = chosen?.email ?? profile.data.email ?? null;
      if (!email) return null;
      return {
        id: String(profile.data.id),
        name: profile.data.name || profile.data.login,
        email,
        image: profile.data.avatar_url ?? undefined,
        emailVerified: chosen?.verified ?? false,
      };
    },
  };
}
