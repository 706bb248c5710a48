// `tm status-codes` on a terminal: office, code and mapped status, then the office's label in
// full as the last column (a label cut with `…` could not be looked up), then the next-page line.
import type { z } from 'zod';
import type { listStatusCodes } from '../../ops/list-status-codes.js';
import { humanize } from '../../deadlines/labels.js';
import { nextPageLine, table } from './table.js';

type Codes = z.infer<(typeof listStatusCodes)['output']>;

export const renderStatusCodes = (out: Codes): string => {
  if (out.data.length === 0) return 'No status codes match.';
  const rows = out.data.map((r) => [r.office_code, r.code, humanize(r.status.primary), humanize(r.status.stage), r.raw.label ?? '—']);
  // Wide: no column is cut; only the label, last, runs past the terminal's edge and wraps.
  return table(['Office', 'Code', 'Status', 'Stage', 'Label'], rows, { wide: true }) + nextPageLine(out);
};
