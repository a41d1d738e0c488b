import { redirect } from "react-router";
import { splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/categories";

/** `/{lang}/categories` has no page of its own: it redirects to the tool list, keeping the language prefix if present. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang, prefixed } = splitLangPath(url.pathname);
  return redirect(`${prefixed ? `/${lang}` : ""}/tools${url.search}`, 301);
}
