import { useT } from "~/i18n/translator";
import { readOutbox } from "~/.server/auth/mail";
import { getConfig } from "~/.server/config";
import type { Route } from "./+types/dev.mailbox";

/**
 * Development mailbox: mail written to the local outbox when SMTP_URL is unset,
 * so a fresh install can sign in by magic link without any mail account.
 * Never available in production.
 */
export async function loader() {
  if (getConfig().isProduction) throw new Response("Not Found", { status: 404 });
  return { messages: await readOutbox() };
}

export const meta: Route.MetaFunction = () => [{ title: "Mailbox" }, { name: "robots", content: "noindex" }];

/** Links in the mail, so they can be followed without opening raw HTML. */
function linksIn(text: string): string[] {
  return Array.from(new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? []));
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const t = useT("user");
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">{t("mailbox.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("mailbox.note")}</p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 text-slate-500">{t("mailbox.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="mailbox-message">
              <p className="font-medium text-slate-900">{message.subject}</p>
              <p className="text-xs text-slate-500">
                {t("mailbox.to")}: {message.to} · {t("mailbox.sentAt")}: <time dateTime={message.sentAt}>{message.sentAt.replace("T", " ").slice(0, 19)} UTC</time>
              </p>
              <pre className="mt-3 whitespace-pre-wrap break-all text-sm text-slate-700">{message.text}</pre>
              {linksIn(message.text).map((link) => (
                <a key={link} href={link} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline" data-testid="mailbox-link">
                  {t("mailbox.open")} →
                </a>
              ))}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
