import { z } from "zod";

/**
 * Server-side calls to WeChat's and Douyin's OAuth APIs (spec 7.1). Secrets
 * stay here: the browser only ever sees the authorize URL.
 */
export interface ProviderProfile {
  openId: string;
  unionId: string | null;
  nickname: string | null;
  avatar: string | null;
  accessToken: string;
}

export class ProviderError extends Error {
  constructor(
    readonly step: "token" | "userinfo",
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`non-JSON answer (HTTP ${response.status})`);
  }
}

// ---- WeChat (website application, scope snsapi_login) ----

export interface WechatSettings {
  appId: string;
  appSecret: string;
  apiBase: string;
  openBase: string;
}

/** QR page WeChat renders inside the dialog (what WeChat's wxLogin.js embeds as an iframe). */
export function wechatQrUrl(settings: WechatSettings, redirectUri: string, state: string): string {
  const url = new URL("/connect/qrconnect", settings.openBase);
  url.search = new URLSearchParams({
    appid: settings.appId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "snsapi_login",
    state,
    login_type: "jssdk",
    self_redirect: "false",
  }).toString();
  return `${url.toString()}#wechat_redirect`;
}

const wechatError = z.object({ errcode: z.number(), errmsg: z.string().optional() });
const wechatToken = z.object({ access_token: z.string().min(1), openid: z.string().min(1), unionid: z.string().optional() });
const wechatUser = z.object({
  openid: z.string(),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
  unionid: z.string().optional(),
});

export async function exchangeWechatCode(settings: WechatSettings, code: string): Promise<ProviderProfile> {
  const tokenUrl = new URL("/sns/oauth2/access_token", settings.apiBase);
  tokenUrl.search = new URLSearchParams({
    appid: settings.appId,
    secret: settings.appSecret,
    code,
    grant_type: "authorization_code",
  }).toString();
  const tokenBody = await getJson(tokenUrl.toString()).catch((e: Error) => {
    throw new ProviderError("token", e.message);
  });
  const tokenFailure = wechatError.safeParse(tokenBody);
  if (tokenFailure.success && tokenFailure.data.errcode !== 0) {
    throw new ProviderError("token", `${tokenFailure.data.errcode} ${tokenFailure.data.errmsg ?? ""}`.trim());
  }
  const token = wechatToken.safeParse(tokenBody);
  if (!token.success) throw new ProviderError("token", "malformed token answer");

  const infoUrl = new URL("/sns/userinfo", settings.apiBase);
  infoUrl.search = new URLSearchParams({ access_token: token.data.access_token, openid: token.data.openid, lang: "zh_CN" }).toString();
  const infoBody = await getJson(infoUrl.toString()).catch((e: Error) => {
    throw new ProviderError("userinfo", e.message);
  });
  const infoFailure = wechatError.safeParse(infoBody);
  if (infoFailure.success && infoFailure.data.errcode !== 0) {
    throw new ProviderError("userinfo", `${infoFailure.data.errcode} ${infoFailure.data.errmsg ?? ""}`.trim());
  }
  const info = wechatUser.safeParse(infoBody);
  if (!info.success) throw new ProviderError("userinfo", "malformed user info");
  return {
    openId: token.data.openid,
    unionId: info.data.unionid ?? token.data.unionid ?? null,
    nickname: info.data.nickname || null,
    avatar: info.data.headimgurl || null,
    accessToken: token.data.access_token,
  };
}

// ---- Douyin (scope user_info) ----

export interface DouyinSettings {
  clientKey: string;
  clientSecret: string;
  apiBase: string;
}

export function douyinAuthorizeUrl(settings: DouyinSettings, redirectUri: string, state: string): string {
  const url = new URL("/platform/oauth/connect/", settings.apiBase);
  url.search = new URLSearchParams({
    client_key: settings.clientKey,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "user_info",
    state,
  }).toString();
  return url.toString();
}

const douyinEnvelope = z.object({
  data: z
    .object({ error_code: z.number().optional(), description: z.string().optional() })
    .passthrough()
    .optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
});
const douyinToken = z.object({ access_token: z.string().min(1), open_id: z.string().min(1) });
const douyinUser = z.object({
  open_id: z.string(),
  union_id: z.string().optional(),
  nickname: z.string().optional(),
  avatar: z.string().optional(),
});

function douyinData(body: unknown, step: ProviderError["step"]): Record<string, unknown> {
  const parsed = douyinEnvelope.safeParse(body);
  if (!parsed.success) throw new ProviderError(step, "malformed answer");
  const code = parsed.data.data?.error_code ?? parsed.data.error_code ?? 0;
  if (code !== 0) {
    throw new ProviderError(step, `${code} ${parsed.data.data?.description ?? parsed.data.description ?? ""}`.trim());
  }
  return parsed.data.data ?? {};
}

export async function exchangeDouyinCode(settings: DouyinSettings, code: string): Promise<ProviderProfile> {
  const tokenBody = await getJson(new URL("/oauth/access_token/", settings.apiBase).toString(), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_key: settings.clientKey,
      client_secret: settings.clientSecret,
      code,
      grant_type: "authorization_code",
    }).toString(),
  }).catch((e: Error) => {
    throw new ProviderError("token", e.message);
  });
  const token = douyinToken.safeParse(douyinData(tokenBody, "token"));
  if (!token.success) throw new ProviderError("token", "malformed token answer");

  const infoUrl = new URL("/oauth/userinfo/", settings.apiBase);
  infoUrl.search = new URLSearchParams({ access_token: token.data.access_token, open_id: token.data.open_id }).toString();
  const infoBody = await getJson(infoUrl.toString()).catch((e: Error) => {
    throw new ProviderError("userinfo", e.message);
  });
  const info = douyinUser.safeParse(douyinData(infoBody, "userinfo"));
  if (!info.success) throw new ProviderError("userinfo", "malformed user info");
  return {
    openId: token.data.open_id,
    unionId: info.data.union_id ?? null,
    nickname: info.data.nickname || null,
    avatar: info.data.avatar || null,
    accessToken: token.data.access_token,
  };
}
