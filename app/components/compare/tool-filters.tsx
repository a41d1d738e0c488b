import { AppLink } from "~/delivery/app-link";
import { useLang } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { useOfferNames } from "./offer-names";
import { formatNumberFor } from "~/lib/tool-display";
import { selectedCount, TOOL_FILTER_GROUPS, TOOL_FILTER_VALUES, toggleToolFilter, writeToolFilters, type ToolFilterGroup, type ToolFilterSelection } from "~/lib/tool-filters";

/**
 * The tool list's filters (decision 0030): pricing, free plan, API, open source, platform, interface language
 * and "added", each value a checkbox link to the list with that value toggled and its count under the rest of
 * the view (search, category, the other groups). One bar above the results: groups with several values fold
 * into <details>; on phones the whole bar folds behind a "Filters (n)" button (a checkbox and its label, so it
 * works without JavaScript), as the e-commerce list's sidebar does.
 */
const FLAG_GROUPS: readonly ToolFilterGroup[] = ["freePlan", "api", "openSource"];

export interface ToolFilterProps {
  /** The list's path and its query without filters and page (`search`, `category`, `sort`). */
  path: string;
  baseQuery: string;
  selection: ToolFilterSelection;
  counts: Record<ToolFilterGroup, Record<string, number>> | null;
}

export function ToolFilters({ path, baseQuery, selection, counts }: ToolFilterProps) {
  const t = useT(["compare", "tools"]);
  const lang = useLang();
  const names = useOfferNames();
  const number = formatNumberFor(htmlLang(lang));
  const selected = selectedCount(selection);
  const hrefWith = (next: ToolFilterSelection) => {
    const qs = writeToolFilters(new URLSearchParams(baseQuery), next).toString();
    return qs ? `${path}?${qs}` : path;
  };
  const valueLabel = (group: ToolFilterGroup, value: string) => {
    if (group === "pricing") return value === "trial" ? t("filters.pricing.trial") : t(`tools:pricing.${value}`);
    if (group === "platforms") return t(`platform.${value}`);
    if (group === "languages") return names.language(value);
    if (group === "added") return t(`filters.values.${value}`);
    return t(`filters.values.${group}`);
  };
  const checkbox = (group: ToolFilterGroup, value: string) => {
    const on = selection[group].includes(value);
    const count = counts?.[group][value] ?? 0;
    const label = (
      <>
        <span className="ecom-check" aria-hidden="true" />
        <span className="ecom-facet-name">{valueLabel(group, value)}</span>
        <span className="ecom-count">{number(count)}</span>
      </>
    );
    if (!on && count === 0) {
      return (
        <span role="checkbox" aria-checked="false" aria-disabled="true" className="ecom-facet ecom-facet-empty">
          {label}
        </span>
      );
    }
    return (
      <AppLink to={hrefWith(toggleToolFilter(selection, group, value))} role="checkbox" aria-checked={on} className="ecom-facet" data-filter={`${group}:${value}`}>
        {label}
      </AppLink>
    );
  };
  // Languages nobody's interface has are left out: 19 codes would be a long list of zeros.
  const shown = (group: ToolFilterGroup) =>
    TOOL_FILTER_VALUES[group].filter((value) => group !== "languages" || selection[group].includes(value) || (counts?.[group][value] ?? 0) > 0);

  return (
    <div className="tool-filters" data-testid="tool-filters">
      <input type="checkbox" id="tool-filters-open" className="peer sr-only lg:hidden" aria-controls="tool-filters-panel" />
      <label htmlFor="tool-filters-open" className="ecom-filters-button" data-testid="tool-filters-button">
        {t("filters.title")}
        {selected ? <span className="ecom-count">{`(${number(selected)})`}</span> : null}
        <span aria-hidden="true" className="ecom-chevron" />
      </label>
      <nav id="tool-filters-panel" aria-label={t("filters.label")} className="tool-filters-panel">
        {FLAG_GROUPS.map((group) => (
          <div key={group} className="tool-filter-flag">
            {checkbox(group, "yes")}
          </div>
        ))}
        {TOOL_FILTER_GROUPS.filter((group) => !FLAG_GROUPS.includes(group)).map((group) => (
          <details key={group} className="tool-filter-group" open={undefined}>
            <summary>
              <span>{t(`filters.groups.${group}`)}</span>
              {selection[group].length ? <span className="ecom-count">{`(${number(selection[group].length)})`}</span> : null}
              <span aria-hidden="true" className="ecom-chevron" />
            </summary>
            <ul className="tool-filter-values">
              {shown(group).map((value) => (
                <li key={value}>{checkbox(group, value)}</li>
              ))}
            </ul>
          </details>
        ))}
        {selected ? (
          <AppLink to={hrefWith({ pricing: [], freePlan: [], api: [], openSource: [], platforms: [], languages: [], added: [] })} className="tool-filter-clear">
            {t("filters.clear")}
          </AppLink>
        ) : null}
      </nav>
    </div>
  );
}

/** The filters as hidden fields of the list's search form, so a new search keeps them. */
export function ToolFilterFields({ selection }: { selection: ToolFilterSelection }) {
  return (
    <>
      {TOOL_FILTER_GROUPS.filter((group) => selection[group].length).map((group) => (
        <input key={group} type="hidden" name={group} value={selection[group].join(",")} />
      ))}
    </>
  );
}
