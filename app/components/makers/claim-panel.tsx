import { useState } from "react";
import type { ClaimState } from "~/.server/makers/claim-state";
import { AppLink } from "~/delivery/app-link";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { ClaimMethod } from "~/lib/makers";

/** Errors the panel explains in words; anything else is "could not be done". */
const KNOWN_ERRORS = new Set(["no_website", "already_maker", "email_domain", "mail_off", "rate_limited", "not_found", "network"]);
const errorKey = (code: string | undefined) => `claim.errors.${code && KNOWN_ERRORS.has(code) ? code : "failed"}`;

type Phase = { kind: "closed" } | { kind: "loading" } | { kind: "signedOut" } | { kind: "failed" } | { kind: "ready"; state: ClaimState };
type Open = ClaimState["open"][number];

async function readJson(response: Response): Promise<{ data?: unknown; error?: { code?: string; reason?: string; message?: string } }> {
  try {
    return (await response.json()) as never;
  } catch {
    return {};
  }
}

/**
 * "Is this your tool?": a signed-in user proves control of the tool's domain (a meta tag on its home page,
 * a file under /.well-known/, or a link mailed to an address at the domain) and becomes its maker. The
 * page stays cacheable: what the user has started is asked for when the panel opens.
 */
export function ClaimPanel({ slug }: { slug: string }) {
  const t = useT("makers");
  const lang = useLang();
  const to = useLocalizedPath();
  const [phase, setPhase] = useState<Phase>({ kind: "closed" });
  const [method, setMethod] = useState<ClaimMethod>("meta");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    setPhase({ kind: "loading" });
    const response = await fetch(`/api/claims?slug=${encodeURIComponent(slug)}`, { headers: { Accept: "application/json" } }).catch(() => null);
    if (!response) return setPhase({ kind: "failed" });
    if (response.status === 401) return setPhase({ kind: "signedOut" });
    const body = await readJson(response);
    setPhase(response.ok ? { kind: "ready", state: body.data as ClaimState } : { kind: "failed" });
  };

  const start = async () => {
    setBusy(true);
    setMessage(null);
    const response = await fetch("/api/claims", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ slug, method, lang, ...(method === "email" ? { email } : {}) }),
    }).catch(() => null);
    setBusy(false);
    if (!response) return setMessage(t("claim.errors.network"));
    const body = await readJson(response);
    if (!response.ok) return setMessage(t(errorKey(body.error?.reason ?? body.error?.code)));
    if (method === "email") setMessage(t("claim.mailSent", { email }));
    await load();
  };

  const check = async (claim: Open) => {
    setBusy(true);
    setMessage(null);
    const response = await fetch(`/api/claims/${claim.id}/check`, { method: "POST", headers: { Accept: "application/json" } }).catch(() => null);
    setBusy(false);
    if (!response) return setMessage(t("claim.errors.network"));
    const body = (await readJson(response)) as { data?: { ok: boolean; status?: string; reason?: string }; error?: { code?: string } };
    if (!response.ok || !body.data) return setMessage(t(errorKey(body.error?.code)));
    if (body.data.ok) setMessage(body.data.status === "disputed" ? t("claim.disputed") : t("claim.verified"));
    else setMessage(t(`claim.check.${body.data.reason ?? "not_found"}`));
    await load();
  };

  return (
    <details
      lang={htmlLang(lang)}
      className="rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="claim-panel"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open && phase.kind === "closed") void load();
      }}
    >
      <summary className="cursor-pointer font-medium text-slate-900">{t("claim.question")}</summary>
      <div className="mt-3 space-y-3 text-sm text-slate-700">
        <p>{t("claim.intro")}</p>
        {phase.kind === "loading" ? <p role="status">{t("claim.loading")}</p> : null}
        {phase.kind === "failed" ? <p role="alert" className="text-rose-700">{t("claim.errors.failed")}</p> : null}
        {phase.kind === "signedOut" ? (
          <AppLink to={`${to("/")}?login=1&returnTo=${encodeURIComponent(to(`/tool/${slug}`))}`} className="inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700" data-testid="claim-sign-in">
            {t("claim.signIn")}
          </AppLink>
        ) : null}
        {phase.kind === "ready" ? (
          <ClaimSteps
            state={phase.state}
            slug={slug}
            method={method}
            setMethod={setMethod}
            email={email}
            setEmail={setEmail}
            busy={busy}
            onStart={start}
            onCheck={check}
          />
        ) : null}
        {message ? <p role="status" className="font-medium text-slate-900" data-testid="claim-message">{message}</p> : null}
      </div>
    </details>
  );
}

