import { useT } from "~/i18n/translator";
import { useLocalizedPath } from "~/i18n/hooks";
import { AppLink } from "~/delivery/app-link";

/** '加载失败，请稍后重试' (spec 8) with a button that loads the page again. */
export function EcommerceLoadError() {
  const t = useT("ecommerce");
  return (
    <section role="alert" className="ecom-state" data-testid="ecommerce-error">
      <p className="text-lg font-semibold text-slate-900">{t("states.error", { defaultValue: "Failed to load, please try again later." })}</p>
      <button type="button" className="ecom-button" onClick={() => window.location.reload()}>
        {t("states.reload", { defaultValue: "Reload" })}
      </button>
    </section>
  );
}

/** No results: for a search, what was searched and a way back to every tool; otherwise '暂无工具'. */
export function EcommerceEmpty({ search, filtered, clearHref }: { search: string; filtered: boolean; clearHref: string }) {
  const t = useT("ecommerce");
  const to = useLocalizedPath();
  return (
    <section className="ecom-state" data-testid="ecommerce-empty">
      <p className="text-lg font-semibold text-slate-900">{search ? t("states.noResults", { term: search }) : t("states.empty")}</p>
      <p className="text-slate-600">{t("states.emptyHint")}</p>
      <p className="flex flex-wrap justify-center gap-3">
        {filtered ? (
          <AppLink className="ecom-button ecom-button-secondary" to={clearHref}>
            {t("chips.clearAll")}
          </AppLink>
        ) : null}
        {search ? (
          <AppLink className="ecom-button" to={to("/ecommerce")}>
            {t("states.viewAll")}
          </AppLink>
        ) : null}
      </p>
    </section>
  );
}

/** Shown on the list a missing product redirected to (spec 2.2, 8: '产品未找到'). */
export function MissingProductNotice({ slug }: { slug: string }) {
  const t = useT("ecommerce");
  return (
    <div role="status" className="ecom-notice" data-testid="ecommerce-missing">
      <p className="font-semibold">{t("states.notFoundTitle")}</p>
      <p>{t("states.notFoundText", { slug })}</p>
    </div>
  );
}
