import { data } from "react-router";
import { z } from "zod";
import { adminLanguage, ADMIN_NO_STORE } from "~/.server/admin/language";
import { assertSameOrigin, requireAdmin } from "~/.server/auth/guards";
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { readBodyText } from "~/.server/http/json-api";
import { loadBundles } from "~/.server/i18n";
import { getLogger } from "~/.server/logger";
import { newsletterOverview, previewDigest, sendTestDigest } from "~/.server/newsletter/admin";
import { NewsletterAdmin } from "~/components/feeds/newsletter-admin";
import { useRouteBundles } from "~/i18n/hooks";
import { LANGUAGES } from "~/i18n/languages";
import type { Route } from "./+types/admin.newsletter";

/** Admin: the newsletter's subscribers, issues and sends, unsubscribes, a preview per language and a test send. */
const query = z.object({ lang: z.enum(LANGUAGES).optional().catch(undefined) });
const testForm = z.object({ lang: z.enum(LANGUAGES) });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request, "page");
  // The preview starts in the admin's own language; the select shows any other.
  const previewLang = query.parse(Object.fromEntries(new URL(request.url).searchParams)).lang ?? adminLanguage(request);
  const config = getConfig();
  const db = getDb();
  const [overview, preview, bundles] = await Promise.all([newsletterOverview(db, config), previewDigest(db, previewLang, config.publicUrl), loadBundles(adminLanguage(request), ["newsletter"])]);
  return data({ overview, preview, previewLang, adminEmail: user.email ?? "", bundles, testSent: false }, { headers: ADMIN_NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request, "page");
  assertSameOrigin(request);
  const form = testForm.safeParse(Object.fromEntries(new URLSearchParams(await readBodyText(request, 1024))));
  if (!form.success) throw data("Choose a language.", { status: 400 });
  const config = getConfig();
  if (!config.SMTP_URL) throw data("SMTP_URL is not set.", { status: 409 });
  if (!user.email) throw data("Your account has no e-mail address to send the test to.", { status: 409 });
  try {
    await sendTestDigest(getDb(), form.data.lang, user.email, config);
  } catch (error) {
    // A refused or unreachable mail server is the admin's to fix: said on the page, not a crash page.
    getLogger().warn({ err: error }, "newsletter test send failed");
    return { testSent: false, testFailed: true };
  }
  return { testSent: true, testFailed: false };
}

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;
export const meta: Route.MetaFunction = () => [{ title: "Newsletter" }, { name: "robots", content: "noindex" }];

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  return <NewsletterAdmin {...loaderData} testSent={Boolean(actionData?.testSent)} testFailed={Boolean(actionData?.testFailed)} />;
}
