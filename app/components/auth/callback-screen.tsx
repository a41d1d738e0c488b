import { useEffect, useState } from "react";

export interface CallbackView {
  ok: boolean;
  title: string;
  message: string | null;
  redirectTo: string;
  delayMs: number;
  homeLabel: string;
  processing: string;
}

/** Callback page: processing, then success or error, then back after the spec's delay. */
export function CallbackScreen({ view, testId }: { view: CallbackView; testId: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const timer = window.setTimeout(() => window.location.replace(view.redirectTo), view.delayMs);
    return () => window.clearTimeout(timer);
  }, [view.redirectTo, view.delayMs]);
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 py-16 text-center" data-testid={testId}>
      <div
        aria-hidden="true"
        className={`flex h-12 w-12 items-center justify-center rounded-full text-2xl ${view.ok ? "bg-emerald-100 text-emerald-700" : "bg-red-100 text-red-700"}`}
      >
        {view.ok ? "✓" : "!"}
      </div>
      <h1 className="text-xl font-semibold text-slate-900" data-testid="callback-title">{view.title}</h1>
      {view.message ? (
        <p role={view.ok ? "status" : "alert"} className={view.ok ? "text-slate-600" : "text-red-700"} data-testid="callback-message">
          {view.message}
        </p>
      ) : null}
      {!hydrated ? <p className="text-sm text-slate-500">{view.processing}</p> : null}
      <a href={view.redirectTo} className="text-sm font-medium text-brand-700 hover:underline">{view.homeLabel}</a>
    </main>
  );
}
