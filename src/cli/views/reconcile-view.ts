// `tm reconcile`: the report as a table on a terminal (one line per docket row, differences as
// "field: theirs → ours") and as CSV with `--csv` (one line per docket row, theirs and ours per field).
import type { z } from 'zod';
import type { Reconciliation } from '../../ops/records/reconcile-docket.js';
import { csvLine } from '../../core/csv.js';
import { table } from './table.js';
import { count } from './words.js';

type Report = z.infer<typeof Reconciliation>;
const FIELDS = ['status', 'next_deadline', 'owner'] as const;

export const renderReconciliation = (out: Report): string => {
  const s = out.summary;
  const rows = out.rows.map((r) => [
    String(r.line),
    r.ref ?? '',
    `${r.office ?? '?'}:${r.number ?? '?'}`,
    r.result,
    r.mark_text ?? '',
    r.result === 'invalid' ? (r.detail ?? '') : r.differences.map((d) => `${d.field}: ${d.theirs} → ${d.ours ?? '—'}`).join('; '),
  ]);
  const body = table(
    [{ header: 'Line', priority: 1 }, { header: 'Ref', priority: 5, min: 6 }, { header: 'Mark', priority: 1 }, { header: 'Result', priority: 1 }, { header: 'Text', priority: 4, min: 8 }, { header: 'Differences (theirs → ours)', priority: 2, min: 20 }],
    rows,
  );
  return `${body}\n\n${count(s.rows, 'row')} as of ${out.as_of_date}: ${s.matches} match, ${s.differs} differ, ${s.not_found} not found, ${s.invalid} invalid.`;
};

const HEADER = ['line', 'ref', 'office', 'number', 'result', 'trademark_id', 'mark_text', ...FIELDS.flatMap((f) => [`${f}_theirs`, `${f}_ours`]), 'our_next_deadline', 'detail'];

/** Theirs and ours are filled only for a field that differs; a matching field stays empty. */
export const reconciliationCsv = (out: Report): string =>
  [HEADER, ...out.rows.map((r) => {
    const diff = new Map(r.differences.map((d) => [d.field, d]));
    return [
      r.line, r.ref, r.office, r.number, r.result, r.trademark_id, r.mark_text,
      ...FIELDS.flatMap((f) => [diff.get(f)?.theirs ?? null, diff.get(f)?.ours ?? null]),
      r.our_next_deadline?.due_date ?? null, r.detail,
    ];
  })]
    .map(csvLine)
    .join('');
