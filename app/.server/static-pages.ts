import { splitLangPath } from "~/i18n/languages";
import { effectiveDate } from "~/lib/effective-date";
import { getConfig } from "./config";
import { loadBundles } from "./i18n";

/**
 * What every static page (contact, careers, privacy, terms) needs: the
 * `about` bundle in the page language, the public contact address and the
 * effective date of the legal texts.
 */
export async function loadStaticPage(request: Request) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  return {
    bundles: await loadBundles(lang, ["about"]),
    contactEmail: getConfig().CONTACT_EMAIL,
    effectiveDate: effectiveDate(lang),
  };
}
