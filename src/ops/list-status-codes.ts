// list_status_codes: each office's status codes with the verbatim label and the normalised status
// tm maps them to (spec §4.5), so a client can decode `status.raw.code`.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { OfficeRawValue, StatusPrimary } from '../core/schemas/status.js';
import { defineOp } from './define-op.js';
import { decodeCursor, encodeCursor } from './reference/cursor.js';
import { referenceList, resolveOfficeFilter, statusCodeTables } from './reference/data.js';

export const StatusCode = z.object({
  object: z.literal('status_code'),
  office_code: z.string(),
  code: z.string(),
  raw: OfficeRawValue.describe('The office\'s code and verbatim label; label null when none is held'),
  status: z.object({
    primary: StatusPrimary,
    stage: z.string(),
    challenges: z.array(z.string()).describe('Pending challenges this status itself implies'),
  }),
  office_live_dead: z.string().nullable().describe('The office\'s own live/dead indicator, verbatim, where it publishes one'),
});
export type StatusCode = z.infer<typeof StatusCode>;

export const listStatusCodes = defineOp({
  name: 'list_status_codes',
  summary: 'Decode office status codes to their label and normalised status',
  description:
    'Each office\'s status codes with the verbatim label (`raw.label`) and the normalised `status.primary` and `status.stage`. Use it to explain a trademark\'s `status.raw.code`.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/status-codes' },
  cli: { command: 'status-codes' },
  input: z.strictObject({
    office_code: z.string().optional().describe('Two-letter office code, e.g. US or EM'),
    primary: StatusPrimary.exclude(['mixed']).optional().describe('Only codes mapped to this primary status'),
    limit: z.number().int().min(1).max(500).default(100).describe('Page size 1-500 (default 100)'),
    cursor: z.string().optional().describe('Opaque cursor from the previous page'),
  }),
  output: listEnvelope(StatusCode),
  run: async (ctx, input) => {
    const office = resolveOfficeFilter(input.office_code);
    const rows: StatusCode[] = [];
    for (const [officeCode, table] of statusCodeTables()) {
      if (office && officeCode !== office) continue;
      for (const entry of table.codes) {
        if (input.primary && entry.primary !== input.primary) continue;
        rows.push({
          object: 'status_code',
          office_code: officeCode,
          code: entry.code,
          raw: { code: entry.code, label: entry.label.length > 0 ? entry.label : null },
          status: { primary: entry.primary, stage: entry.stage, challenges: entry.challenge ? [entry.challenge] : [] },
          office_live_dead: entry.live_dead ?? null,
        });
      }
    }
    const query = { office: office ?? null, primary: input.primary ?? null };
    const offset = decodeCursor(input.cursor, query);
    const end = offset + input.limit;
    return referenceList(ctx, rows.slice(offset, end), end < rows.length ? encodeCursor(query, end) : null);
  },
});
