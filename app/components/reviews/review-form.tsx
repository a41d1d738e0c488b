import { useState } from "react";
import { useRevalidator } from "react-router";
import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { OwnReview } from "~/.server/reviews/queries";
import { ApiRefusal, callApi } from "./api";

const TITLE_MAX = 120;
const BODY_MIN = 20;
const BODY_MAX = 4000;
const STARS = [1, 2, 3, 4, 5];

/** The reader's own review: write, edit or delete it; the page's figures reload after each change. */
export function ReviewForm({ subject, slug, own }: { subject: string; slug: string; own: OwnReview | null }) {
  const t = useT("reviews");
  const lang = useLang();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(own === null);
  const [rating, setRating] = useState(own?.rating ?? 0);
  const [title, setTitle] = useState(own?.title ?? "");
  const [body, setBody] = useState(own?.body ?? "");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "error" | "saved"; message?: string }>({ kind: "idle" });
  const valid = rating > 0 && title.trim().length > 0 && body.trim().length >= BODY_MIN;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setState({ kind: "sending" });
    try {
      await callApi("PUT", "/api/reviews", { subject, slug, rating, title, body, language: lang });
      setState({ kind: "saved" });
      setEditing(false);
      await revalidator.revalidate();
    } catch (error) {
      setState({ kind: "error", message: error instanceof ApiRefusal && error.status === 429 ? t("form.tooMany") : error instanceof ApiRefusal && error.status === 400 ? t("form.invalid") : t("form.failed") });
    }
  }

  async function remove() {
    if (!window.confirm(t("form.confirmDelete"))) return;
    setState({ kind: "sending" });
    try {
      await callApi("DELETE", "/api/reviews", { subject, slug });
      setRating(0);
      setTitle("");
      setBody("");
      setEditing(true);
      setState({ kind: "idle" });
      await revalidator.revalidate();
    } catch {
      setState({ kind: "error", message: t("form.failed") });
    }
  }

  const status = own?.status === "pending" ? t("form.pending") : own?.status === "hidden" ? t("form.hidden") : null;
  if (own && !editing) {
    return (
      <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="own-review">
        <p className="font-medium text-slate-900">{t("form.yours")}</p>
        {status ? <p className="text-amber-800" data-testid="own-review-status">{status}</p> : null}
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={() => setEditing(true)} className="font-medium text-brand-700 underline" data-testid="review-edit">{t("form.edit")}</button>
          <button type="button" onClick={() => void remove()} className="font-medium text-red-700 underline" data-testid="review-delete">{t("form.delete")}</button>
        </div>
      </div>
    );
  }
  const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="review-form">
      <h3 className="font-semibold text-slate-900">{own ? t("form.editTitle") : t("form.title")}</h3>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("form.stars")}</legend>
        <div role="radiogroup" className="mt-1 flex">
          {STARS.map((value) => (
            <button key={value} type="button" role="radio" aria-checked={rating === value} aria-label={t("stars", { count: value })} onClick={() => setRating(value)} data-testid={`review-star-${value}`} className={`px-0.5 text-2xl leading-none ${value <= rating ? "text-amber-500" : "text-slate-300"}`}>★</button>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm font-medium text-slate-700">
        {t("form.headline")}
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={TITLE_MAX} required className={input} data-testid="review-title" />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t("form.body")}
        <textarea value={body} onChange={(e) => setBody(e.target.value)} minLength={BODY_MIN} maxLength={BODY_MAX} required rows={5} className={input} data-testid="review-body" />
        <span className="mt-1 block text-xs font-normal text-slate-500">{t("form.bodyHint", { min: BODY_MIN, max: BODY_MAX })} · {t("form.plain")}</span>
      </label>
      {state.kind === "error" ? <p role="alert" className="text-sm text-red-700">{state.message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!valid || state.kind === "sending"} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50" data-testid="review-submit">{own ? t("form.save") : t("form.publish")}</button>
        {own ? <button type="button" onClick={() => setEditing(false)} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700">{t("form.cancel")}</button> : null}
      </div>
    </form>
  );
}
