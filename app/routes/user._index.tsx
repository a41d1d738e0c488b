import { redirect } from "react-router";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/user._index";

/** `/user` and `/{lang}/user` open the dashboard. */
export function loader({ request }: Route.LoaderArgs) {
  const { lang, prefixed } = splitLangPath(new URL(request.url).pathname);
  throw redirect(prefixed ? localizedPath(lang, "/user/dashboard") : "/user/dashboard");
}
