import { useT } from "~/i18n/translator";
import { useNavigation } from "react-router";
import { splitLangPath } from "~/i18n/languages";

/** 'Loading AI tool...' while a client navigation to a tool or case-study page is under way. */
export function DetailLoadingStatus() {
  const t = useT("tools");
  const navigation = useNavigation();
  const target = navigation.location ? splitLangPath(navigation.location.pathname).rest : "";
  const loading = navigation.state === "loading" && /^\/(tool|case-study)\/[^/]+$/.test(target);
  return (
    <div role="status" aria-live="polite" className={loading ? "fixed inset-x-0 top-0 z-50 flex justify-center" : "sr-only"}>
      {loading ? <p className="mt-2 rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white shadow">{t("detail.loading")}</p> : null}
    </div>
  );
}
