import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useT } from "~/i18n/translator";
import { useNavigate } from "react-router";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import type { AutocompleteIndexFile, AutocompleteResult, rankAutocomplete } from "~/lib/autocomplete";
import { DEFAULT_TOOL_IMAGE } from "../tools/tool-card";

type LoadedIndex = { file: AutocompleteIndexFile; rank: typeof rankAutocomplete };
type IndexState = { status: "idle" | "loading" } | ({ status: "ready" } & LoadedIndex);

/**
 * One index download per page language, shared by every search box on the page. The ranking code
 * comes with it, on the first focus or keystroke, so pages do not ship it on first load.
 */
const indexCache = new Map<string, Promise<LoadedIndex>>();
function loadIndex(lang: string): Promise<LoadedIndex> {
  let pending = indexCache.get(lang);
  if (!pending) {
    const file = fetch(`/autocomplete-index.json?lang=${encodeURIComponent(lang)}`)
      .then((res) => (res.ok ? (res.json() as Promise<AutocompleteIndexFile>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .catch((error: unknown) => {
        // Spec 8: a failed index is treated as empty, with a warning; searching still works.
        console.warn("Search index failed to load", error);
        indexCache.delete(lang);
        return { mode: "full", endpoint: "", entries: [] } satisfies AutocompleteIndexFile;
      });
    pending = Promise.all([file, import("~/lib/autocomplete")]).then(([loaded, module]) => ({ file: loaded, rank: module.rankAutocomplete }));
    // A failed code download (e.g. offline after a deploy) is retried on the next focus.
    pending.catch(() => indexCache.delete(lang));
    indexCache.set(lang, pending);
  }
  return pending;
}

const EMPTY: AutocompleteResult = { items: [], more: false };

/** Suggestions for a term: ranked in the browser for a downloaded index, else asked from the server. */
function useSuggestions(index: IndexState, term: string, lang: string): AutocompleteResult {
  const [remote, setRemote] = useState<{ term: string; result: AutocompleteResult }>({ term: "", result: EMPTY });
  const file = index.status === "ready" ? index.file : null;
  const rank = index.status === "ready" ? index.rank : null;
  const local = useMemo(() => (file?.mode === "full" && rank && term ? rank(file.entries, term) : null), [file, rank, term]);
  useEffect(() => {
    if (file?.mode !== "remote" || !term) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${file.endpoint}?q=${encodeURIComponent(term)}&lang=${encodeURIComponent(lang)}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<AutocompleteResult>) : EMPTY))
        .then((result) => setRemote({ term, result }))
        .catch(() => undefined);
    }, 60);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, term, lang]);
  if (local) return local;
  return remote.term === term ? remote.result : EMPTY;
}

/**
 * Search box with autocomplete (spec 2.3, 4.6, 5): an ARIA combobox whose
 * listbox opens on non-empty input and closes on Escape or a click outside.
 * Arrow keys move the highlight with wrap-around; Enter opens the highlighted
 * tool or runs the search. At most 8 suggestions, plus a 'view all' row when
 * 8 are shown. The button is disabled for a blank term and while the index
 * loads. Without JavaScript it is a plain GET form to the tool list.
 */
/**
 * `labelledBy` names the search landmark after a heading (the home page's hero), so it is told apart from the
 * top bar's search, which is named "Search tools".
 */
