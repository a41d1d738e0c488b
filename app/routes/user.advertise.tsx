import { useEffect, useState } from "react";
import { data, useFetcher, useNavigate } from "react-router";
import { AdLimitReached, adRequestSchema, audienceFigures, audienceThresholds, createAdRequest } from "~/.server/ads/requests";
import { getConfig } from "~/.server/config";
import { AD_BUDGETS } from "~/lib/ad-requests";
import { getDb } from "~/.server/db";
import { areaSeo, readForm, requireAreaUser } from "~/.server/user-area/context";
import { useSiteSendsMail } from "~/components/account/site-mail";
import { PageHeading } from "~/components/account/status-badge";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AD_CONTACT_PLATFORMS } from "~/lib/submissions";
import type { Route } from "./+types/user.advertise";

/**
 * Advertise (spec 2.4): the site's real figures (once they are worth showing: config ADVERTISE_MIN_*), five
 * services, the request form and the FAQ. A request is stored first; the administrators' mail is
 * sent after, by /api/ad/notify, so a mail failure never loses it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await requireAreaUser(request);
  const tool = new URL(request.url).searchParams.get("tool")?.slice(0, 100) ?? "";
  return { seo: await areaSeo(lang, "advertise"), figures: await audienceFigures(getDb(), audienceThresholds(getConfig())), tool, email: user.email ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const { lang, user } = await requireAreaUser(request);
  const parsed = adRequestSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    return data({ ok: false as const, id: null, error: field === "contact_email" ? "emailInvalid" : field === "tool_name" ? "toolNameRequired" : "adInvalid" }, { status: 400 });
  }
  try {
    return { ok: true as const, id: await createAdRequest(getDb(), user.id, parsed.data, lang), error: null };
  } catch (error) {
    if (error instanceof AdLimitReached) return data({ ok: false as const, id: null, error: "rateLimited" }, { status: 429 });
    throw error;
  }
}

const SERVICES = ["homepage", "category", "newsletter", "social", "review"] as const;
const FAQ = ["q1", "q2", "q3", "q4", "q5"] as const;

export default function Advertise({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const lang = useLang();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const sendsMail = useSiteSendsMail();
  const fetcher = useFetcher<typeof action>();
  const [sending, setSending] = useState(false);
  const number = new Intl.NumberFormat(lang === "us-en" ? "en-US" : lang);
  const { figures } = loaderData;

  // One notice per stored request: the effect runs when a new request id arrives, not on every re-render
  // (it used to depend on a path helper that was a new function each render, so each render posted again).
  const storedId = fetcher.data?.ok ? fetcher.data.id : null;
  useEffect(() => {
    if (!storedId) return;
    setSending(true);
    // The request is stored; telling the administrators may fail without losing it (spec 7.1: failures ignored).
    void fetch("/api/ad/notify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: storedId }) })
      .catch(() => undefined)
      .finally(() => navigate(`${to("/user/advertise/review")}?id=${storedId}`));
  }, [storedId, navigate, to]);

  const stats = figures
    ? ([
        { key: "tools", value: figures.tools },
        { key: "users", value: figures.users },
        { key: "favorites", value: figures.favorites },
        { key: "pageViews", value: figures.pageViews },
      ] as const)
    : [];
  const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";
  const label = "block text-sm font-medium text-slate-800";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <>
      <PageHeading title={t("advertise.title")} intro={t("advertise.intro")} />
      {stats.length ? (
        <section className="mb-8 grid grid-cols-2 gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white sm:grid-cols-4" data-testid="ad-stats">
          {stats.map((stat) => (
            <div key={stat.key} data-testid={`stat-${stat.key}`}>
              <p className="text-2xl font-bold" data-testid="stat-value">{number.format(stat.value)}</p>
              {/* The label agrees with the number in the page language (one user, two users; French "many" for millions). */}
              <p className="text-sm text-brand-100" data-testid="stat-label">{t(`advertise.stats.${stat.key}`, { count: stat.value })}</p>
            </div>
          ))}
        </section>
      ) : null}
      <section aria-labelledby="ad-services">
        <h2 id="ad-services" className="text-lg font-semibold text-slate-900">{t("advertise.servicesTitle")}</h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="ad-services">
          {SERVICES.map((service) => (
            <li key={service} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h3 className="font-semibold text-slate-900">{t(`advertise.services.${service}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`advertise.services.${service}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-8" aria-labelledby="ad-form-title">
        <h2 id="ad-form-title" className="text-lg font-semibold text-slate-900">{t("advertise.formTitle")}</h2>
        <fetcher.Form method="post" className="mt-3 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2" data-testid="ad-form">
          {error ? <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700 sm:col-span-2" data-testid="ad-error">{t(`advertise.errors.${error}`)}</p> : null}
          <label className={label}>
            {t("advertise.form.toolName")} <span className="text-red-600">*</span>
            <input name="tool_name" required maxLength={100} defaultValue={loaderData.tool} className={input} />
          </label>
          <label className={label}>
            {t("advertise.form.website")}
            <input name="website_url" type="url" placeholder="https://" className={input} />
          </label>
          <label className={`${label} sm:col-span-2`}>
            {t("advertise.form.description")}
            <textarea name="description" rows={3} maxLength={1000} className={input} />
          </label>
          <label className={label}>
            {t("advertise.form.budget")}
            <select name="budget" className={`${input} bg-white`} defaultValue="">
              <option value="">{t("advertise.form.budgetChoose")}</option>
              {AD_BUDGETS.map((budget) => <option key={budget} value={budget}>{t(`advertise.budgets.${budget}`)}</option>)}
            </select>
          </label>
          <label className={label}>
            {t("advertise.form.email")} <span className="text-red-600">*</span>
            <input name="contact_email" type="email" required defaultValue={loaderData.email} className={input} />
          </label>
          <label className={label}>
            {t("advertise.form.platform")}
            <select name="contact_platform" className={`${input} bg-white`} defaultValue="">
              <option value="">{t("advertise.form.platformChoose")}</option>
              {AD_CONTACT_PLATFORMS.map((platform) => <option key={platform} value={platform}>{t(`advertise.platforms.${platform}`)}</option>)}
            </select>
          </label>
          <label className={label}>
            {t("advertise.form.handle")}
            <input name="contact_handle" maxLength={100} className={input} />
          </label>
          <div className="sm:col-span-2">
            <button type="submit" disabled={fetcher.state !== "idle" || sending} className="rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60" data-testid="ad-submit">
              {fetcher.state !== "idle" || sending ? t("submit.sending") : t("advertise.form.send")}
            </button>
          </div>
        </fetcher.Form>
      </section>
      <section className="mt-8" aria-labelledby="ad-faq">
        <h2 id="ad-faq" className="text-lg font-semibold text-slate-900">{t("advertise.faqTitle")}</h2>
        <div className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" data-testid="ad-faq">
          {FAQ.map((item) => (
            <details key={item} className="group px-5 py-4">
              <summary className="cursor-pointer font-medium text-slate-900">{t(`advertise.faq.${item}.q`)}</summary>
              <p className="mt-2 text-sm text-slate-600" data-testid="ad-faq-answer">{t(item === "q1" && !sendsMail ? "advertise.faq.q1.aNoMail" : `advertise.faq.${item}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
