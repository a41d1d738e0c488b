import { useEffect, useState, type FormEvent } from "react";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";

interface KeyView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
interface KeysAnswer {
  keys: KeyView[];
  max: number;
  key?: string;
}

async function send(body?: unknown): Promise<{ ok: boolean; status: number; data: KeysAnswer | null }> {
  const res = await fetch("/api/user/api-keys", body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  return { ok: res.ok, status: res.status, data: res.ok ? ((await res.json()) as KeysAnswer) : null };
}

/** The dashboard's API keys: name and create one (shown once, to copy), see them, revoke one. */
export function ApiKeysPanel() {
  const t = useT("feeds");
  const lang = useLang();
  const to = useLocalizedPath();
  const [keys, setKeys] = useState<KeyView[] | null>(null);
  const [name, setName] = useState("");
  const [fresh, setFresh] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const date = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: "medium" });

  useEffect(() => {
    send().then((answer) => (answer.data ? setKeys(answer.data.keys) : setError(t("keys.error"))), () => setError(t("keys.error")));
  }, [t]);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(t("keys.nameRequired"));
    setBusy(true);
    setError(null);
    const answer = await send({ name: name.trim() }).catch(() => null);
    setBusy(false);
    if (!answer?.data) return setError(answer?.status === 409 ? t("keys.tooMany") : t("keys.error"));
    setKeys(answer.data.keys);
    setFresh(answer.data.key ?? null);
    setCopied(false);
    setName("");
  }

  async function revoke(key: KeyView) {
    if (!window.confirm(t("keys.revokeConfirm", { name: key.name }))) return;
    const answer = await send({ revoke: key.id }).catch(() => null);
    if (!answer?.data) return setError(t("keys.error"));
    setKeys(answer.data.keys);
  }

  return (
    <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5" aria-labelledby="api-keys-title" data-testid="api-keys">
      <h2 id="api-keys-title" className="font-semibold text-slate-900">{t("keys.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("keys.intro")}{" "}
        <a className="text-brand-700 underline" href={to("/developers")}>{t("keys.docs")}</a>
      </p>
      <form className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={create}>
        <label className="flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">{t("keys.name")}</span>
          <input className="w-full rounded-md border border-slate-300 px-3 py-2" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} name="name" />
        </label>
        <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60">
          {t("keys.create")}
        </button>
      </form>
      {error ? <p role="alert" className="mt-2 text-sm text-red-700">{error}</p> : null}
      {fresh ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="new-api-key">
          <p className="text-sm font-medium text-amber-900">{t("keys.shownOnce")}</p>
          <code className="mt-2 block font-mono text-sm break-all text-slate-900">{fresh}</code>
          <button
            type="button"
            className="mt-2 rounded-md border border-slate-300 bg-white px-3 py-1 text-sm"
            onClick={() => navigator.clipboard?.writeText(fresh).then(() => setCopied(true), () => undefined)}
          >
            {copied ? t("keys.copied") : t("keys.copy")}
          </button>
        </div>
      ) : null}
      {keys && keys.length === 0 ? <p className="mt-4 text-sm text-slate-600">{t("keys.none")}</p> : null}
      {keys && keys.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{key.name}</p>
                <p className="text-slate-500">
                  <code className="font-mono">{key.prefix}…</code> · {t("keys.createdOn", { date: date.format(new Date(key.createdAt)) })}
                  {key.lastUsedAt ? ` · ${t("keys.lastUsed", { date: date.format(new Date(key.lastUsedAt)) })}` : ""}
                </p>
              </div>
              {key.revokedAt ? (
                <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-600">{t("keys.revoked")}</span>
              ) : (
                <button type="button" onClick={() => revoke(key)} className="rounded-md border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50">
                  {t("keys.revoke")}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
