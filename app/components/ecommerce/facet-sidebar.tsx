import { useState } from "react";
import type { EcommerceSidebar, FacetValue } from "~/.server/ecommerce/queries";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { displayCategoryName } from "~/lib/category-name";
import { ecommerceQuery, toggled, type EcommerceView, type FacetParam } from "~/lib/ecommerce-url";

/**
 * The sidebar (spec 2.4, 4.6): seven category groups, then filters and
 * platforms, every value a multi-select checkbox with its count. Each
 * checkbox is a link to the view with that value toggled, so it works and is
 * crawlable without JavaScript; with it, the click navigates in the app.
 * Values with no tools under the current selection are shown but not linked.
 */
function FacetCheckbox({ value, href, number }: { value: FacetValue; href: string; number: (n: number) => string }) {
  const label = (
    <>
      <span className="ecom-check" aria-hidden="true" />
      <span className="ecom-facet-name">{displayCategoryName(value.name)}</span>
      <span className="ecom-count">{number(value.count)}</span>
    </>
  );
  if (!value.selected && value.count === 0) {
    return (
      <span role="checkbox" aria-checked="false" aria-disabled="true" className="ecom-facet ecom-facet-empty">
        {label}
      </span>
    );
  }
  return (
    <AppLink to={href} role="checkbox" aria-checked={value.selected} className="ecom-facet" data-facet={value.slug}>
      {label}
    </AppLink>
  );
}

function Section({ id, title, count, children, number }: { id: string; title: string; count?: number; children: React.ReactNode; number: (n: number) => string }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="ecom-group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <button type="button" className="ecom-group-toggle" aria-expanded={open} aria-controls={`${id}-values`} onClick={() => setOpen(!open)}>
          <span className="ecom-facet-name text-left">{title}</span>
          {count !== undefined ? <span className="ecom-count">{number(count)}</span> : null}
          <span aria-hidden="true" className={open ? "ecom-chevron ecom-chevron-open" : "ecom-chevron"} />
        </button>
      </h3>
      <ul id={`${id}-values`} hidden={!open} className="ecom-values">
        {children}
      </ul>
    </section>
  );
}

export function FacetSidebar({ sidebar, view, basePath, number }: { sidebar: EcommerceSidebar; view: EcommerceView; basePath: string; number: (n: number) => string }) {
  const t = useT("ecommerce");
  const href = (group: FacetParam, slug: string) => basePath + ecommerceQuery(toggled(view, group, slug));
  const item = (group: FacetParam, value: FacetValue) => (
    <li key={value.slug}>
      <FacetCheckbox value={value} href={href(group, value.slug)} number={number} />
    </li>
  );
  return (
    <nav aria-label={t("sidebar.label")} className="ecom-sidebar" data-testid="ecommerce-sidebar">
      <h2 className="text-lg font-semibold text-slate-900">{t("sidebar.title")}</h2>
      {sidebar.groups.map((group) => (
        <Section key={group.slug} id={`ecom-group-${group.slug}`} title={displayCategoryName(group.name)} count={group.count} number={number}>
          {group.subcategories.map((sub) => item("categories", sub))}
        </Section>
      ))}
      <Section id="ecom-filters" title={t("sidebar.filters")} number={number}>
        {sidebar.filters.map((value) => item("filters", value))}
      </Section>
      <Section id="ecom-platforms" title={t("sidebar.platforms")} number={number}>
        {sidebar.platforms.map((value) => item("platforms", value))}
      </Section>
    </nav>
  );
}
