import { DEFAULT_LANG, type Lang } from "~/i18n/languages";
import { getConfig } from "../config";
import { getFixedT } from "../i18n";
import { compose } from "../submissions/mail";

/** The claim's mailed link, in the language the claim was started in. */
export async function claimLinkMail(lang: Lang, slug: string, domain: string, link: string) {
  const t = await getFixedT(lang, "makers");
  return compose(t("mail.link.subject", { domain }), [t("mail.link.intro", { slug, domain }), t("mail.link.expiry")], { label: t("mail.link.button"), url: link });
}

/** To the administrators: a proven claim of a tool someone else already holds. */
export async function claimDisputedMail(slug: string) {
  const t = await getFixedT(DEFAULT_LANG, "makers");
  return compose(t("mail.disputed.subject", { slug }), [t("mail.disputed.intro", { slug })], { label: t("mail.disputed.button"), url: `${getConfig().publicUrl}/admin/claims` });
}
