import { useEffect, useRef, useState, type FormEvent } from "react";
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

/** The message for a failed request: the limit of keys, too many changes, a signed-out session, or a retry. */
function failureKey(status: number | undefined): string {
  if (status === 409) return "keys.tooMany";
  if (status === 429) return "keysPanel.tooOften";
  if (status === 401) return "keysPanel.signedOut";
  return "keys.error";
}

async function send(body?: unknown): Promise<{ ok: boolean; status: number; data: KeysAnswer | null }> {
  const res = await fetch("/api/user/api-keys", body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  return { ok: res.ok, status: res.status, data: res.ok ? ((await res.json()) as KeysAnswer) : null };
}

/**
 * The dashboard's API keys: name and create one (shown once, to copy, until it is revoked), see them with
 * how many of the allowed keys are in use, revoke one.
 */
export function ApiKeysPanel() {
  const t = useT("feeds");
  const lang = useLang();
  const to = useLocalizedPath();
  const [keys, setKeys] = useState<KeyView[] | null>(null);
  const [max, setMax] = useState(0);
  const [name, setName] = useState("");
  const [fresh, setFresh] = useState<{ key: string; name: string } | null>(null);
  const [copied, setCopied] = useState<"no" | "yes" | "manual">("no");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<number | null>(null);
  const secretRef = useRef<HTMLElement>(null);
  const date = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: "medium" });

  useEffect(() => {
    send().then(
      (answer) => {
        if (!answer.data) return setError(t(failureKey(answer.status)));
        setKeys(answer.data.keys);
        setMax(answer.data.max);
      },
      () => setError(t("keys.error")),
    );
  }, [t]);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(t("keys.nameRequired"));
    setBusy(true);
    setError(null);
    const answer = await send({ name: name.trim() }).catch(() => null);
    setBusy(false);
    if (!answer?.data) return setError(t(failureKey(answer?.status)));
    setKeys(answer.data.keys);
    setFresh(answer.data.key ? { key: answer.data.key, name: name.trim() } : null);
    setCopied("no");
    setName("");
  }

  async function revoke(key: KeyView) {
    if (!window.confirm(t("keys.revokeConfirm", { name: key.name }))) return;
    setRevoking(key.id);
    setError(null);
    const answer = await send({ revoke: key.id }).catch(() => null);
    setRevoking(null);
    if (!answer?.data) return setError(t(failureKey(answer?.status)));
    setKeys(answer.data.keys);
    // A revoked key's secret is of no use any more: it is not left on the screen to be copied.
    if (fresh?.key.startsWith(key.prefix)) setFresh(null);
  }

  /** Copies the new key; where the clipboard is not available (a plain-HTTP address), selects it to copy by hand. */
  function copy(secret: string) {
    const selectByHand = () => {
      const node = secretRef.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopied("manual");
    };
    if (!navigator.clipboard) return selectByHand();
    navigator.clipboard.writeText(secret).then(() => setCopied("yes"), selectByHand);
  }

  const activeKeys = keys?.filter((key) => !key.revokedAt) ?? [];
  const revokedKeys = keys?.filter((key) => key.revokedAt) ?? [];
  const active = activeKeys.length;

  const row = (key: KeyView) => (
    <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="api-key-row" data-revoked={key.revokedAt ? "true" : "false"}>
      <div className="min-w-0">
        <p className={`font-medium break-words ${key.revokedAt ? "text-slate-600" : "text-slate-900"}`}>{key.name}</p>
        <p className="text-slate-500">
          <code className="font-mono">{key.prefix}…</code> · {t("keys.createdOn", { date: date.format(new Date(key.createdAt)) })}
          {key.lastUsedAt ? ` · ${t("keys.lastUsed", { date: date.format(new Date(key.lastUsedAt)) })}` : ""}
        </p>
      </div>
      {key.revokedAt ? (
        // A date, not a button-like badge: in German the state and the action are the same word.
        <span className="text-slate-500">{t("keysPanel.revokedOn", { date: date.format(new Date(key.revokedAt)) })}</span>
      ) : (
        <button
          type="button"
          onClick={() => revoke(key)}
          disabled={revoking !== null}
          className="rounded-md border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {t("keys.revoke")}
        </button>
      )}
    </li>
  );

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
          <input
            className="w-full rounded-md border border-slate-300 px-3 py-2"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            name="name"
            aria-invalid={error === t("keys.nameRequired")}
            aria-describedby={error ? "api-keys-error" : undefined}
          />
        </label>
        <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60">
          {t("keys.create")}
        </button>
      </form>
      {error ? <p role="alert" id="api-keys-error" className="mt-2 text-sm text-red-700">{error}</p> : null}
      {fresh ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="new-api-key">
          <p className="text-sm font-medium break-words text-amber-900">{t("keysPanel.shownOnceFor", { name: fresh.name })}</p>
          <code ref={secretRef} className="mt-2 block font-mono text-sm break-all text-slate-900" data-testid="new-api-key-secret">{fresh.key}</code>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <button type="button" className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm" onClick={() => copy(fresh.key)}>
              {copied === "yes" ? t("keys.copied") : t("keys.copy")}
            </button>
            {copied === "manual" ? <span role="status" className="text-sm text-amber-900">{t("keysPanel.copyByHand")}</span> : null}
          </div>
        </div>
      ) : null}
      {keys === null && !error ? <p className="mt-4 text-sm text-slate-500">{t("keysPanel.loading")}</p> : null}
      {keys && keys.length === 0 ? <p className="mt-4 text-sm text-slate-600">{t("keys.none")}</p> : null}
      {keys && keys.length > 0 && max > 0 ? (
        <p className="mt-4 text-sm text-slate-600" data-testid="api-keys-active">{t("keysPanel.active", { count: active, max })}</p>
      ) : null}
      {activeKeys.length ? <ul className="mt-2 divide-y divide-slate-100">{activeKeys.map(row)}</ul> : null}
      {/* Revoked keys stay listed (what was cut off, and when) but folded, so the keys in use come first. */}
      {revokedKeys.length ? (
        <details className="mt-3 text-sm" data-testid="revoked-keys">
          <summary className="cursor-pointer font-medium text-slate-700">
            {t("keysPanel.revokedKeys")} <span className="text-slate-500 tabular-nums">({revokedKeys.length})</span>
          </summary>
          <ul className="mt-1 divide-y divide-slate-100">{revokedKeys.map(row)}</ul>
        </details>
      ) : null}
    </section>
  );
}
