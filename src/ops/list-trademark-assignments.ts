// list_trademark_assignments: ownership transfers recorded against a trademark
// (`GET /v1/trademarks/{id}/assignments`). No ingested office format carries assignment records
// yet, so the list is honestly empty for every mark (docs/http.md); the shape is the contract.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { IsoDate } from '../core/schemas/parts.js';
import { defineOp } from './define-op.js';
import { resolveTrademark } from './resolve-id.js';

export const Assignment = z.object({
  id: z.string(),
  object: z.literal('assignment'),
  trademark_id: z.string(),
  conveyance: z.string().nullable().describe("The office's conveyance text, e.g. ASSIGNS THE ENTIRE INTEREST"),
  execution_date: IsoDate.nullable(),
  recorded_date: IsoDate.nullable(),
  assignors: z.array(z.string()),
  assignees: z.array(z.string()),
  reel_frame: z.string().nullable(),
});

export const listTrademarkAssignments = defineOp({
  name: 'list_trademark_assignments',
  summary: 'Ownership transfers recorded for a trademark',
  description:
    'Lists assignments recorded against a trademark. tm does not yet ingest any office assignment data, so today this list is always empty; an empty list means "none on file here", not "never assigned". Check the office register before relying on it.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/assignments' },
  cli: { command: 'assignments <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A tm_ id, or OFFICE:number') }),
  output: listEnvelope(Assignment),
  run: async (ctx, input) => {
    await resolveTrademark(ctx, input.id);
    return { object: 'list' as const, data: [], has_more: false, pagination: { cursor: null }, livemode: ctx.org?.livemode ?? true, request_id: ctx.requestId };
  },
});
