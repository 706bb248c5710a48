// list_trademark_assignments: the assignments recorded against one trademark
// (`GET /v1/trademarks/{id}/assignments`), oldest first, with its chain of title.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { chainOfTitle } from '../parties/chain.js';
import { defineOp } from './define-op.js';
import { Assignment, ChainLink, toAssignment } from './records/assignment-shape.js';
import { resolveTrademark } from './resolve-id.js';

export const listTrademarkAssignments = defineOp({
  name: 'list_trademark_assignments',
  summary: 'Ownership transfers recorded for a trademark, with its chain of title',
  description:
    'Assignments recorded against one trademark, oldest first, with `chain_of_title` (the title-moving documents, owner to owner). An empty list means none was ingested.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/assignments' },
  cli: { command: 'assignments <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A tm_ id, or OFFICE:number') }),
  output: listEnvelope(Assignment).extend({ chain_of_title: z.array(ChainLink) }),
  run: async (ctx, input) => {
    const mark = await resolveTrademark(ctx, input.id);
    const records = await ctx.store.assignments.forTrademark(mark.id);
    return {
      object: 'list' as const,
      data: records.map((a) => toAssignment(a, mark.id)),
      has_more: false,
      pagination: { cursor: null },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
      chain_of_title: chainOfTitle(records),
    };
  },
});
