import { useState, type FormEvent } from "react";
import { useRouteLoaderData } from "react-router";
import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";

/**
 * The newsletter's subscribe box (footer, and after a tool submission). Hidden when the site has no SMTP
 * server (`newsletter` of the root loader). The server checks the address and answers in the page's language.
 */
export function NewsletterBox({ source = "footer" }: { source?: "footer" | "submission" }) {
  const root = useRouteLoaderData("root") as { newsletter?: boolean } | undefined;
  const t = useT("common");
  const lang = useLang();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "busy" | "done" | "error"; message?: string }>({ kind: "idle" });
  if (!root?.newsletter) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: "busy" });
    try {
      const res = await fetch("/api/newsletter/subscribe", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, lang, source }) });
      if (res.ok) return setState({ kind: "done" });
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setState({ kind: "error", message: res.status === 400 || res.status === 429 ? body?.error?.message : undefined });
    } catch {
      setState({ kind: "error" });
    }
  }

  const id = `newsletter-${source}`;
  return (
    <section className={source === "footer" ? "mt-4" : "mx-auto mt-6 max-w-md text-left"} aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">{t("newsletter.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{source === "footer" ? t("newsletter.intro") : t("newsletter.afterSubmission")}</p>
      {state.kind === "done" ? (
        <p role="status" className="mt-2 text-sm font-medium text-emerald-800">{t("newsletter.checkInbox")}</p>
      ) : (
        <form className="mt-2 flex flex-wrap gap-2" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-email`} className="sr-only">{t("newsletter.label")}</label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t("newsletter.label")}
            aria-invalid={state.kind === "error" || undefined}
            aria-describedby={state.kind === "error" ? `${id}-error` : undefined}
            className="min-w-0 flex-1 basis-40 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" disabled={state.kind === "busy"} className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60">
            {t("newsletter.submit")}
          </button>
          {state.kind === "error" ? (
            <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">{state.message ?? t("newsletter.error")}</p>
          ) : null}
        </form>
      )}
    </section>
  );
}
