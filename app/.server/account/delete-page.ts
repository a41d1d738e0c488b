import { data, redirect } from "react-router";
import { z } from "zod";
import { getAuth } from "../auth/auth";
import { forgetSession } from "../auth/session-ids";
import { getConfig } from "../config";
import { getDb } from "../db";
import { getLogger } from "../logger";
import { areaContext, readForm, requireAreaUser } from "../user-area/context";
import { deleteAccount, LastAdministratorError } from "./delete-account";

/**
 * The "delete my account" page's data and its one post. Accounts with a password confirm with it; accounts
 * that sign in another way (Google, GitHub, WeChat, a link by mail) confirm with a tick, shown after the
 * explanation of what goes. Both tick the box: nothing is deleted by one stray click.
 */
const fields = z.object({
  confirm: z.literal("yes", { message: "confirm" }),
  password: z.string().max(1024).optional(),
});

export type DeleteAccountError = "confirm" | "password" | "lastAdmin";

async function passwordHashOf(userId: string): Promise<string | null> {
  const row = await getDb().selectFrom("account").select("password").where("userId", "=", userId).where("providerId", "=", "credential").executeTakeFirst();
  return row?.password ?? null;
}

/** The form for the signed-in user; after a deletion (`?done=1`, signed out by then) the confirmation. */
export async function loadDeletePage(request: Request) {
  const context = await areaContext(request);
  if (!context.user && new URL(request.url).searchParams.get("done") === "1") return { done: true, hasPassword: false };
  const { user } = await requireAreaUser(request);
  return { done: false, hasPassword: (await passwordHashOf(user.id)) !== null };
}

function refused(error: DeleteAccountError, status = 400) {
  return data({ ok: false as const, error }, { status });
}

/** Clears the session cookie under either name the site uses (plain http, or `__Host-` on https). */
function clearSessionCookies(): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  headers.append("Set-Cookie", "__Host-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax");
  return headers;
}

export async function handleDeletePost(request: Request) {
  const { user, path } = await requireAreaUser(request);
  const form = await readForm(request);
  const parsed = fields.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused("confirm");
  const hash = await passwordHashOf(user.id);
  if (hash !== null) {
    const ctx = await getAuth().$context;
    const password = parsed.data.password ?? "";
    if (!password || !(await ctx.password.verify({ hash, password }))) return refused("password");
  }
  const db = getDb();
  const tokens = await db.selectFrom("session").select("token").where("userId", "=", user.id).execute();
  try {
    const removed = await deleteAccount(db, user.id, { adminEmails: getConfig().adminEmails });
    getLogger().info({ userId: user.id, removed }, "account deleted by its owner");
  } catch (error) {
    if (error instanceof LastAdministratorError) return refused("lastAdmin", 409);
    throw error;
  }
  for (const { token } of tokens) forgetSession(token);
  const headers = clearSessionCookies();
  return redirect(`${path("/user/delete-account")}?done=1`, { headers });
}
