// reconcile_docket: a client docket compared with the store (`POST /v1/reconcile`,
// `tm reconcile docket.csv`). Each row comes back matches, differs (field, theirs, ours) or
// not_found; a row without a usable office, number or date comes back invalid with the reason.
import { z } from 'zod';
import { today } from '../../core/clock.js';
import { isIsoDate } from '../../core/dates.js';
import { canonicalOfficeCode } from '../../core/reference-data.js';
import { IsoDate } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { getCatalog } from '../../deadlines/catalog.js';
import { computeDerived } from '../../deadlines/derive.js';
import { compareRow, nextDeadline } from '../../parties/reconcile.js';
import { defineOp } from '../define-op.js';
import { DocketRow, MAX_DOCKET_ROWS, readDocket } from './docket-input.js';
import { offices, st3Codes } from '../reference/data.js';

const Result = z.enum(['matches', 'differs', 'not_found', 'invalid']);

export const ReconciledRow = z.object({
  line: z.number().int().describe('1-based position of the row in the docket (a CSV header is not counted)'),
  ref: z.string().nullable(),
  office: z.string().nullable(),
  number: z.string().nullable(),
  result: Result,
  trademark_id: z.string().nullable(),
  mark_text: z.string().nullable(),
  differences: z.array(z.object({ field: z.enum(['status', 'next_deadline', 'owner']), theirs: z.string(), ours: z.string().nullable() })),
  our_next_deadline: z.object({ due_date: IsoDate.nullable(), type: z.string(), rule_id: z.string() }).nullable(),
  detail: z.string().nullable().describe('Why an invalid row could not be compared'),
});
export type ReconciledRow = z.infer<typeof ReconciledRow>;

export const Reconciliation = z.object({
  object: z.literal('reconciliation'),
  as_of_date: IsoDate,
  summary: z.object({ rows: z.number().int(), matches: z.number().int(), differs: z.number().int(), not_found: z.number().int(), invalid: z.number().int() }),
  rows: z.array(ReconciledRow),
});

const knownOffice = (value: string): string | null => {
  const code = canonicalOfficeCode(value);
  return code && (st3Codes().has(code) || offices().some((o) => o.code === code)) ? code : null;
};

const blank = (line: number, row: DocketRow): ReconciledRow => ({
  line,
  ref: row.ref,
  office: row.office,
  number: row.number,
  result: 'invalid',
  trademark_id: null,
  mark_text: null,
  differences: [],
  our_next_deadline: null,
  detail: null,
});

/** Why a row cannot be compared, or null when it can. */
const problem = (row: DocketRow): string | null => {
  if (row.office === null || row.number === null) return 'office and number are required';
  if (knownOffice(row.office) === null) return `'${row.office}' is not a known office code`;
  if (row.next_deadline !== null && !isIsoDate(row.next_deadline)) return `next_deadline '${row.next_deadline}' is not a date as YYYY-MM-DD`;
  return null;
};

export const reconcileDocket = defineOp({
  name: 'reconcile_docket',
  summary: 'Compare a client docket with the stored marks',
  description:
    'Compares a client docket (rows of office, number, and optionally status, next deadline and owner) with the stored marks. Each row comes back `matches`, `differs` (with the differing fields), `not_found` or `invalid`. Blank fields are not compared.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'POST', path: '/v1/reconcile' },
  cli: { command: 'reconcile <docket>', file: { arg: 'docket', read: readDocket } },
  input: z.strictObject({
    rows: z.array(DocketRow).min(1).max(MAX_DOCKET_ROWS).describe(`Docket rows, at most ${MAX_DOCKET_ROWS}`),
    as_of_date: IsoDate.optional().describe('Compute our next deadline as of this date (default: today)'),
  }),
  output: Reconciliation,
  run: async (ctx, input) => {
    const asOf = input.as_of_date ?? today(ctx.clock);
    const catalog = getCatalog();
    const out: ReconciledRow[] = [];
    const pending: { i: number; id: string; row: DocketRow }[] = [];
    for (const [i, row] of input.rows.entries()) {
      const base = blank(i + 1, row);
      const why = problem(row);
      if (why !== null) {
        out.push({ ...base, detail: why });
        continue;
      }
      const office = knownOffice(row.office!)!;
      const id = await ctx.store.trademarks.findId(office, row.number!);
      out.push({ ...base, office, result: 'not_found' });
      if (id) pending.push({ i, id, row });
    }
    for (let start = 0; start < pending.length; start += 500) {
      const chunk = pending.slice(start, start + 500);
      const records = await ctx.store.trademarks.get(chunk.map((p) => p.id));
      for (const { i, id, row } of chunk) {
        const record: TrademarkRecord | undefined = records.get(id);
        if (!record) continue;
        const next = nextDeadline(computeDerived(record, asOf, { catalog }).deadlines.items, asOf);
        const differences = compareRow(row, record, next, asOf);
        out[i] = {
          ...out[i]!,
          result: differences.length ? 'differs' : 'matches',
          trademark_id: record.id,
          mark_text: record.mark_text,
          differences,
          our_next_deadline: next ? { due_date: next.due_date, type: next.type, rule_id: next.rule_id } : null,
        };
      }
    }
    const count = (r: z.infer<typeof Result>) => out.filter((x) => x.result === r).length;
    return {
      object: 'reconciliation' as const,
      as_of_date: asOf,
      summary: { rows: out.length, matches: count('matches'), differs: count('differs'), not_found: count('not_found'), invalid: count('invalid') },
      rows: out,
    };
  },
});
