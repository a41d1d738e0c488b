import { useId } from "react";
import { useLang } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";

/**
 * "Verified": the tool's maker proved control of its website's domain. The explanation shows on hover and
 * on keyboard focus (the mark is focusable), and is the mark's description for screen readers.
 */
export function VerifiedMark() {
  const t = useT("makers");
  const id = useId();
  const lang = useLang();
  // The page's language: the mark sits among the tool's texts, which may be in another one.
  return (
    <span className="group relative inline-flex" lang={htmlLang(lang)}>
      <span
        tabIndex={0}
        aria-describedby={id}
        className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        data-testid="verified-mark"
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round"><path d="M20 6 9 17l-5-5" /></svg>
        {t("verified.mark")}
      </span>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute left-0 top-full z-10 mt-2 hidden w-64 max-w-[80vw] rounded-lg bg-slate-900 px-3 py-2 text-xs font-normal text-white shadow-lg group-focus-within:block group-hover:block"
        data-testid="verified-explanation"
      >
        {t("verified.explanation")}
      </span>
    </span>
  );
}
