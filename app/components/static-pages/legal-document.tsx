import { useI18n, useT } from "~/i18n/translator";
import type { EffectiveDate } from "~/lib/effective-date";
import { stringList } from "./string-list";

/** One numbered section: its key in the `about` bundle and its stable anchor (the same in every language). */
export interface LegalSection {
  key: string;
  anchor: string;
  /** Titled parts inside the section (keys under the section, e.g. `pageViews`), each with its own anchor. */
  subsections?: ReadonlyArray<{ key: string; anchor: string }>;
}

interface LegalDocumentProps {
  /** Bundle prefix: `privacy` or `terms`. */
  doc: "privacy" | "terms";
  sections: readonly LegalSection[];
  effectiveDate: EffectiveDate;
  contactEmail: string;
  /** Section after whose text the contact address is shown as a mail link. */
  contactSectionKey?: string;
}

/**
 * A legal text: title, effective date, a table of contents linking to each
 * section, then the sections as an ordered list, numbered in their headings
 * so the numbers survive copying and reading without styles.
 */
export function LegalDocument({ doc, sections, effectiveDate, contactEmail, contactSectionKey = "contact" }: LegalDocumentProps) {
  const t = useT(["about", "common"]);
  const i18n = useI18n();
  const exists = (key: string) => i18n.exists(key);
  const key = (rest: string) => `about:${doc}.${rest}`;
  return (
    <article className="mx-auto max-w-5xl">
      <title>{`${t(key("meta.title"))} | ${t("common:site.name")}`}</title>
      <meta name="description" content={t(key("meta.description"))} />
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(key("title"))}</h1>
        <p className="mt-3 text-sm text-slate-600">
          {t("about:legal.effective")}{" "}
          <time dateTime={effectiveDate.iso} className="font-medium text-slate-800">{effectiveDate.label}</time>
        </p>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{t(key("intro"))}</p>
      </header>
      <div className="mt-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-labelledby={`${doc}-contents`} className="mb-10 rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-20 lg:mb-0 lg:self-start">
          <h2 id={`${doc}-contents`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t("about:legal.contents")}</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.key} className="flex gap-2">
                <span className="w-6 shrink-0 text-right tabular-nums text-slate-500" aria-hidden="true">{index + 1}.</span>
                <a className="text-slate-700 underline-offset-2 hover:text-brand-700 hover:underline" href={`#${section.anchor}`}>
                  {t(key(`sections.${section.key}.title`))}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="space-y-10">
          {sections.map((section, index) => {
            const base = key(`sections.${section.key}`);
            const paragraphs = stringList(t, exists, `${base}.paragraphs`);
            const items = stringList(t, exists, `${base}.items`);
            const outro = stringList(t, exists, `${base}.after`);
            const headingId = section.anchor;
            return (
              <li key={section.key}>
                <section aria-labelledby={headingId} className="scroll-mt-20">
                  <h2 id={headingId} className="text-xl font-semibold text-slate-900">
                    {`${index + 1}. ${t(`${base}.title`)}`}
                  </h2>
                  <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
                    {paragraphs.map((text) => <p key={text}>{text}</p>)}
                    {items.length > 0 ? (
                      <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">
                        {items.map((text) => <li key={text}>{text}</li>)}
                      </ul>
                    ) : null}
                    {outro.map((text) => <p key={text}>{text}</p>)}
                    {section.subsections?.map((sub) => <LegalSubsection key={sub.key} base={`${base}.${sub.key}`} anchor={sub.anchor} />)}
                    {section.key === contactSectionKey ? (
                      <p>
                        <a className="font-medium text-brand-700 underline" href={`mailto:${contactEmail}`}>{contactEmail}</a>
                      </p>
                    ) : null}
                  </div>
                </section>
              </li>
            );
          })}
        </ol>
      </div>
    </article>
  );
}

function LegalSubsection({ base, anchor }: { base: string; anchor: string }) {
  const t = useT(["about"]);
  const i18n = useI18n();
  const exists = (key: string) => i18n.exists(key);
  return (
    <section aria-labelledby={anchor} className="scroll-mt-20 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h3 id={anchor} className="text-lg font-semibold text-slate-900">{t(`${base}.title`)}</h3>
      <div className="mt-2 space-y-3">
        {stringList(t, exists, `${base}.paragraphs`).map((text) => <p key={text}>{text}</p>)}
        <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">
          {stringList(t, exists, `${base}.items`).map((text) => <li key={text}>{text}</li>)}
        </ul>
        {stringList(t, exists, `${base}.after`).map((text) => <p key={text}>{text}</p>)}
      </div>
    </section>
  );
}
