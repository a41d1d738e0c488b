import { Link } from "react-router";
import { getDb } from "~/.server/db";
import { listMySubmissions } from "~/.server/submissions/queries";
import { makerToolList } from "~/.server/makers/claim-state";
import { MakerTools } from "~/components/makers/maker-tools";
import { areaContext, areaSeo } from "~/.server/user-area/context";
import { SignInPrompt } from "~/components/account/sign-in-prompt";
import { useSiteSendsMail } from "~/components/account/site-mail";
import { PageHeading, StatusBadge } from "~/components/account/status-badge";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.my-tools";

/** The user's submissions and update proposals, newest first, with their review state (spec 4.8). */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await areaContext(request);
  const seo = await areaSeo(lang, "myTools");
  if (!user) return { seo, items: null, makerTools: [] };
  return { seo, items: await listMySubmissions(getDb(), user.id, lang), makerTools: await makerToolList(getDb(), user.id, lang) };
}

export default function MyTools({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const to = useLocalizedPath();
  const lang = useLang();
  const sendsMail = useSiteSendsMail();
  const { items } = loaderData;
  if (!items) {
    return (
      <>
        <PageHeading title={t("myTools.title")} />
        <SignInPrompt message={t("signIn.myTools")} />
      </>
    );
  }
  const date = new Intl.DateTimeFormat(lang === "us-en" ? "en-US" : lang, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <PageHeading title={t("myTools.title")} intro={t("myTools.intro")} />
      <MakerTools tools={loaderData.makerTools} />
      {items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="my-tools-empty">
          <p className="text-slate-600">{t("myTools.empty")}</p>
          <Link to={to("/user/submit-tool")} className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t("nav.submitTool")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="my-tools-list">
          {items.map((item) => (
            <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="my-tool">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold text-slate-900" data-testid="my-tool-name">{item.name}</h2>
                <StatusBadge status={item.status} />
                <span className="text-xs text-slate-500">{t(`myTools.type.${item.type}`)}</span>
                <time className="ml-auto text-xs text-slate-500" dateTime={item.createdAt}>{date.format(new Date(item.createdAt))}</time>
              </div>
              {item.websiteUrl ? <p className="mt-1 break-all text-sm text-slate-500">{item.websiteUrl}</p> : null}
              {item.type === "update" && item.changedFields.length ? (
                <p className="mt-1 text-sm text-slate-600">{t("myTools.changed", { fields: item.changedFields.map((f) => t(`fields.${f}`)).join(", ") })}</p>
              ) : null}
              <p className="mt-2 text-sm text-slate-700" data-testid="my-tool-note">
                {item.status === "pending"
                  ? t(sendsMail ? "myTools.pendingHint" : "myTools.pendingHintNoMail")
                  : item.status === "rejected"
                    ? t("myTools.rejectedReason", { reason: item.notes || t("myTools.noReason") })
                    : item.notes
                      ? t("myTools.approvedNote", { note: item.notes })
                      : t("myTools.approved")}
              </p>
              {item.status === "approved" && item.toolSlug ? (
                <Link to={to(`/tool/${item.toolSlug}`)} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline" data-testid="my-tool-link">
                  {t("myTools.viewTool")} →
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
