import { getConfig } from "~/.server/config";
import { areaContext, areaSeo } from "~/.server/user-area/context";
import { PageHeading } from "~/components/account/status-badge";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.business";

/** More business (spec 2.4): the business contact address and a mailto button. */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = await areaContext(request);
  return { seo: await areaSeo(lang, "business"), email: getConfig().CONTACT_EMAIL };
}

const OFFERS = ["partnership", "api", "content"] as const;

export default function Business({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const subject = encodeURIComponent(t("business.mailSubject"));
  return (
    <>
      <PageHeading title={t("business.title")} intro={t("business.intro")} />
      <ul className="grid gap-4 sm:grid-cols-3">
        {OFFERS.map((offer) => (
          <li key={offer} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">{t(`business.offers.${offer}.title`)}</h2>
            <p className="mt-1 text-sm text-slate-600">{t(`business.offers.${offer}.text`)}</p>
          </li>
        ))}
      </ul>
      <section className="mt-6 rounded-2xl bg-brand-50 p-6">
        <h2 className="font-semibold text-slate-900">{t("business.contactTitle")}</h2>
        <p className="mt-1 text-slate-700">
          {t("business.contactText")}{" "}
          <span className="font-medium" data-testid="business-email">{loaderData.email}</span>
        </p>
        <a
          href={`mailto:${loaderData.email}?subject=${subject}`}
          className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          data-testid="business-mailto"
        >
          {t("business.mailButton")}
        </a>
      </section>
    </>
  );
}
