// A client docket as input to reconciliation: the row schema the HTTP body and MCP tool take, and
// the reader the CLI uses for `tm reconcile docket.csv|docket.json` (CSV with a header row, or a
// JSON array of objects), with the column names dockets commonly use.
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { parseCsv } from '../../monitor/csv.js';

/** The most rows one reconciliation takes; a bigger docket is split by the caller. */
export const MAX_DOCKET_ROWS = 10_000;

const cell = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));

export const DocketRow = z.strictObject({
  office: cell.describe('Office code, e.g. US, EM, WO (a row without one comes back invalid)'),
  number: cell.describe('Application or registration number (a row without one comes back invalid)'),
  status: cell.describe('Their status (e.g. Registered, Pending, Abandoned); blank: not compared'),
  next_deadline: cell.describe('Their next deadline, YYYY-MM-DD; blank: not compared'),
  owner: cell.describe('Their owner name; blank: not compared'),
  ref: cell.describe('Their own docket reference, echoed back'),
});
export type DocketRow = z.output<typeof DocketRow>;

/** Header spellings accepted for each field (folded: lower case, spaces and dashes as underscores). */
const COLUMNS: Record<keyof DocketRow, readonly string[]> = {
  office: ['office', 'office_code', 'jurisdiction', 'country'],
  number: ['number', 'application_number', 'serial_number', 'serial', 'registration_number', 'app_no', 'application_no'],
  status: ['status', 'their_status'],
  next_deadline: ['next_deadline', 'deadline', 'due_date', 'next_due', 'next_due_date', 'their_next_deadline'],
  owner: ['owner', 'owner_name', 'applicant', 'holder', 'proprietor'],
  ref: ['ref', 'reference', 'docket_ref', 'docket_number', 'matter', 'external_ref'],
};

const foldHeader = (h: string): string => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

const fieldOf = (header: string): keyof DocketRow | null => {
  const h = foldHeader(header);
  return (Object.keys(COLUMNS) as (keyof DocketRow)[]).find((k) => COLUMNS[k].includes(h)) ?? null;
};

/** One raw object with its keys renamed to the row fields; unknown columns are dropped. */
const renamed = (raw: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const field = fieldOf(k);
    if (field && out[field] === undefined) out[field] = v;
  }
  return out;
};

const fromCsv = (text: string, name: string): Record<string, unknown>[] => {
  const [header, ...lines] = parseCsv(text, name).filter((r) => r.some((c) => c.trim() !== ''));
  if (!header) throw new TmError('input_error', `${name}: the docket is empty.`, { param: 'docket' });
  const fields = header.map(fieldOf);
  for (const need of ['office', 'number'] as const) {
    if (!fields.includes(need)) {
      throw new TmError('input_error', `${name}: the header has no ${need} column (found: ${header.join(', ')}).`, {
        param: 'docket',
        suggestion: `Name the columns office, number, status, next_deadline, owner (also accepted: ${COLUMNS[need].join(', ')}).`,
      });
    }
  }
  return lines.map((cells) => {
    const out: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      if (f && out[f] === undefined) out[f] = cells[i] ?? '';
    });
    return out;
  });
};

const fromJson = (text: string, name: string): Record<string, unknown>[] => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new TmError('input_error', `${name}: not valid JSON (${(err as Error).message}).`, { param: 'docket' });
  }
  const list = Array.isArray(value) ? value : (value as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(list) || list.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) {
    throw new TmError('input_error', `${name}: expected a JSON array of row objects (or {"rows": [...]}).`, { param: 'docket' });
  }
  return (list as Record<string, unknown>[]).map(renamed);
};

/** The CLI reader: a docket file's text as the operation's `rows`, CSV unless it starts as JSON. */
export const readDocket = (text: string, name: string): { rows: Record<string, unknown>[] } => {
  const body = text.replace(/^\uFEFF/, '');
  const rows = /^\s*[[{]/.test(body) ? fromJson(body, name) : fromCsv(body, name);
  if (rows.length === 0) throw new TmError('input_error', `${name}: the docket has no rows.`, { param: 'docket' });
  return { rows };
};
