import { useEffect, useState, type ComponentType } from "react";
import { useRouteLoaderData } from "react-router";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { useNonce } from "~/lib/nonce";
import type { loader as rootLoader } from "~/root";
/** How many favourites the strip showed last (localStorage), and the attribute that shows its row. */
const HINT_KEY = "myToolsCount";
const HINT_ATTRIBUTE = "data-my-tools";
/** Before first paint (same text for every visitor): shows the strip's row when it had favourites last time. */
const HINT_SCRIPT = `try{if(+localStorage.getItem("${HINT_KEY}")>0)document.documentElement.setAttribute("${HINT_ATTRIBUTE}","")}catch(e){}`;

/**
 * "My Tools" strip under the navigation (spec 2.3): the first 12 favourites, an Add link to the tools
 * list and an Edit link to the favourites page; hidden when there are none. The HTML is the same for
 * everyone and has no items: an inline script shows the row before first paint when the visitor had
 * favourites last time, and the items (`strip-items.tsx`, loaded after hydration with the code that
 * reads the visitor's favourites, one request when signed in) fill it in without moving the page.
 */
function writeHint(count: number): void {
  try {
    window.localStorage.setItem(HINT_KEY, String(count));
  } catch {
    // Without storage the strip simply appears once the list is known.
  }
  document.documentElement.toggleAttribute(HINT_ATTRIBUTE, count > 0);
}

interface Live {
  Items: ComponentType;
  Notice: ComponentType;
}

export function MyToolsStrip() {
  const t = useT("favorites");
  const to = useLocalizedPath();
  const lang = useLang();
  const nonce = useNonce();
  const userId = useRouteLoaderData<typeof rootLoader>("root")?.user?.id ?? null;
  const [live, setLive] = useState<Live | null>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./strip-items").then((module) => {
      if (cancelled) return;
      setLive({ Items: module.StripItems, Notice: module.StripNotice });
      stop = module.startFavorites(userId, lang, writeHint);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, lang]);

  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HINT_SCRIPT }} />
      <nav aria-label={t("strip.title")} data-testid="my-tools-strip" className="my-tools-strip">
        <div className="my-tools-row">
          <span className="my-tools-title">{t("strip.title")}</span>
          <ul className="my-tools-list">{live ? <live.Items /> : null}</ul>
          <AppLink to={to("/tools")} className="my-tools-link">
            {t("strip.add")}
          </AppLink>
          <AppLink to={to("/user/favorites")} className="my-tools-link" data-testid="my-tools-edit">
            {t("strip.edit")}
          </AppLink>
        </div>
      </nav>
      {live ? <live.Notice /> : null}
    </>
  );
}
