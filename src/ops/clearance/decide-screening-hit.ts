// decide_screening_hit: the reviewer's decision on one hit of a screening (conflict, watch or
// dismiss, with a note), stored on the screening and shown wherever it is read or reported.
import { z } from 'zod';
import { DecisionValue, Screening } from '../../clearance/screening.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { loadScreening } from './screening-store.js';

export const decideScreeningHit = defineOp({
  name: 'decide_screening_hit',
  summary: 'Record a decision on a screening hit',
  description: 'Marks one earlier mark of a screening as `conflict`, `watch` or `dismiss`, with an optional note. A later decision on the same hit replaces the earlier one.',
  scope: 'trademarks:read',
  meter: 'write',
  readOnly: false,
  mcpTool: true,
  // A later decision on the same hit replaces the earlier one: sending it again changes nothing.
  mcp: { destructive: true, idempotent: true },
  http: { method: 'POST', path: '/v1/screenings/{id}/decisions' },
  cli: { command: 'screenings decide <id>' },
  input: z.strictObject({
    id: z.string().min(1).describe('A scr_ id'),
    trademark_id: z.string().min(1).describe('The tm_ id of the hit'),
    decision: DecisionValue,
    note: z.string().trim().max(2000).optional(),
  }),
  output: Screening,
  run: async (ctx, input) => {
    const screening = await loadScreening(ctx, input.id);
    if (!screening.hits.some((h) => h.id === input.trademark_id))
      throw new TmError('validation_error', `trademark_id: ${input.trademark_id} is not a hit of ${input.id}.`, { param: 'trademark_id' });
    await ctx.store.screenings.decide(input.id, { trademark_id: input.trademark_id, decision: input.decision, note: input.note ?? null, decided_at: ctx.clock.now().toISOString() });
    return loadScreening(ctx, input.id);
  },
});