function ClaimSteps(props: {
  state: ClaimState;
  slug: string;
  method: ClaimMethod;
  setMethod: (m: ClaimMethod) => void;
  email: string;
  setEmail: (e: string) => void;
  busy: boolean;
  onStart: () => void;
  onCheck: (claim: Open) => void;
}) {
  const t = useT("makers");
  const to = useLocalizedPath();
  const { state, method } = props;
  if (state.maker) {
    return (
      <p data-testid="claim-maker">
        {t("claim.youAreMaker")}{" "}
        <AppLink to={to(`/user/my-tools/${props.slug}/stats`)} className="font-medium text-brand-700 hover:underline" data-testid="claim-stats-link">{t("claim.openStats")}</AppLink>
      </p>
    );
  }
  if (!state.domain) return <p>{t("claim.errors.no_website")}</p>;
  const methods: ClaimMethod[] = state.mailAvailable ? ["meta", "file", "email"] : ["meta", "file"];
  const open = state.open.find((c) => c.method === method && c.status === "pending");
  const disputed = state.open.find((c) => c.status === "disputed");
  return (
    <div className="space-y-3">
      {state.heldByOther ? <p className="rounded-md bg-amber-50 p-2 text-amber-900">{t("claim.heldByOther")}</p> : null}
      {disputed ? <p className="rounded-md bg-amber-50 p-2 text-amber-900" data-testid="claim-disputed">{t("claim.disputed")}</p> : null}
      <fieldset>
        <legend className="font-medium text-slate-900">{t("claim.methodLabel", { domain: state.domain })}</legend>
        <div className="mt-1 space-y-1">
          {methods.map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="claim-method" value={m} checked={method === m} onChange={() => props.setMethod(m)} data-testid={`claim-method-${m}`} />
              {t(`claim.methods.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {method === "email" ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1">
            {t("claim.emailLabel", { domain: state.domain })}
            <input type="email" value={props.email} onChange={(e) => props.setEmail(e.target.value)} maxLength={254} className="rounded-md border border-slate-300 px-3 py-2" placeholder={`you@${state.domain}`} data-testid="claim-email" />
          </label>
          <button type="button" disabled={props.busy || !props.email} onClick={props.onStart} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50" data-testid="claim-send">
            {t("claim.sendLink")}
          </button>
        </div>
      ) : open?.token ? (
        <div className="space-y-2" data-testid="claim-instructions">
          <p>{method === "meta" ? t("claim.metaStep", { domain: state.domain }) : t("claim.fileStep", { domain: state.domain, path: state.filePath })}</p>
          <code className="block break-all rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-900" data-testid="claim-snippet">
            {method === "meta" ? `<meta name="${state.metaName}" content="${open.token}">` : open.token}
          </code>
          <p className="text-xs text-slate-600">{t("claim.expires", { date: open.expiresAt.slice(0, 10) })}</p>
          <button type="button" disabled={props.busy} onClick={() => props.onCheck(open)} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50" data-testid="claim-check">
            {t("claim.checkNow")}
          </button>
        </div>
      ) : (
        <button type="button" disabled={props.busy} onClick={props.onStart} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50" data-testid="claim-start">
          {t("claim.getToken")}
        </button>
      )}
    </div>
  );
}
