// list_trademark_proceedings: the TTAB proceedings naming one trademark
// (`GET /v1/trademarks/{id}/proceedings`), oldest filing first, each with the mark's role in it.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { defineOp } from './define-op.js';
import { Proceeding, toProceeding } from './records/proceeding-shape.js';
import { resolveTrademark } from './resolve-id.js';

export const listTrademarkProceedings = defineOp({
  name: 'list_trademark_proceedings',
  summary: 'TTAB proceedings naming a trademark',
  description:
    'TTAB proceedings naming one trademark, oldest first, with `mark_role`: `defendant` (opposed or cancelled) or `plaintiff` (pleaded against another). An empty list means none was ingested.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/proceedings' },
  cli: { command: 'proceedings <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A tm_ id, or OFFICE:number') }),
  output: listEnvelope(Proceeding.extend({ mark_role: z.enum(['plaintiff', 'defendant', 'other']).describe("The role of the party this mark belongs to") })),
  run: async (ctx, input) => {
    const mark = await resolveTrademark(ctx, input.id);
    const records = await ctx.store.proceedings.forTrademark(mark.id);
    return {
      object: 'list' as const,
      data: records.map((p) => ({
        ...toProceeding(p),
        mark_role: p.parties.find((x) => x.properties.some((m) => m.trademark_id === mark.id))?.role ?? ('other' as const),
      })),
      has_more: false,
      pagination: { cursor: null },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
    };
  },
});
