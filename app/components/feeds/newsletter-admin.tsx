import { Form } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Lang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { NewsletterOverview } from "~/.server/newsletter/admin";

interface Props {
  overview: NewsletterOverview;
  preview: { subject: string; html: string };
  previewLang: Lang;
  adminEmail: string;
  testSent: boolean;
  /** The mail server refused the test or could not be reached. */
  testFailed?: boolean;
}

const languageName = (code: string) => LANGUAGE_NAMES[code as Lang] ?? code;
const card = "rounded-2xl border border-slate-200 bg-white p-5";
const button = "rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50";

/** The admin's newsletter screen. */
export function NewsletterAdmin({ overview, preview, previewLang, adminEmail, testSent, testFailed }: Props) {
  const t = useT("newsletter");
  const { subscribers } = overview;
  return (
    <div className="space-y-6" data-testid="admin-newsletter">
      <h1 className="text-2xl font-bold text-slate-900">{t("admin.title")}</h1>
      {!overview.enabled ? (
        <p role="status" id="newsletter-off" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="newsletter-off">{t("admin.smtpMissing")}</p>
      ) : null}
      <section className={card} aria-labelledby="nl-subscribers">
        <h2 id="nl-subscribers" className="font-semibold text-slate-900">{t("admin.subscribers")}</h2>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          {(["active", "pending", "unsubscribed"] as const).map((key) => (
            <div key={key} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{t(`admin.${key}`)}</dt>
              <dd className="text-2xl font-semibold text-slate-900" data-testid={`nl-${key}`}>{subscribers[key]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={card} aria-labelledby="nl-preview">
        <h2 id="nl-preview" className="font-semibold text-slate-900">{t("admin.preview")}</h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block text-slate-700">{t("admin.language")}</span>
            <select name="lang" defaultValue={previewLang} className="rounded-md border border-slate-300 px-3 py-2">
              {LANGUAGES.map((lang) => (
                <option key={lang} value={lang}>{LANGUAGE_NAMES[lang]}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">{t("admin.show")}</button>
        </Form>
        <p className="mt-3 text-sm font-medium break-words text-slate-900">{preview.subject}</p>
        <iframe title={preview.subject} srcDoc={preview.html} sandbox="" className="mt-2 h-96 w-full rounded-lg border border-slate-200 bg-white" />
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <input type="hidden" name="lang" value={previewLang} />
          <button type="submit" className={`${button} text-left [overflow-wrap:anywhere]`} disabled={!overview.enabled} aria-describedby={overview.enabled ? undefined : "newsletter-off"}>
            {t("admin.sendTest", { email: adminEmail })}
          </button>
          {overview.enabled ? null : <span className="text-sm text-slate-600">{t("adminSend.smtpMissingShort")}</span>}
        </Form>
        {testSent ? <p role="status" className="mt-2 text-sm text-emerald-800">{t("admin.testSent", { email: adminEmail })}</p> : null}
        {testFailed ? <p role="alert" className="mt-2 text-sm text-red-700" data-testid="newsletter-test-failed">{t("adminSend.testFailed")}</p> : null}
      </section>

      <section className={card} aria-labelledby="nl-issues">
        <h2 id="nl-issues" className="font-semibold text-slate-900">{t("admin.issues")}</h2>
        {overview.issues.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("admin.none")}</p> : (
          <>
            {/* Phones: one line per issue, so no column hides off-screen; wider screens: the table. */}
            <ul className="mt-3 space-y-2 text-sm sm:hidden" data-testid="nl-issues-list">
              {overview.issues.map((issue) => (
                <li key={issue.id} className="rounded-lg bg-slate-50 p-2">
                  <p className="font-medium text-slate-900">{issue.week} · {languageName(issue.language)}</p>
                  <p className="text-slate-700">
                    {t("admin.sent")} {issue.sent} · {t("admin.failed")} {issue.failed} · {t("admin.unknown")} {issue.unknown}
                  </p>
                </li>
              ))}
            </ul>
            <table className="mt-3 hidden w-full text-left text-sm sm:table">
              <thead>
                <tr className="text-slate-600">
                  <th className="py-1 pr-3 font-medium">{t("admin.week")}</th>
                  <th className="py-1 pr-3 font-medium">{t("admin.language")}</th>
                  <th className="py-1 pr-3 font-medium">{t("admin.sent")}</th>
                  <th className="py-1 pr-3 font-medium">{t("admin.failed")}</th>
                  <th className="py-1 font-medium">{t("admin.unknown")}</th>
                </tr>
              </thead>
              <tbody>
                {overview.issues.map((issue) => (
                  <tr key={issue.id} className="border-t border-slate-100">
                    <td className="py-1 pr-3 whitespace-nowrap">{issue.week}</td>
                    <td className="py-1 pr-3">{languageName(issue.language)}</td>
                    <td className="py-1 pr-3">{issue.sent}</td>
                    <td className="py-1 pr-3">{issue.failed}</td>
                    <td className="py-1">{issue.unknown}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>

      <section className={card} aria-labelledby="nl-unsubscribes">
        <h2 id="nl-unsubscribes" className="font-semibold text-slate-900">{t("admin.recentUnsubscribes")}</h2>
        {overview.unsubscribes.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("admin.none")}</p> : (
          <ul className="mt-2 space-y-1 text-sm">
            {overview.unsubscribes.map((u, index) => (
              <li key={index} className="break-words text-slate-700">{u.email} · {languageName(u.language)} · {u.at.slice(0, 10)}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