export function SearchCombobox({ id, size = "md", autoFocus, labelledBy }: { id: string; size?: "md" | "lg"; autoFocus?: boolean; labelledBy?: string }) {
  const t = useT("common");
  const lang = useLang();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const listboxId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [index, setIndex] = useState<IndexState>({ status: "idle" });
  const trimmed = term.trim();
  const suggestions = useSuggestions(index, trimmed, lang);
  const showViewAll = suggestions.items.length >= 8;
  const optionCount = suggestions.items.length + (showViewAll ? 1 : 0);
  const expanded = open && trimmed.length > 0;
  const optionId = (i: number) => `${listboxId}-option-${i}`;

  function ensureIndex() {
    if (index.status !== "idle") return;
    setIndex({ status: "loading" });
    loadIndex(lang).then(
      (loaded) => setIndex({ status: "ready", ...loaded }),
      (error: unknown) => {
        console.warn("Search suggestions failed to load", error);
        setIndex({ status: "idle" });
      },
    );
  }

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [expanded]);

  function finish(path: string) {
    setOpen(false);
    setActive(-1);
    setTerm("");
    void navigate(path);
  }
  const searchPath = () => `${to("/tools")}?search=${encodeURIComponent(trimmed)}`;
  const pick = (i: number) => (i < suggestions.items.length ? finish(to(`/tool/${suggestions.items[i]!.slug}`)) : finish(searchPath()));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed) return;
    if (expanded && active >= 0 && active < optionCount) pick(active);
    else finish(searchPath());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!trimmed) return;
    setOpen(true);
    if (optionCount === 0) return;
    const step = event.key === "ArrowDown" ? 1 : -1;
    setActive((current) => (current < 0 ? (step > 0 ? 0 : optionCount - 1) : (current + step + optionCount) % optionCount));
  }

  const large = size === "lg";
  return (
    <form
      ref={rootRef}
      role="search"
      aria-label={labelledBy ? undefined : t("search.label")}
      aria-labelledby={labelledBy}
      action={to("/tools")}
      method="get"
      onSubmit={onSubmit}
      className={`relative flex w-full items-center gap-2 ${large ? "max-w-2xl" : "max-w-md"}`}
    >
      <label className="sr-only" htmlFor={id}>
        {t("search.label")}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={term}
        autoFocus={autoFocus}
        onFocus={ensureIndex}
        onChange={(event) => {
          ensureIndex();
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        maxLength={100}
        className={`w-full rounded-lg border border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 focus:border-brand-600 ${large ? "px-4 py-3 text-base" : "px-3 py-2 text-sm"}`}
      />
      <button
        type="submit"
        disabled={!trimmed || index.status === "loading"}
        className={`shrink-0 rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50 ${large ? "px-5 py-3" : "px-3 py-2 text-sm"}`}
      >
        {t("search.submit")}
      </button>
      <div
        className={`absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white text-left shadow-lg ${expanded ? "" : "hidden"}`}
      >
        <ul id={listboxId} role="listbox" aria-label={t("search.suggestions")}>
          {expanded
            ? suggestions.items.map((item, i) => (
                <li
                  key={item.slug}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => pick(i)}
                  onPointerMove={() => setActive(i)}
                  className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-800"}`}
                >
                  <img src={item.image_url || DEFAULT_TOOL_IMAGE} alt="" width={28} height={28} className="h-7 w-7 rounded object-cover" loading="lazy" />
                  <span className="truncate">{item.name}</span>
                </li>
              ))
            : null}
          {expanded && showViewAll ? (
            <li
              id={optionId(suggestions.items.length)}
              role="option"
              aria-selected={active === suggestions.items.length}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestions.items.length)}
              onPointerMove={() => setActive(suggestions.items.length)}
              className={`cursor-pointer border-t border-slate-100 px-3 py-2 text-sm font-medium ${active === suggestions.items.length ? "bg-brand-50 text-brand-800" : "text-brand-700"}`}
            >
              {t("search.viewAll", { term: trimmed })}
            </li>
          ) : null}
        </ul>
        {expanded && index.status === "loading" ? <p className="px-3 py-2 text-sm text-slate-500">{t("search.loadingIndex")}</p> : null}
        {expanded && index.status === "ready" && suggestions.items.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500">{t("search.noMatches")}</p>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded && index.status === "ready" ? t("search.resultsCount", { count: suggestions.items.length }) : ""}
      </p>
    </form>
  );
}
