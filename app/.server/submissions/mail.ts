import { DEFAULT_LANG, isLang, localizedPath, type Lang } from "~/i18n/languages";
import type { SubmissionType } from "~/lib/submissions";
import { escapeHtml } from "../auth/mail-templates";
import { sendMail } from "../auth/mail";
import { getConfig, type Config } from "../config";
import type { DB } from "../db";
import { getFixedT } from "../i18n";
import { getLogger } from "../logger";

/**
 * Mail of the user area: a submission received (to the submitter, in the
 * form's language), a submission or an ad request to review (to the
 * administrators). Sent through the app's one mail module (SMTP, or the
 * development outbox at /dev/mailbox).
 */
interface Mail {
  subject: string;
  text: string;
  html: string;
}

export function compose(subject: string, lines: string[], link: { label: string; url: string } | null): Mail {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>` : ""}
</body></html>`;
  const text = [...lines, ...(link ? [`${link.label}: ${link.url}`] : [])].join("\n\n") + "\n";
  return { subject, text, html };
}

const langOf = (value: string): Lang => (isLang(value) ? value : DEFAULT_LANG);

/**
 * Who reviews: addresses in ADMIN_EMAILS and users with the admin role; the
 * public contact address when there is no administrator yet.
 */
export async function adminRecipients(db: DB, config: Config = getConfig()): Promise<string[]> {
  const rows = await db
    .selectFrom("user_roles as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .select("u.email")
    .where("r.role", "=", "admin")
    .execute();
  const addresses = new Set([...config.adminEmails, ...rows.map((r) => r.email.toLowerCase()).filter((e) => !e.endsWith(".invalid"))]);
  return addresses.size ? [...addresses] : [config.CONTACT_EMAIL];
}

/** Sends and logs a failure instead of throwing: the request the mail is about is already stored. */
export async function sendQuietly(to: string, mail: Mail): Promise<boolean> {
  try {
    await sendMail({ to, ...mail });
    return true;
  } catch (error) {
    getLogger().error({ err: (error as Error).message, to, subject: mail.subject }, "mail not sent");
    return false;
  }
}

export interface SubmissionMailInput {
  type: SubmissionType;
  name: string;
  websiteUrl: string;
  language: string;
  submitter: string;
  /** Lines describing what was sent (fields of a new tool, or the changed fields of an update). */
  summary: string[];
}

export async function submissionReceivedMail(input: SubmissionMailInput): Promise<Mail> {
  const lang = langOf(input.language);
  const t = await getFixedT(lang, "account");
  const kind = input.type === "update" ? "mail.updateReceived" : "mail.received";
  return compose(
    t(`${kind}.subject`, { name: input.name }),
    [t(`${kind}.intro`, { name: input.name }), t("mail.reviewWithin"), ...input.summary],
    { label: t("mail.viewMyTools"), url: getConfig().publicUrl + localizedPath(lang, "/user/my-tools") },
  );
}

/** To the administrators, in the site's default language (their own language is not known). */
export async function submissionAdminMail(input: SubmissionMailInput): Promise<Mail> {
  const t = await getFixedT(DEFAULT_LANG, "account");
  const kind = input.type === "update" ? "mail.adminUpdate" : "mail.adminSubmission";
  return compose(
    t(`${kind}.subject`, { name: input.name }),
    [t(`${kind}.intro`, { name: input.name, submitter: input.submitter }), `${t("mail.website")}: ${input.websiteUrl}`, ...input.summary],
    { label: t("mail.openReview"), url: `${getConfig().publicUrl}/admin/submissions` },
  );
}

export interface AdRequestMailInput {
  toolName: string;
  websiteUrl: string | null;
  description: string | null;
  budget: string | null;
  contactEmail: string | null;
  contactPlatform: string | null;
  contactHandle: string | null;
  submitter: string;
}

export async function adRequestAdminMail(input: AdRequestMailInput): Promise<Mail> {
  const t = await getFixedT(DEFAULT_LANG, "account");
  const rows: Array<[string, string | null]> = [
    [t("advertise.form.website"), input.websiteUrl],
    [t("advertise.form.description"), input.description],
    [t("advertise.form.budget"), input.budget],
    [t("advertise.form.email"), input.contactEmail],
    [t("advertise.form.platform"), input.contactPlatform],
    [t("advertise.form.handle"), input.contactHandle],
  ];
  return compose(
    t("mail.adRequest.subject", { name: input.toolName }),
    [t("mail.adRequest.intro", { name: input.toolName, submitter: input.submitter }), ...rows.filter(([, v]) => v).map(([label, value]) => `${label}: ${value}`)],
    { label: t("mail.openAds"), url: `${getConfig().publicUrl}/admin/advertise` },
  );
}
