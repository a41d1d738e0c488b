import { useT } from "~/i18n/translator";

/** Discreet note that (part of) the content is shown in another language than the page's. */
export function LanguageNotice({ languages, pageLanguage }: { languages: string[]; pageLanguage: string }) {
  const t = useT("tools");
  if (languages.length === 0) return null;
  return (
    <p className="rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="language-notice">
      {t("detail.languageNotice", { languages: languages.join(", "), page: pageLanguage })}
    </p>
  );
}
