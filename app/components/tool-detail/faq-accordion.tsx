import type { FaqItem } from "~/.server/resolve/types";

/**
 * Questions that open one at a time on demand. Built on <details>, so it
 * works from the keyboard and without JavaScript, and crawlers see answers.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item, index) => (
        // Sharing a name makes the browser keep at most one answer open.
        <details key={`${item.question}-${index}`} name="faq" className="group px-4 py-3" data-testid="faq-item">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <span aria-hidden="true" className="text-xl text-slate-500 transition group-open:rotate-45">+</span>
          </summary>
          <p className="mt-2 whitespace-pre-line text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
