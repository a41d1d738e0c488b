import { useState } from "react";
import { useT } from "~/i18n/translator";

/** The badge as a maker pastes it: HTML and Markdown, each with a copy button that says when it copied. */
export function BadgeSnippets({ html, markdown, preview }: { html: string; markdown: string; preview: { light: string; dark: string } }) {
  const t = useT("makers");
  return (
    <section aria-labelledby="badge-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5" data-testid="badge-snippets">
      <h2 id="badge-title" className="text-lg font-semibold text-slate-900">{t("stats.badge.title")}</h2>
      <p className="text-sm text-slate-600">{t("stats.badge.intro")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <img src={preview.light} alt={t("stats.badge.previewLight")} height={20} />
        <span className="rounded bg-slate-900 p-2"><img src={preview.dark} alt={t("stats.badge.previewDark")} height={20} /></span>
      </div>
      <Snippet id="html" label={t("stats.badge.html")} code={html} />
      <Snippet id="markdown" label={t("stats.badge.markdown")} code={markdown} />
    </section>
  );
}

function Snippet({ id, label, code }: { id: string; label: string; code: string }) {
  const t = useT("makers");
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`badge-${id}`} className="text-sm font-medium text-slate-800">{label}</label>
        <button type="button" onClick={copy} className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:border-brand-600" data-testid={`copy-${id}`}>
          {t("stats.badge.copy")}
        </button>
      </div>
      <textarea id={`badge-${id}`} readOnly value={code} rows={3} className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800" data-testid={`snippet-${id}`} />
      <p role="status" className="min-h-5 text-sm text-emerald-700" data-testid={`copied-${id}`}>{copied === "copied" ? t("stats.badge.copied") : copied === "failed" ? t("stats.badge.copyFailed") : ""}</p>
    </div>
  );
}
