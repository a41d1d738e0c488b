import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { getDb } from "~/.server/db";
import { readSubmitForm, submitTool, SubmitRefused } from "~/.server/submissions/submit";
import { areaSeo, clientAddress, readForm, refusal, requireAreaUser, submitterOf } from "~/.server/user-area/context";
import { useSiteSendsMail } from "~/components/account/site-mail";
import { PageHeading } from "~/components/account/status-badge";
import { ToolForm, type ToolFormValues } from "~/components/account/tool-form";
import { EMPTY_OFFER_FORM } from "~/lib/offer-form";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.submit-tool";
import { NewsletterBox } from "~/components/feeds/newsletter-box";

/** Submit a tool (spec 4.10): the form, the server's checks and the success view. */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await requireAreaUser(request);
  return { seo: await areaSeo(lang, "submit"), email: user.email ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const { lang, user } = await requireAreaUser(request);
  const form = await readForm(request);
  try {
    // A honeypot hit gets the same answer as a person (see submitTool).
    await submitTool(getDb(), { userId: user.id, submitter: submitterOf(user), clientAddress: clientAddress(request), language: lang }, readSubmitForm(form));
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof SubmitRefused) return refusal(error);
    throw error;
  }
}

const EMPTY: ToolFormValues = { name: "", website_url: "", description: "", category: "", contact_email: "", pricing: "freemium", tags: [], features: "", use_cases: "", offers: EMPTY_OFFER_FORM };

export default function SubmitTool({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const to = useLocalizedPath();
  const sendsMail = useSiteSendsMail();
  const fetcher = useFetcher<typeof action>();
  // A new key gives the next submission a fresh form.
  const [round, setRound] = useState(0);
  const [done, setDone] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) setDone(true);
  }, [result]);
  if (done) {
    return (
      <>
        <PageHeading title={t("submit.title")} />
        <section className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center" data-testid="submit-success">
          <h2 className="text-xl font-semibold text-emerald-900">{t("submit.success.title")}</h2>
          <p className="mt-2 text-emerald-900" data-testid="submit-success-text">{t(sendsMail ? "submit.success.text" : "submit.success.textNoMail")}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Link to={to("/user/my-tools")} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700" data-testid="success-my-tools">
              {t("nav.myTools")}
            </Link>
            <button type="button" onClick={() => {
                setDone(false);
                setRound((n) => n + 1);
              }} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800">
              {t("submit.success.another")}
            </button>
          </div>
          <NewsletterBox source="submission" />
        </section>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t("submit.title")} intro={t("submit.intro")} />
      <ToolForm
        key={round}
        mode="submit"
        initial={{ ...EMPTY, contact_email: loaderData.email }}
        serverError={result && !result.ok ? result.error : null}
        submitting={fetcher.state !== "idle"}
        onSubmit={(form) => void fetcher.submit(form, { method: "post" })}
      />
    </>
  );
}
