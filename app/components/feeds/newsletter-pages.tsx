import { Form } from "react-router";
import { useLocalizedPath } from "~/i18n/hooks";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { NewsletterPage } from "~/.server/newsletter/pages";

const box = "mx-auto max-w-lg space-y-4 rounded-2xl border border-slate-200 bg-white p-6";
const button = "rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700";

/** Confirm, unsubscribe and preferences pages of the newsletter. */
export function NewsletterPageView({ page }: { page: NewsletterPage }) {
  const t = useT("newsletter");
  const to = useLocalizedPath();
  const home = <a className="text-sm text-brand-700 hover:underline" href={to("/")}>{t("page.backHome")}</a>;
  if (page.kind === "confirm") {
    return (
      <section className={box} data-testid="newsletter-confirm">
        <h1 className="text-2xl font-bold text-slate-900">{t("page.confirmTitle")}</h1>
        <p role="status" className="text-slate-700">{t(page.result === "confirmed" ? "page.confirmed" : page.result === "already" ? "page.already" : "page.invalid")}</p>
        {home}
      </section>
    );
  }
  if (page.kind === "unsubscribe") {
    return (
      <section className={box} data-testid="newsletter-unsubscribe">
        <h1 className="text-2xl font-bold text-slate-900">{t("page.unsubscribeTitle")}</h1>
        {page.state === "ask" ? (
          <Form method="post" className="space-y-4">
            <p className="break-words text-slate-700">{t("page.unsubscribeQuestion", { email: page.email })}</p>
            <button type="submit" className={button}>{t("page.unsubscribeButton")}</button>
          </Form>
        ) : (
          <p role="status" className="text-slate-700">{t(page.state === "done" ? "page.unsubscribed" : "page.invalid")}</p>
        )}
        {home}
      </section>
    );
  }
  if (page.state === "invalid") {
    return (
      <section className={box}>
        <h1 className="text-2xl font-bold text-slate-900">{t("page.preferencesTitle")}</h1>
        <p className="text-slate-700">{t("page.invalid")}</p>
        {home}
      </section>
    );
  }
  return (
    <section className={box} data-testid="newsletter-preferences">
      <h1 className="text-2xl font-bold text-slate-900">{t("page.preferencesTitle")}</h1>
      <p className="break-words text-sm text-slate-600">{page.email}</p>
      <Form method="post" className="space-y-4">
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">{t("page.languageLabel")}</span>
          <select name="language" defaultValue={page.language} className="w-full rounded-md border border-slate-300 px-3 py-2">
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>{LANGUAGE_NAMES[lang]}</option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="subscribed" defaultChecked={page.subscribed} className="h-4 w-4" />
          {t("page.subscribedLabel")}
        </label>
        <button type="submit" className={button}>{t("page.save")}</button>
        {page.state === "saved" ? <p role="status" className="text-sm text-emerald-800">{t("page.saved")}</p> : null}
      </Form>
      {home}
    </section>
  );
}
