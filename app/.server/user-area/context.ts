import { data, redirect } from "react-router";
import { assertSameOrigin } from "../auth/guards";
import { readBodyText } from "../http/json-api";
import type { SubmitRefused } from "../submissions/submit";
import { localizedPath, splitLangPath, type Lang } from "~/i18n/languages";
import { getSessionUser } from "../auth/session";
import type { SessionUser } from "../auth/users";
import { getFixedT } from "../i18n";
import type { PageSeo } from "~/lib/seo";

/** What every page of the user area (`/user/*`, `/{lang}/user/*`) starts from. */
export interface AreaContext {
  lang: Lang;
  /** A path in the area, prefixed the way the current URL is (`/ja/user/orders` or `/user/orders`). */
  path: (rest: string) => string;
  user: SessionUser | null;
}

export async function areaContext(request: Request): Promise<AreaContext> {
  const { lang, prefixed } = splitLangPath(new URL(request.url).pathname);
  const user = await getSessionUser(request);
  return { lang, path: (rest) => (prefixed ? localizedPath(lang, rest) : rest), user };
}

/** Spec 6: signed-out visitors of pages that need an account go to the dashboard, which asks them to sign in. */
export async function requireAreaUser(request: Request): Promise<AreaContext & { user: SessionUser }> {
  const context = await areaContext(request);
  if (!context.user) throw redirect(context.path("/user/dashboard"));
  return context as AreaContext & { user: SessionUser };
}

/** The address Express resolved for this request (set by the HTTP edge; never the client's own claim). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-ip") || "unknown";
}

/** Title and description of a user-area page; never indexed. */
export async function areaSeo(lang: Lang, page: string): Promise<PageSeo> {
  const [t, tc] = await Promise.all([getFixedT(lang, "account"), getFixedT(lang, "common")]);
  return { title: `${t(`${page}.title`)} | ${tc("site.name")}`, description: t(`${page}.intro`), noindex: true };
}

/** Who a submission came from, as the administrators' mail names them. */
export function submitterOf(user: SessionUser): string {
  return user.email ? `${user.name} <${user.email}>` : `${user.name} (${user.loginType})`;
}

/** A page form's fields: writes come from our own pages, and a form body is small (64 KB). */
export async function readForm(request: Request): Promise<URLSearchParams> {
  assertSameOrigin(request);
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) throw data({ error: { code: "badRequest" } }, { status: 415 });
  return new URLSearchParams(await readBodyText(request));
}

/** The page answer for a refused submission: its code, field and details, with the status. */
export function refusal(error: SubmitRefused) {
  return data({ ok: false as const, error: { code: error.code, field: error.field, details: error.details } }, { status: error.status });
}
