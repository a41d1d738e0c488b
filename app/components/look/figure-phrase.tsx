/**
 * A translated phrase that carries a figure ("170+ AI tools", "AI 도구 170+개"), with the figure set large
 * wherever the language puts it. The phrase reads as one text to screen readers.
 */
export function FigurePhrase({ text, figure }: { text: string; figure: string }) {
  const at = text.indexOf(figure);
  if (at < 0) return <span className="text-lg font-semibold">{text}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline justify-center gap-x-1.5" data-testid="figure-phrase">
      {at > 0 ? <span className="text-base font-medium text-brand-100">{text.slice(0, at).trim()}</span> : null}
      <strong className="text-3xl font-bold text-white">{figure}</strong>
      {at + figure.length < text.length ? <span className="text-base font-medium text-brand-100">{text.slice(at + figure.length).trim()}</span> : null}
    </span>
  );
}
