import { localizedPath, type Lang } from "~/i18n/languages";
import { sendMail } from "../auth/mail";
import { escapeHtml } from "../auth/mail-templates";
import { getConfig } from "../config";
import { getFixedT } from "../i18n";
import { getLogger } from "../logger";

/**
 * Review outcome mail to the person who submitted, in the language they
 * filled the form in. Sent after the decision is committed; a mail failure is
 * logged and never undoes the decision (the owner also sees it under my tools).
 */

export interface ReviewMail {
  to: string;
  lang: Lang;
  kind: "submit" | "update" | "ad";
  decision: "approved" | "rejected";
  toolName: string;
  notes: string | null;
  /** The published tool's slug (approved tool submissions). */
  toolSlug?: string | null;
}

export async function reviewMailContent(mail: ReviewMail): Promise<{ subject: string; text: string; html: string }> {
  const t = await getFixedT(mail.lang, "admin");
  const publicUrl = getConfig().publicUrl;
  const key = `mail.${mail.kind}.${mail.decision}`;
  const subject = t(`${key}.subject`, { name: mail.toolName });
  const intro = t(`${key}.intro`, { name: mail.toolName });
  const noteLabel = mail.decision === "approved" ? t("mail.noteLabel") : t("mail.reasonLabel");
  const toolUrl = mail.toolSlug ? `${publicUrl}${localizedPath(mail.lang, `/tool/${mail.toolSlug}`)}` : null;
  const myToolsUrl = `${publicUrl}${localizedPath(mail.lang, mail.kind === "ad" ? "/user/orders" : "/user/my-tools")}`;
  const lines = [intro];
  if (mail.notes) lines.push(`${noteLabel}: ${mail.notes}`);
  if (toolUrl) lines.push(`${t("mail.viewTool")}: ${toolUrl}`);
  lines.push(`${t("mail.seeStatus")}: ${myToolsUrl}`);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}</p>
${mail.notes ? `<p><strong>${escapeHtml(noteLabel)}:</strong> ${escapeHtml(mail.notes)}</p>` : ""}
${toolUrl ? `<p><a href="${escapeHtml(toolUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t("mail.viewTool"))}</a></p>` : ""}
<p style="font-size:12px;color:#64748b"><a href="${escapeHtml(myToolsUrl)}">${escapeHtml(t("mail.seeStatus"))}</a></p>
</body></html>`;
  return { subject, text: `${lines.join("\n\n")}\n`, html };
}

export async function sendReviewMail(mail: ReviewMail): Promise<void> {
  try {
    await sendMail({ to: mail.to, ...(await reviewMailContent(mail)) });
  } catch (error) {
    getLogger().warn({ err: error, to: mail.to, kind: mail.kind }, "review mail could not be sent");
  }
}
