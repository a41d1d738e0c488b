import { useState } from "react";
import type { EcommerceSidebar, FacetValue, OfferFacetValue } from "~/.server/ecommerce/queries";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { displayCategoryName } from "~/lib/category-name";
import { ecommerceQuery, toggled, type EcommerceView, type FacetParam } from "~/lib/ecommerce-url";

/**
 * The sidebar (spec 2.4, 4.6): seven category groups, then filters, platforms
 * and what tools offer (marketplaces, China fit, interface languages; decision
 * 0036), every value a multi-select checkbox with its count. Each
 * checkbox is a link to the view with that value toggled, so it works and is
 * crawlable without JavaScript; with it, the click navigates in the app.
 * Values with no tools under the current selection are shown but not linked.
 */
function FacetCheckbox({ value, href, number, group }: { value: FacetValue; href: string; number: (n: number) => string; group: FacetParam }) {
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
    <AppLink to={href} role="checkbox" aria-checked={value.selected} className="ecom-facet" data-group={group} data-facet={value.slug}>
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

/** Groups longer than this show their most served values and fold the rest (selected values stay in view). */
const SHOWN_BEFORE_MORE = 8;

/**
 * A long group (Amazon in a dozen countries, many languages): the first values, then the rest behind
 * "Show n more" (a `details` element, so it works without JavaScript).
 */
function LongList({ values, render, more, fewer }: { values: FacetValue[]; render: (value: FacetValue) => React.ReactNode; more: (n: number) => string; fewer: string }) {
  const shown = values.filter((value, i) => i < SHOWN_BEFORE_MORE || value.selected);
  const folded = values.filter((value) => !shown.includes(value));
  return (
    <>
      {shown.map(render)}
      {folded.length ? (
        <li>
          <details className="ecom-more">
            <summary className="ecom-more-toggle">
              <span className="ecom-more-closed">{more(folded.length)}</span>
              <span className="ecom-more-open">{fewer}</span>
            </summary>
            <ul className="ecom-values">{folded.map(render)}</ul>
          </details>
        </li>
      ) : null}
    </>
  );
}

export function FacetSidebar({ sidebar, view, basePath, number }: { sidebar: EcommerceSidebar; view: EcommerceView; basePath: string; number: (n: number) => string }) {
  const t = useT("ecommerce");
  const href = (group: FacetParam, slug: string) => basePath + ecommerceQuery(toggled(view, group, slug));
  const item = (group: FacetParam, value: FacetValue) => (
    <li key={value.slug}>
      <FacetCheckbox value={value} href={href(group, value.slug)} number={number} group={group} />
    </li>
  );
  // Each check is a group of its own (ticking two requires both); open source sits with the features.
  const check = (value: OfferFacetValue) => (
    <li key={value.group}>
      <FacetCheckbox value={value} href={href(value.group, value.slug)} number={number} group={value.group} />
    </li>
  );
  const open = sidebar.checks.filter((value) => value.group === "openSource");
  const chinaFit = sidebar.checks.filter((value) => value.group !== "openSource");
  const more = (count: number) => t("offerFacets.showMore", { count, number: number(count) });
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
        {open.map(check)}
      </Section>
      <Section id="ecom-platforms" title={t("sidebar.platforms")} number={number}>
        {sidebar.platforms.map((value) => item("platforms", value))}
      </Section>
      {sidebar.marketplaces.length ? (
        <Section id="ecom-marketplaces" title={t("offerFacets.marketplaces")} number={number}>
          <LongList values={sidebar.marketplaces} render={(value) => item("marketplaces", value)} more={more} fewer={t("offerFacets.showFewer")} />
        </Section>
      ) : null}
      {chinaFit.length ? (
        <Section id="ecom-china-fit" title={t("offerFacets.chinaFit")} number={number}>
          {chinaFit.map(check)}
        </Section>
      ) : null}
      {sidebar.languages.length ? (
        <Section id="ecom-languages" title={t("offerFacets.languages")} number={number}>
          <LongList values={sidebar.languages} render={(value) => item("languages", value)} more={more} fewer={t("offerFacets.showFewer")} />
        </Section>
      ) : null}
    </nav>
  );
}
