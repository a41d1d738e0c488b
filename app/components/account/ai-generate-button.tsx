import { useState } from "react";
import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";

export interface GeneratedFields {
  description: string;
  features: string[];
  use_cases: string[];
  tags: string[];
  source: "llm" | "page";
}

/**
 * AI generation (spec 7.1): needs the name and website first; the server
 * reads the site and fills description, features, use cases and tags.
 */
export function AiGenerateButton(props: { name: string; websiteUrl: string; description: string; onGenerated: (fields: GeneratedFields) => void }) {
  const t = useT("account");
  const lang = useLang();
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "done"; source: string } | { kind: "error"; message: string }>({ kind: "idle" });

  async function generate() {
    if (!props.name.trim() || !props.websiteUrl.trim()) return setState({ kind: "error", message: t("submit.errors.aiNeedsNameAndWebsite") });
    setState({ kind: "busy" });
    try {
      const response = await fetch("/api/generate/tool-content", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ name: props.name.trim(), website_url: props.websiteUrl.trim(), description: props.description, language: lang }),
      });
      const json = (await response.json().catch(() => null)) as { data?: GeneratedFields; error?: { message?: string } } | null;
      if (response.ok && json?.data) {
        props.onGenerated(json.data);
        setState({ kind: "done", source: json.data.source });
      } else {
        setState({ kind: "error", message: json?.error?.message || t("submit.errors.aiFailed") });
      }
    } catch {
      setState({ kind: "error", message: t("submit.errors.aiFailed") });
    }
  }

  return (
    <div className="rounded-md border border-dashed border-brand-300 bg-brand-50/50 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void generate()}
          disabled={state.kind === "busy"}
          className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50 disabled:opacity-60"
          data-testid="ai-generate"
        >
          {state.kind === "busy" ? t("submit.ai.busy") : t("submit.ai.button")}
        </button>
        <span className="text-xs text-slate-600">{t("submit.ai.help")}</span>
      </div>
      {state.kind === "done" ? (
        <p className="mt-2 text-sm text-emerald-700" role="status" data-testid="ai-status">
          {state.source === "llm" ? t("submit.ai.doneLlm") : t("submit.ai.donePage")}
        </p>
      ) : null}
      {state.kind === "error" ? (
        <p className="mt-2 text-sm text-red-600" role="alert" data-testid="ai-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
