import { ScrollRegion } from "../scroll-region";

export interface DiffTableRow {
  field: string;
  before: unknown;
  after: unknown;
}

/** A value as a diff cell shows it: lists joined, empty as a dash. */
export function diffCell(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.join(" · ") || "—";
  return String(value);
}

/**
 * Field by field, the value before and after: an update proposal under review, and an administrator's edit
 * of a listing once saved. `label` names a field, `shown` turns a stored value into what the admin reads.
 */
export function DiffTable({ rows, title, headings, label, shown = (_field, value) => value }: {
  rows: DiffTableRow[];
  title: string;
  headings: { field: string; before: string; after: string };
  label: (field: string) => string;
  shown?: (field: string, value: unknown) => unknown;
}) {
  return (
    <ScrollRegion label={title} className="mt-1">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr><th className="py-1 pr-3">{headings.field}</th><th className="py-1 pr-3">{headings.before}</th><th className="py-1">{headings.after}</th></tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className="border-t border-slate-100 align-top" data-testid="diff-row" data-field={row.field}>
              <td className="py-1 pr-3 font-medium text-slate-700">{label(row.field)}</td>
              <td className="break-words py-1 pr-3 text-rose-700 line-through decoration-rose-300">{diffCell(shown(row.field, row.before))}</td>
              <td className="break-words py-1 text-emerald-800">{diffCell(shown(row.field, row.after))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
