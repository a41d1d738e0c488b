import { useT, useI18n } from "~/i18n/translator";
import { useLocation, useNavigate } from "react-router";
import { useLang } from "~/i18n/hooks";
import { addBundles } from "~/i18n/instance";
import {
  isLang,
  LANGUAGE_NAMES,
  LANGUAGES,
  LOCAL_STORAGE_LANG_KEY,
  PREFERRED_LANGUAGE_COOKIE,
  switchLangPath,
  type Lang,
} from "~/i18n/languages";

const SWITCH_NAMESPACES = ["common", "categories", "tools"] as const;

/** The download code is only needed for a switch: it loads when the menu opens. */
const loadFetcher = () => import("~/i18n/fetch-bundles");

/** Remembers the choice for the root redirect (cookie) and for the browser (localStorage). */
function rememberLanguage(lang: Lang) {
  try {
    localStorage.setItem(LOCAL_STORAGE_LANG_KEY, lang);
  } catch {
    // Storage can be unavailable (private mode); the cookie still works.
  }
  document.cookie = `${PREFERRED_LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Lists every language version of the current page as a link (crawlable and
 * usable without JS). With JS, it loads the new bundles first and keeps the
 * current language if that fails.
 */
export function LanguageSwitcher() {
  const t = useT("common");
  const i18n = useI18n();
  const current = useLang();
  const location = useLocation();
  const navigate = useNavigate();

  async function switchTo(event: React.MouseEvent<HTMLAnchorElement>, next: string) {
    event.preventDefault();
    const details = event.currentTarget.closest("details");
    if (!isLang(next) || next === current) {
      details?.removeAttribute("open");
      return;
    }
    try {
      const { fetchBundles } = await loadFetcher();
      addBundles(i18n, next, await fetchBundles(next, SWITCH_NAMESPACES));
    } catch (error) {
      console.warn(`Could not load language ${next}; keeping ${current}.`, error);
      return;
    }
    rememberLanguage(next);
    details?.removeAttribute("open");
    navigate(`${switchLangPath(location.pathname, next)}${location.search}${location.hash}`);
  }

  return (
    <details
      className="relative"
      onToggle={(event) => {
        if (event.currentTarget.open) void loadFetcher().catch(() => undefined);
      }}
    >
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100"
        // The visible language name starts the accessible name (WCAG 2.5.3, label in name).
        aria-label={`${LANGUAGE_NAMES[current]}: ${t("language.switchTo")}`}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        <span>{LANGUAGE_NAMES[current]}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg" aria-label={t("language.label")}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <a
              href={`${switchLangPath(location.pathname, lang)}${location.search}`}
              hrefLang={lang === "us-en" ? "en" : lang}
              lang={lang === "us-en" ? "en" : lang}
              aria-current={lang === current ? "true" : undefined}
              onClick={(event) => void switchTo(event, lang)}
              className={`block px-3 py-2 text-sm hover:bg-slate-100 ${lang === current ? "font-semibold text-brand-700" : "text-slate-700"}`}
            >
              {LANGUAGE_NAMES[lang]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
