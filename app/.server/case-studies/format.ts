import { htmlLang, type Lang } from "~/i18n/languages";
import type { DetailView } from "../resolve/types";

/** One formatter per language: building one costs more than rendering the rest of a case-study page's text. */
const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/** A date in the page language, formatted on the server so hydration sees the same text. */
export function formatDate(value: string, lang: Lang): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let format = dateFormats.get(lang);
  if (!format) dateFormats.set(lang, (format = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: "long", timeZone: "UTC" })));
  return format.format(date);
}

/**
 * Minutes to read when the case study does not say: about 200 words a
 * minute, counting CJK characters as words at 2.5 per word.
 */
export function estimateReadMinutes(view: Pick<DetailView, "description" | "subtitle" | "features" | "useCases" | "benefits" | "challenges" | "solutions" | "results">): number {
  const text = [view.subtitle, view.description, ...view.features, ...view.useCases, ...view.benefits, ...view.challenges, ...view.solutions, ...view.results].join(" ");
  const cjk = (text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g) ?? []).length;
  const words = text.replace(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g, " ").split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round((words + cjk / 2.5) / 200));
}
