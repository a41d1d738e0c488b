import { useState } from "react";
import { useAdminText } from "~/components/admin/admin-text";

type State = "idle" | "taking" | "done" | "failed" | "off";

/** The admin console's "take screenshot" for one tool: captures its website now and says how it went. */
export function ScreenshotButton({ slug, className }: { slug: string; className: string }) {
  const { t } = useAdminText();
  const [state, setState] = useState<State>("idle");
  const take = async () => {
    setState("taking");
    try {
      const response = await fetch(`/api/admin/tools/${encodeURIComponent(slug)}/screenshot`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      setState(response.ok ? "done" : response.status === 503 ? "off" : "failed");
    } catch {
      setState("failed");
    }
  };
  const message = state === "done" ? t("screenshot.done") : state === "failed" ? t("screenshot.failed") : state === "off" ? t("screenshot.off") : null;
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={className} onClick={() => void take()} disabled={state === "taking"} data-testid="order-screenshot">
        {state === "taking" ? t("screenshot.taking") : t("screenshot.take")}
      </button>
      {message ? (
        <span role="status" className={`text-xs ${state === "done" ? "text-emerald-700" : "text-red-700"}`}>
          {message}
        </span>
      ) : null}
    </span>
  );
}
