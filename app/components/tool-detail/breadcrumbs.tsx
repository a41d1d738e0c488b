import { Link } from "react-router";

export interface BreadcrumbItem {
  name: string;
  /** Site path; the last crumb (the current page) has none. */
  to?: string;
}

/** Trail from home to the current page; the same items feed the BreadcrumbList JSON-LD. */
export function Breadcrumbs({ items, label }: { items: BreadcrumbItem[]; label: string }) {
  return (
    <nav aria-label={label} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {item.to ? (
              <Link to={item.to} className="rounded hover:text-brand-700 hover:underline">{item.name}</Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
