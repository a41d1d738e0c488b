import type { DailyPoint, Ranked } from "~/lib/analytics";

/**
 * Plain SVG charts, drawn on the server like the rest of the page (no chart library, no script needed).
 * Each has a text alternative: the tables beside them carry the same numbers.
 */
const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => value <= s * 4)!;
  return step * 4;
}

/** Views and visitors per day: two lines over the range, four grid lines, a few day labels. */
export function DailyChart({ points, labels, locale }: { points: DailyPoint[]; labels: { views: string; visitors: string; chart: string }; locale: string }) {
  const max = niceMax(Math.max(0, ...points.map((p) => p.views)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (pick: (p: DailyPoint) => number) => points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join("");
  const number = new Intl.NumberFormat(locale);
  const dayLabel = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const every = Math.max(1, Math.ceil(points.length / 6));
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={labels.chart} className="h-auto w-full" data-testid="analytics-daily-chart">
        {[0, 1, 2, 3, 4].map((step) => {
          const value = (max / 4) * step;
          return (
            <g key={step}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" fontSize="11" fill="#64748b">{number.format(value)}</text>
            </g>
          );
        })}
        {points.map((p, i) =>
          i % every === 0 || i === points.length - 1 ? (
            <text key={p.day} x={x(i)} y={HEIGHT - 8} textAnchor={i === points.length - 1 ? "end" : i === 0 ? "start" : "middle"} fontSize="11" fill="#64748b">{dayLabel.format(new Date(`${p.day}T00:00:00Z`))}</text>
          ) : null,
        )}
        <path d={line((p) => p.views)} fill="none" stroke="#4f46e5" strokeWidth="2" />
        <path d={line((p) => p.visitors)} fill="none" stroke="#10b981" strokeWidth="2" strokeDasharray="5 3" />
        {points.map((p, i) => (p.views > 0 ? <circle key={p.day} cx={x(i)} cy={y(p.views)} r="2.5" fill="#4f46e5"><title>{`${p.day}: ${number.format(p.views)} / ${number.format(p.visitors)}`}</title></circle> : null))}
      </svg>
      <figcaption className="mt-2 flex gap-6 text-sm text-slate-600">
        <span className="flex items-center gap-2"><span className="inline-block h-0.5 w-5 bg-indigo-600" aria-hidden="true" />{labels.views}</span>
        <span className="flex items-center gap-2"><span className="inline-block h-0.5 w-5 border-t-2 border-dashed border-emerald-500" aria-hidden="true" />{labels.visitors}</span>
      </figcaption>
    </figure>
  );
}

/** A ranked breakdown as horizontal bars with the figures beside them. */
export function BarList({ rows, label, format, name }: { rows: Ranked[]; label: string; format: (n: number) => string; name: (value: string) => string }) {
  const max = Math.max(1, ...rows.map((r) => r.views));
  return (
    <ul aria-label={label} className="space-y-1.5">
      {rows.map((row) => (
        <li key={row.value} className="relative flex items-center justify-between gap-3 rounded px-2 py-1 text-sm">
          <span className="absolute inset-y-0 left-0 rounded bg-brand-50" style={{ width: `${(row.views / max) * 100}%` }} aria-hidden="true" />
          <span className="relative min-w-0 truncate text-slate-800" title={row.value}>{row.label ?? name(row.value)}</span>
          <span className="relative shrink-0 tabular-nums text-slate-600">
            {format(row.views)} <span className="text-slate-500">· {format(row.visitors)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
