import { useT } from "~/i18n/translator";
import type { DetailView } from "~/.server/resolve/types";
import { FaqAccordion } from "./faq-accordion";

type ListKey = "features" | "useCases" | "benefits" | "challenges" | "solutions" | "results" | "pros" | "cons";

/** Headings per list, in reading order; lists without entries are left out. */
const TOOL_ORDER: ListKey[] = ["features", "useCases", "pros", "cons", "challenges", "solutions", "results", "benefits"];
const CASE_STUDY_ORDER: ListKey[] = ["challenges", "solutions", "results", "benefits", "features", "useCases", "pros", "cons"];

function ListSection({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">{title}</h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((item, index) => (
          <li key={`${item}-${index}`} className="flex gap-2 rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
            <span aria-hidden="true" className="text-brand-600">✓</span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Long description, the lists (features, use cases, ...) and the FAQ of a tool or case study. */
export function DetailSections({ view, variant }: { view: DetailView; variant: "tool" | "case-study" }) {
  const t = useT("tools");
  const order = variant === "tool" ? TOOL_ORDER : CASE_STUDY_ORDER;
  return (
    <div className="space-y-10">
      {view.longDescription ? (
        <section aria-labelledby="detail-overview" className="space-y-3">
          <h2 id="detail-overview" className="text-xl font-semibold text-slate-900">{t("detail.overview")}</h2>
          <p className="whitespace-pre-line text-slate-700">{view.longDescription}</p>
        </section>
      ) : null}
      {order
        .filter((key) => view[key].length > 0)
        .map((key) => (
          <ListSection key={key} id={`detail-${key}`} title={t(`detail.sections.${key}`)} items={view[key]} />
        ))}
      {view.faq.length > 0 ? (
        <section aria-labelledby="detail-faq" className="space-y-3">
          <h2 id="detail-faq" className="text-xl font-semibold text-slate-900">{t("detail.sections.faq")}</h2>
          <FaqAccordion items={view.faq} />
        </section>
      ) : null}
    </div>
  );
}
