import { lazy, type ComponentType } from "react";
import { useT } from "~/i18n/translator";

/**
 * The error and not-found screens are only needed once something went wrong, so browsers fetch them
 * then instead of with every page (the root's boundaries and the tool and case-study pages' boundary). There is
 * deliberately no <Suspense> around them: server rendering waits for them inside the shell, and in the browser
 * the (transition) render waits too, so the page keeps what it shows until the screen is there. If even that
 * download fails, a plain message remains.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component }), () => ({ default: ScreenUnavailable as ComponentType<P> })));
}
export const NotFoundScreen = lazyScreen(() => import("./not-found-screen").then((m) => m.NotFoundScreen));
export const ErrorScreen = lazyScreen(() => import("./error-screen").then((m) => m.ErrorScreen));

function ScreenUnavailable() {
  const t = useT("common");
  return (
    <section role="alert" className="mx-auto max-w-2xl py-16">
      <h1 className="text-2xl font-semibold">{t("error.title")}</h1>
      <p className="mt-2 text-slate-600">{t("error.message")}</p>
    </section>
  );
}
