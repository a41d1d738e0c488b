import { useEffect } from "react";
import { useT } from "~/i18n/translator";
import { storeAccess, useFavoritesValue } from "./store";

function dismissNotice(id: number): void {
  if (storeAccess.get().notice?.id === id) storeAccess.set({ notice: null });
}

const SHOW_MS = 5000;

/** The last favourite/rating message (spec 8), floating at the bottom so it never moves the page. */
export function FavoritesNotice() {
  const t = useT("favorites");
  const notice = useFavoritesValue((current) => current.notice);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => dismissNotice(notice.id), SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const failed = notice !== null && notice.key !== "ratingSaved" && notice.key !== "ratingRemoved";
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {notice ? (
        <p
          role={failed ? "alert" : "status"}
          data-testid="favorites-notice"
          className={`pointer-events-auto rounded-lg px-4 py-2 text-sm font-medium shadow-lg ${failed ? "bg-red-700 text-white" : "bg-slate-900 text-white"}`}
        >
          {t(`notice.${notice.key}`)}
        </p>
      ) : null}
    </div>
  );
}
