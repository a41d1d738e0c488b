import { AppLink } from "~/delivery/app-link";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";

/** On "My tools": the listings the user is a verified maker of, each with its statistics. */
export function MakerTools({ tools }: { tools: Array<{ slug: string; name: string }> }) {
  const t = useT("makers");
  const to = useLocalizedPath();
  if (tools.length === 0) return null;
  return (
    <section aria-labelledby="maker-tools-title" className="mb-8 space-y-3" data-testid="maker-tools">
      <h2 id="maker-tools-title" className="text-xl font-semibold text-slate-900">{t("myTools.title")}</h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {tools.map((tool) => (
          <li key={tool.slug} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white p-4">
            <AppLink to={to(`/tool/${tool.slug}`)} className="min-w-0 break-words font-medium text-slate-900 hover:underline">{tool.name}</AppLink>
            <AppLink to={to(`/user/my-tools/${tool.slug}/stats`)} className="text-sm font-medium text-brand-700 hover:underline" data-testid="maker-stats-link">{t("myTools.stats")}</AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
