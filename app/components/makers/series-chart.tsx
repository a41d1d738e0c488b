/**
 * One figure per day as bars, drawn on the server like the admin analytics charts (no script needed, the
 * same on a cached page); the total beside the title and a table with every day are its text alternative.
 */
/** A narrow drawing, so its 11-unit labels stay readable in a half-width card and on a phone. */
const WIDTH = 400;
const HEIGHT = 150;
const PAD = { left: 30, right: 6, top: 8, bottom: 22 };

export function SeriesChart({ id, title, days, values, locale, color = "#4f46e5" }: { id: string; title: string; days: string[]; values: number[]; locale: string; color?: string }) {
  const max = Math.max(4, ...values);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const number = new Intl.NumberFormat(locale);
  const dayLabel = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const every = Math.max(1, Math.ceil(days.length / 4));
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4" data-testid={`stats-${id}`}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">{title}</span>
        <span className="text-xl font-semibold tabular-nums text-slate-900" data-testid={`stats-${id}-total`}>{number.format(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}: ${number.format(total)}`} className="mt-2 h-auto w-full">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH * (1 - f)} y2={PAD.top + innerH * (1 - f)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={PAD.top + innerH * (1 - f) + 4} textAnchor="end" fontSize="11" fill="#64748b">{number.format(Math.round(max * f))}</text>
          </g>
        ))}
        {values.map((v, i) => {
          const h = (v / max) * innerH;
          return (
            <rect key={days[i]} x={PAD.left + i * slot + slot * 0.15} y={PAD.top + innerH - h} width={Math.max(1, slot * 0.7)} height={h} fill={color}>
              <title>{`${dayLabel.format(new Date(`${days[i]}T00:00:00Z`))}: ${number.format(v)}`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          i % every === 0 || i === days.length - 1 ? (
            <text key={d} x={PAD.left + i * slot + slot / 2} y={HEIGHT - 6} textAnchor={i === days.length - 1 ? "end" : i === 0 ? "start" : "middle"} fontSize="11" fill="#64748b">{dayLabel.format(new Date(`${d}T00:00:00Z`))}</text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
