import { redirect } from "react-router";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/submit-tool";

/** The public `/{lang}/submit-tool` entry (spec 2.2): the form lives in the user area. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang, prefixed } = splitLangPath(url.pathname);
  throw redirect((prefixed ? localizedPath(lang, "/user/submit-tool") : "/user/submit-tool") + url.search);
}
