import { useT } from "~/i18n/translator";
import { AppLink } from "~/lib/app-link";
import type { ToolCard } from "~/.server/tools/queries";
import { useLocalizedPath } from "~/i18n/hooks";

/** Compact card: name, rating, two-line description, category and pricing label. */
export function ToolCardBasic({ tool }: { tool: ToolCard }) {
  const t = useT("tools");
  const to = useLocalizedPath();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md">
      <AppLink to={to(`/tool/${tool.slug}`)} className="block">
        <h3 className="font-semibold text-slate-900" lang={tool.contentLanguage === "us-en" ? "en" : tool.contentLanguage}>
          {tool.name}
        </h3>
        <p className="mt-1 text-sm text-amber-700">
          ★ {tool.rating.toFixed(1)} · {t("reviews", { count: tool.reviewCount })}
        </p>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{tool.description}</p>
        <p className="mt-3 flex justify-between text-xs text-slate-500">
          <span>{tool.category?.name}</span>
          <span>{t(`pricing.${tool.pricing}`, { defaultValue: t("pricing.contact") })}</span>
        </p>
      </AppLink>
    </li>
  );
}
