import { isLang, splitLangPath, type Lang, DEFAULT_LANG } from "~/i18n/languages";
import { getFixedT } from "../i18n";

/** Mail in the language of the page the visitor signed in from. */
function languageOf(hint: unknown): Lang {
  if (isLang(hint)) return hint;
  if (typeof hint === "string") {
    try {
      return splitLangPath(new URL(hint, "http://x").pathname).lang;
    } catch {
      return DEFAULT_LANG;
    }
  }
  return DEFAULT_LANG;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function render(title: string, intro: string, button: string, url: string, footer: string) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#64748b">${escapeHtml(url)}</p>
<p style="font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: title, text: `${intro}\n\n${url}\n\n${footer}\n`, html };
}

export async function magicLinkMail(url: string, langHint: unknown) {
  const t = await getFixedT(languageOf(langHint), "user");
  return render(t("auth.mail.magicSubject"), t("auth.mail.magicIntro"), t("auth.mail.magicButton"), url, t("auth.mail.ignore"));
}

export async function verificationMail(url: string, langHint: unknown) {
  const t = await getFixedT(languageOf(langHint), "user");
  return render(t("auth.mail.verifySubject"), t("auth.mail.verifyIntro"), t("auth.mail.verifyButton"), url, t("auth.mail.ignore"));
}

export async function resetPasswordMail(url: string, langHint: unknown) {
  const t = await getFixedT(languageOf(langHint), "user");
  return render(t("auth.mail.resetSubject"), t("auth.mail.resetIntro"), t("auth.mail.resetButton"), url, t("auth.mail.ignore"));
}
